// The surface's part of the frame (issue 19, items 4 and 6): the expand stage (frame::Frame::expand: the
// volume's surface at the band by the surface method, no count read back), its draw in the 3D view
// (surface_view.h) and its PLY export (after the last scripted frame, or on the Volume panel's button).
#include "passes.h"

#include "app.h"
#include "log.h"

namespace dicer::app {
namespace {

// --export-surface after the last frame of a --frames run, or the panel's button.
bool surfaceExportDue(const App& app) {
    const bool scripted =
        !app.run.exportSurface.empty() && app.run.frames > 0 && app.frame == app.run.frames - 1;
    return scripted || app.exportSurfaceRequested;
}

// Each problem once (the log and the panel), not every frame; a mesh's "volumes only" is a note, not an error.
void surfaceStatus(App& app, const Result<void>& r) {
    const std::string message = r ? std::string() : r.error();
    if (message == app.ui.surfaceError) return;
    app.ui.surfaceError = message;
    if (message == frame::Frame::kSurfaceVolumesOnly)
        log::info("%s", message.c_str());
    else if (!message.empty())
        log::error("%s", message.c_str());
}

} // namespace

bool expandsSurface(const App& app) {
    return app.gpu && (app.settings.view.surface || surfaceExportDue(app));
}

void expandSurface(App& app) {
    surfaceStatus(app, app.gpu->frame->expand());
}

void drawSurface(App& app, const glm::mat4& viewProj, const glm::vec3& lightDir) {
    const frame::Frame& f = *app.gpu->frame;
    const surface::McMethod* method = f.surface().drawable();
    if (!method) return;
    SurfaceDraw draw{viewProj, f.volumeToWorld() * f.surfaceToVolume(), lightDir};
    if (app.model.valueRange) {
        const volume::Band band = app.settings.frame.band;
        std::tie(draw.colorLo, draw.colorHi) =
            surfaceColors(band.lo, band.hi, app.model.valueRange->min, app.model.valueRange->max);
    }
    app.gpu->surfaceView->draw(*method, draw);
}

} // namespace dicer::app
