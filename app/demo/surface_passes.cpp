// The surface's part of the frame: the expand stage (frame::Frame::expand: a volume's
// surface at the band, or a mesh's occupancy's, by the mc method, no count read back), its draw in the 3D
// view (surface_view.h) and its PLY export (after the last scripted frame, or on the Volume panel's button).
#include "passes.h"

#include "app.h"
#include "log.h"
#include "screenshot.h"
#include "surface_mesh.h"

#include <filesystem>
#include <system_error>

namespace dicer::app {
namespace {

// --export-surface after the last frame of a --frames run, or the panel's button.
bool surfaceExportDue(const App& app) {
    const bool scripted =
        !app.run.exportSurface.empty() && app.run.frames > 0 && app.frame == app.run.frames - 1;
    return scripted || app.exportSurfaceRequested;
}

// Each problem once (the log and the panel), not every frame.
void surfaceStatus(App& app, const Result<void>& r) {
    const std::string message = r ? std::string() : r.error();
    if (message == app.ui.surfaceError) return;
    app.ui.surfaceError = message;
    if (!message.empty()) log::error("%s", message.c_str());
}

// This frame's surface, welded by grid edge, as a binary PLY (surface_mesh.h): the vertices read back once
// (a stall, on request only). Returns the line for the panel and the log.
Result<std::string> exportSurface(App& app, const std::filesystem::path& file) {
    if (!app.gpu) return makeError("surface export: the pipeline is not built");
    frame::SurfaceStage& stage = app.gpu->frame->surface();
    if (!stage.drawable())
        return makeError("surface export: no surface" +
                         (app.ui.surfaceError.empty() ? std::string() : " (" + app.ui.surfaceError + ")"));
    const glm::ivec3 size = stage.drawable()->volumeSize();
    Result<std::vector<surface::McGpuVertex>> vertices = stage.readVertices();
    if (!vertices) return makeError("surface export: " + vertices.error());
    Result<surface::SurfaceMesh> mesh = surface::weldSurface(*vertices, size);
    if (!mesh) return makeError("surface export: " + mesh.error());
    // Into the points' export frame, so both files line up: a volume's surface moves by half a voxel (its
    // samples are at i * spacing, the points' voxel centres at (i + 0.5) * spacing); a mesh's occupancy surface
    // goes from its texels into model space.
    const glm::mat4 toExport = glm::inverse(exportFrameToVolume(app)) * app.gpu->frame->surfaceToVolume();
    const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(toExport)));
    for (glm::vec3& p : mesh->positions)
        p = glm::vec3(toExport * glm::vec4(p, 1.f));
    for (glm::vec3& n : mesh->normals)
        n = glm::normalize(normalMatrix * n);
    if (Result<void> r = surface::writeSurfacePly(file, *mesh); !r)
        return makeError("surface export: " + r.error());
    return "saved the surface, " + std::to_string(mesh->triangles.size()) + " triangles and " +
           std::to_string(mesh->positions.size()) + " vertices (welded by grid edge, " +
           (app.settings.frame.input == frame::Input::Volume ? "physical units" : "model space") + "), to " +
           file.string() + " (binary PLY)";
}

} // namespace

void exportSurfaceIfDue(App& app) {
    const bool scripted =
        !app.run.exportSurface.empty() && app.run.frames > 0 && app.frame == app.run.frames - 1;
    if (!scripted && !app.exportSurfaceRequested) return;
    app.exportSurfaceRequested = false;
    std::error_code ec;
    if (!scripted) std::filesystem::create_directories(app.settings.screenshotDir, ec);
    Result<std::string> r =
        ec ? Result<std::string>(makeError("surface export: cannot create folder " +
                                           app.settings.screenshotDir + ": " + ec.message()))
           : exportSurface(app, scripted ? std::filesystem::path(app.run.exportSurface)
                                         : nextScreenshotPath(app.settings.screenshotDir, "_surface.ply"));
    app.ui.surfaceExportFailed = !r;
    app.ui.surfaceExportMessage = r ? *r : r.error();
    if (r)
        log::info("%s", app.ui.surfaceExportMessage.c_str());
    else
        log::error("%s", app.ui.surfaceExportMessage.c_str());
    if (!r && scripted) app.scriptFailed = true;
}

bool expandsSurface(const App& app) {
    return app.gpu && (app.settings.view.shown.run(frame::Stage::Expand) || surfaceExportDue(app));
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
                                          f.shape()};
    surfaceStatus(app, app.gpu->shatter->update(source, app.settings.particles, app.dt));
}

void drawSurface(App& app, const glm::mat4& viewProj, const glm::vec3& lightDir) {
    const frame::Frame& f = *app.gpu->frame;
    const surface::McMethod* method = f.surface().drawable();
    if (!method) return;
    SurfaceDraw draw{viewProj, f.volumeToWorld() * f.surfaceToVolume(), lightDir};
    // A volume: the colour map at the band's ends; a mesh's occupancy (no values): one colour from the map.
    const bool isVolume = app.settings.frame.input == frame::Input::Volume && app.model.valueRange;
    const volume::Band band = isVolume ? app.settings.frame.band : volume::Band{0.75, 0.75};
    const volume::ValueRange range = isVolume ? *app.model.valueRange : volume::ValueRange{0, 1};
    std::tie(draw.colorLo, draw.colorHi) = surfaceColors(band.lo, band.hi, range.min, range.max);
    if (app.gpu->shatter) draw.shatter = &*app.gpu->shatter;
    app.gpu->surfaceView->draw(*method, draw);
}

} // namespace dicer::app
