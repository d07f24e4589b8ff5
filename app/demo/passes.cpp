#include "passes.h"

#include "anatomy.h"
#include "app.h"
#include "band.h"
#include "builtin_volumes.h"
#include "cli_volume.h"
#include "log.h"
#include "method_table.h"
#include "placement.h"
#include "point_snapshot.h"
#include "exports.h"
#include "screenshot.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

namespace dicer::app {
namespace {

// Scripted runs simulate a fixed 1/30 s per frame, so their screenshots do not depend on how fast the
// machine renders.
constexpr float kScriptedStep = 1.f / 30.f;

void reloadShaders(App& app) {
    if (!app.gpu) { // start-up failed: build everything again
        Result<void> r = buildGpuState(app);
        app.gpuError = r ? std::string() : r.error();
        app.ui.shaderLog = app.gpuError;
        app.ui.reload = r ? ReloadStatus::Ok : ReloadStatus::Failed;
        return;
    }
    ++app.shaderReloads;
    gl::ShaderLibrary::ReloadReport report = app.gpu->shaders.reloadAll();
    app.ui.reload = report.failed ? ReloadStatus::Failed : ReloadStatus::Ok;
    app.ui.shaderLog = report.log;
    if (report.failed)
        log::error("shader reload: %d of %d programs failed, keeping their last good version:\n%s",
                   report.failed, report.failed + report.reloaded, report.log.c_str());
    else
        log::info("shader reload: %d programs rebuilt", report.reloaded);
}

} // namespace

void stageError(App& app, const Result<void>& r) {
    if (r || r.error() == app.ui.pipelineError) return; // report each problem once, not every frame
    app.ui.pipelineError = r.error();
    log::error("%s", r.error().c_str());
}

void statusOnce(std::string& last, const Result<void>& r) {
    const std::string message = r ? std::string() : r.error();
    if (message == last) return;
    last = message;
    if (!message.empty()) log::error("%s", message.c_str());
}

void beginFrame(App& app) {
    double now = gl::steadyNowMs();
    double ms = app.frameStartMs > 0 ? now - app.frameStartMs : 0.0;
    if (app.frameStartMs > 0 && !app.timers.warmingUp()) app.frameMs.add(ms); // one warm-up for all timings
    if (app.frameStartMs > 0 && app.benchmark)
        app.benchmark->frameTime(app.frame - 1, ms); // the last frame's
    app.dt = app.run.frames > 0 ? kScriptedStep : float(ms / 1000.0);
    app.frameStartMs = now;
}

void applyChanges(App& app) {
    soakStep(app); // --soak: this frame's settings and actions, as the panels would set them
    Actions a = std::exchange(app.actions, {});
    for (std::string& path : app.surface.takeDroppedPaths()) // several files: the last one wins
        a.load = modelChoice(path);
    if (app.frame == app.run.explodeAt) a.explode = true;
    if (app.frame == app.run.reloadShadersAt) a.reloadShaders = true;
    if (a.resetCamera) app.camera.reset(); // and framed again below
    if (a.reloadShaders) reloadShaders(app);
    if (a.load) loadChoice(app, *a.load);
    if (a.turnVolume != Actions::Turn::None && app.model.volume) { // loaded again from its file, turned
        const volume::Anatomy& now = app.model.turn.anatomy;
        app.volumeTurns[app.settings.model.path] = {
            a.turnVolume == Actions::Turn::Forward ? volume::turnedForward(now) : volume::turnedSideways(now),
            "the U key"};
        loadChoice(app, app.settings.model);
    }
    app.screenshotRequested |= a.screenshot;
    app.exportsRequested.bits |= a.exports.bits;
    app.verifyRequested |= a.verify;

    if (app.gpu) {
        particles::ParticleSystem& particles = *app.gpu->particles;
        if (a.toggleExplosion) particles.toggle();
        if (a.explode) particles.explode();
        if (a.reassemble) particles.reassemble();
        if (particles::SurfaceShatter* shatter = app.gpu->shatter ? &*app.gpu->shatter : nullptr) {
            // The surface's pieces follow the same key: one explosion for whatever is shown.
            if (a.toggleExplosion) shatter->toggle();
            if (a.explode) shatter->explode();
            if (a.reassemble) shatter->reassemble();
        }

        frame::Frame& frame = *app.gpu->frame;
        // The panel's preset, mode or a loaded mesh: their default output unless one was chosen (settings.h).
        if (Result<void> r =
                followDefaultOutput(app.settings.frame, app.last.frame, app.outputChosen, app.surface.info());
            !r) {
            app.ui.pipelineError.clear(); // this very message again, if the user tries again
            stageError(app, r);
        }
        SettingsChanges changes = compareSettings(app.settings, app.last);
        if (changes.model &&
            !app.model.volume) // the voxelizer has it already (load); the view shares its textures
            stageError(app, app.gpu->meshView->upload(app.model.mesh, frame.source().mesh().meshTextures()));
        if (changes.frame.layout || changes.frame.method || changes.frame.voxelize)
            app.ui.pipelineError.clear();
        if (changes.frame.any()) {
            if (Result<void> r = frame.apply(app.settings.frame); !r) {
                // e.g. a preset beyond GL_MAX_TEXTURE_SIZE (the atlas at 1024^3): the frame keeps the last
                // preset and output with the method that reads them; the other changes still apply.
                stageError(app, r);
                frame::FrameSettings& s = app.settings.frame;
                const frame::FrameSettings& good = frame.settings();
                s.preset = good.preset;
                s.voxelMode = good.voxelMode; // solid mode with the sparse output (checkMode)
                s.testAtlas = good.testAtlas;
                s.voxels = good.voxels;
                s.method = good.method;
                s.input = good.input;
                s.mcMethod = good.mcMethod;
                (void)frame.apply(s);
            }
        } else if (changes.model) {
            frame.resync();
        }
        // The list may differ (or the check was just turned on): verify it again once it settles.
        if (changes.model || changes.frame.list() || (app.settings.verifyAuto && !app.last.verifyAuto))
            app.gpu->autoVerify.changed(gl::steadyNowMs());
    }
    keepSubjectFramed(app, a.resetCamera || a.frameSubject);
    // Statistics describe one configuration: any change restarts them, and the warm-up (timer.h) skips the
    // frames right after it, the late GPU results of the old configuration among them.
    if (std::exchange(app.resetTimings, false) || changesTimings(app.settings, app.last)) {
        app.timers.reset();
        app.frameMs.clear();
    }
    app.last = app.settings;

    // The angle accumulates, so changing the speed does not make the model jump.
    if (app.settings.view.autoRotate)
        app.rotationDegrees += app.dt * app.settings.view.rotateDegreesPerSecond;
    // In world: the mesh fitted into the box the volume is drawn as (the frame maps it into its voxels), so a
    // non-cubic volume's voxels stay cubes and the mesh its aspect; the spin is about the box's y axis.
    const glm::vec3 shape = app.gpu ? app.gpu->frame->shape() : glm::vec3(1.f);
    app.modelMatrix = model::modelRotation(app.rotationDegrees, {0.f, 1.f, 0.f}) * app.model.fit.into(shape);
}

void voxelize(App& app) {
    if (app.gpu) app.gpu->frame->voxelize(app.modelMatrix);
}

void buildPyramid(App& app) {
    if (app.gpu) stageError(app, app.gpu->frame->build());
}

void buildPointList(App& app) {
    if (app.gpu) stageError(app, app.gpu->frame->list());
}

bool colorsPoints(const App& app) {
    if (!app.gpu || !occupancy::hasSlotColors(app.gpu->frame->source().output())) return false;
    const bool shown =
        app.settings.view.shown.run(frame::Stage::Colors) &&
        app.settings.view.color == particles::ParticleColor::ModelColor;
    const bool exported =
        exportDue(app, kPointsExport);
    return shown || exported;
}

void colorPoints(App& app) {
    stageError(app, app.gpu->frame->colorPoints());
}

bool updatesParticles(const App& app) {
    return app.gpu && app.settings.view.shown.run(frame::Stage::Particles);
}

void updateParticles(App& app) {
    if (!app.gpu) return;
    if (app.settings.view.shown.has(kPointsView)) { // hidden points hold their state until shown again
        particles::ParticleSource source = app.gpu->frame->points();
        // Refused growth: the particles the state holds keep flying; the message is reported once.
        statusOnce(app.ui.particlesError, app.gpu->particles->update(source, app.settings.particles, app.dt));
    }
    updateSurfacePieces(app);
}

bool sortsParticles(const App& app) {
    return app.gpu && app.settings.view.shown.run(frame::Stage::Sort) &&
           particles::particleRenderInfo(app.settings.view.render).depthSorted;
}

void sortParticles(App& app) {
    GpuState& gpu = *app.gpu;
    gpu.orderSorted = false;
    particles::ParticleSource source = gpu.frame->points();
    if (!source.pointBuffer || !gpu.particles->positionBuffer()) return;
    // The cloud lies in the box [-shape, shape] the volume is drawn as (exploding particles that leave its
    // bounding sphere are clamped into the end buckets): the key range needs no readback.
    particles::DepthOrderParams params{app.camera.view(), glm::vec3(0.f), glm::length(source.shape),
                                       std::uint32_t(app.settings.view.depthBuckets)};
    const std::uint32_t slots = std::min(source.pointCapacity, gpu.particles->capacity()); // as the update
    Result<void> r =
        gpu.depthOrder->sort(gpu.particles->positionBuffer(), gpu.particles->controlBuffer(), slots, params);
    stageError(app, r);
    gpu.orderSorted = bool(r);
    gpu.orderSlots = slots;
}

namespace {
void recordVerify(App& app, const hp::VerifyReport& report, double ms, bool automatic) {
    app.ui.verifyMs = ms;
    app.ui.verifiedAuto = automatic;
    app.ui.verify = report;
    app.ui.verifyFrame = app.frame;
    app.ui.verified = {app.settings.model, app.settings.frame};
    // A mismatch is an error; an incomplete list was said once where it was cut (Frame), and the panel and the
    // summary name the limit.
    if (report.verdict() == hp::VerifyReport::Verdict::Mismatch)
        log::error("verify: %s", report.describe().c_str());
    else if (automatic) // the user did not ask: the log says when and how it ran
        log::info("verify after a change (frame %d, %.0f ms off the frame thread): %s", app.frame, ms,
                  report.describe().c_str());
}
} // namespace

void verifyIfDue(App& app) {
    if (!app.gpu) return;
    const int every = app.settings.verifyEveryFrames;
    bool lastScripted = app.run.frames > 0 && app.frame == app.run.frames - 1;
    bool due = app.verifyRequested || lastScripted || (every > 0 && app.frame % every == 0);
    frame::AutoVerify& autoVerify = app.gpu->autoVerify;
    if (due) { // in place: it stalls, but a request must be answered whatever the list's size
        app.verifyRequested = false;
        double t0 = gl::steadyNowMs();
        hp::VerifyReport report = app.gpu->frame->verify();
        recordVerify(app, report, gl::steadyNowMs() - t0, false);
        autoVerify.settle(); // this configuration is checked: nothing pending
        return;
    }
    if (!app.settings.verifyAuto) return;
    if (std::optional<hp::VerifyReport> report = autoVerify.poll(*app.gpu->frame, gl::steadyNowMs()))
        recordVerify(app, *report, autoVerify.lastMs(), true);
}

void captureScreenshot(App& app, bool uiDrawn) {
    bool scripted = !app.run.screenshot.empty() && app.run.frames > 0 && app.frame == app.run.frames - 1;
    if (!scripted && !app.screenshotRequested) return;
    bool withUi = app.settings.screenshotWithUi && app.settings.view.showUi;
    if (uiDrawn != withUi) return; // not this moment: before the UI when it must not show, after it otherwise
    std::filesystem::path path =
        scripted ? std::filesystem::path(app.run.screenshot) : nextScreenshotPath(app.settings.screenshotDir);
    Result<void> r =
        saveScreenshot(path, app.framebuffer, app.surface.framebuffer(), app.surface.colorBuffer());
    app.screenshotRequested = false;
    app.ui.screenshotFailed = !r;
    app.ui.screenshotMessage = r ? "saved " + path.string() : r.error();
    app.ui.notice = {app.ui.screenshotMessage, !r, gl::steadyNowMs()};
    if (r)
        log::info("%s", app.ui.screenshotMessage.c_str());
    else
        log::error("%s", r.error().c_str());
    if (!r && scripted) app.scriptFailed = true;
}

glm::mat4 exportFrameToVolume(const App& app) {
    const Settings& s = app.settings;
    if (s.frame.testAtlas) return glm::mat4(1.f);
    if (frame::inputInfo(s.frame.input).physical) { // the file's own frame, whatever turned it upright
        const volume::ScalarVolume* v = app.model.volume.get();
        const glm::mat4 back = v ? volume::fileToTurned(app.model.turn.anatomy, glm::vec3(v->size) * v->spacing)
                                 : glm::mat4(1.f);
        return app.gpu->frame->physicalToVolume() * back;
    }
    return app.gpu->frame->worldToVolume() * app.modelMatrix;
}

bool finishFrame(App& app) {
    writeExportsIfDue(app); // runs/exports.h
    if (app.run.frames > 0 && app.frame == app.run.frames - 1 && app.ui.timingsOnScreen)
        log::info("layout: the Timings table is %s",
                  *app.ui.timingsOnScreen ? "on screen" : "NOT fully on screen");
    if (app.benchmark && app.gpu) app.benchmark->points(app.frame, app.gpu->frame->activeCount());
    ++app.frame;
    soakEndFrame(app); // --soak: verify results, samples and bounds at the cycle boundaries
    return app.run.frames > 0 && app.frame >= app.run.frames;
}

} // namespace dicer::app
