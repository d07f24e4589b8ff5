// The surface's part of the frame: the expand stage (frame::Frame::expand: a volume's
// surface at the band, or a mesh's occupancy's, by the mc method, no count read back), its draw in the 3D
// view (surface_view.h); its export is a row of the export table (runs/surface_export.h).
#include "passes.h"

#include "app.h"
#include "exports.h"
#include "log.h"
#include "screenshot.h"
#include "surface_mesh.h"

#include <filesystem>
#include <system_error>

namespace dicer::app {
namespace {

// Each problem once (the log and the panel), not every frame.
void surfaceStatus(App& app, const Result<void>& r) {
    const std::string message = r ? std::string() : r.error();
    if (message == app.ui.surfaceError) return;
    app.ui.surfaceError = message;
    if (!message.empty()) log::error("%s", message.c_str());
}

} // namespace

bool expandsSurface(const App& app) {
    return app.gpu && (app.settings.view.shown.run(frame::Stage::Expand) || exportsRun(app, frame::Stage::Expand));
}

void expandSurface(App& app) {
    surfaceStatus(app, app.gpu->frame->expand());
}

void updateSurfacePieces(App& app) {
    if (!app.gpu->shatter || !app.settings.view.shown.has(kSurfaceView)) return;
    const frame::Frame& f = *app.gpu->frame;
    const surface::McMethod* method = f.surface().drawable();
    if (!method) return;
    const particles::ShatterSource source{method->vertexBuffer(),
                                          method->headerBuffer(),
                                          surface::McMethod::totalOffset(),
                                          method->capacity(),
                                          f.volumeToWorld() * f.surfaceToVolume(),
                                          f.shape(),
                                          glm::uvec3(glm::max(method->cells(), glm::ivec3(1))),
                                          method->spacing(),
                                          f.surface().version()};
    surfaceStatus(app, app.gpu->shatter->update(source, app.settings.particles, app.dt));
}

void drawSurface(App& app, const glm::mat4& viewProj, const glm::vec3& lightDir) {
    const frame::Frame& f = *app.gpu->frame;
    const surface::McMethod* method = f.surface().drawable();
    if (!method) return;
    SurfaceDraw draw{viewProj, f.volumeToWorld() * f.surfaceToVolume(), lightDir};
    // A volume: the colour map at the band's ends; a mesh's occupancy (no values): one colour from the map.
    const bool isVolume = frame::inputInfo(app.settings.frame.input).hasValues() && app.model.valueRange;
    const volume::Band band = isVolume ? app.settings.frame.band : volume::Band{0.75, 0.75};
    const volume::ValueRange range = isVolume ? *app.model.valueRange : volume::ValueRange{0, 1};
    std::tie(draw.colorLo, draw.colorHi) = surfaceColors(band.lo, band.hi, range.min, range.max);
    if (app.gpu->shatter) draw.shatter = &*app.gpu->shatter;
    app.gpu->surfaceView->draw(*method, draw);
}

} // namespace dicer::app
