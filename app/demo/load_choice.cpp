// Loading a model or a volume between frames (the Model and Volume panels, dropped files, the soak): the new
// one replaces the old only when it loaded and uploaded; on error the previous one stays and the panel says why.
#include "passes.h"

#include "anatomy.h"
#include "app.h"
#include "builtin_volumes.h"
#include "log.h"

#include <chrono>

namespace dicer::app {

void loadChoice(App& app, const ModelChoice& choice) {
    const auto remembered = app.volumeTurns.find(choice.path);
    auto loaded = loadModel(choice, remembered == app.volumeTurns.end() ? std::nullopt
                                                                        : std::optional<VolumeTurn>(remembered->second));
    // The voxelizer checks the mesh against the driver's limits, the frame the volume's size; on error each
    // keeps the previous one.
    const auto start = std::chrono::steady_clock::now();
    Result<volume::Band> band = volume::Band{};
    Result<void> uploaded;
    const bool again = choice == app.settings.model && app.model.volume; // turned: the band stays
    if (loaded && loaded->volume) {
        band = again ? Result<volume::Band>(app.settings.frame.band) : resolveBand({}, *loaded);
        if (band && app.gpu) uploaded = app.gpu->frame->setVolume(*loaded->volume);
    } else if (loaded && app.gpu) {
        uploaded = app.gpu->frame->setMesh(loaded->mesh);
    }
    if (loaded)
        loaded->uploadMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!loaded || !band || !uploaded) {
        app.ui.modelError = !loaded ? loaded.error() : !band ? band.error() : uploaded.error();
        log::error("%s (keeping %s)", app.ui.modelError.c_str(), app.model.choice.label().c_str());
        return;
    }
    app.model = std::move(loaded.value());
    app.settings.model = choice;
    frame::FrameSettings& f = app.settings.frame;
    f.input = app.model.volume ? frame::kVolumeInput : frame::kMeshInput;
    if (app.model.volume) {
        f.band = *band;
        f.testAtlas = false; // the volume is the input
    }
    if (!app.colorChosen) // a volume in its own colours, a mesh in the paper's
        app.settings.view.color =
            app.model.volume ? particles::ParticleColor::ModelColor : particles::ParticleColor::FalseColor;
    app.ui.modelError.clear();
    app.ui.modelWarnings = app.model.warnings;
    if (choice.kind == ModelKind::File ||
        (choice.kind == ModelKind::Volume && !volume::isBuiltinVolume(choice.path)))
        rememberRecent(app.ui.recent, choice.path);
    if (app.model.volume) {
        const volume::ScalarVolume& v = *app.model.volume;
        log::info(
            "volume %s: %dx%dx%d %s, spacing %g x %g x %g, band %s, loaded in %.0f ms, uploaded in %.0f ms",
            choice.label().c_str(), v.size.x, v.size.y, v.size.z, volume::scalarTypeName(v.type),
            double(v.spacing.x), double(v.spacing.y), double(v.spacing.z), volume::bandText(f.band).c_str(),
            app.model.loadMs, app.model.uploadMs);
        if (!app.model.turn.from.empty())
            log::info("%s: turned upright by %s: %s (U, Shift+U turn it)", choice.label().c_str(),
                      app.model.turn.from.c_str(), volume::anatomyText(app.model.turn.anatomy).c_str());
        for (const std::string& note : v.notes)
            log::info("%s: %s", choice.label().c_str(), note.c_str());
        for (const std::string& warning : v.warnings)
            log::warn("%s", warning.c_str());
        return;
    }
    log::info("model %s: %zu triangles, loaded in %.0f ms, uploaded in %.0f ms", choice.label().c_str(),
              app.model.mesh.triangleCount(), app.model.loadMs, app.model.uploadMs);
}

} // namespace dicer::app
