// dicer: the desktop demo. Dicer (a mesh becomes a point cloud through a HistoPyramid, live, every frame)
// and HeartBreaker (the cloud explodes and re-assembles) in one GLFW + Dear ImGui window, or with --offscreen
// in a framebuffer on a headless EGL context (no window, no display: servers, CI).
// Based on: Ziegler, Tevs, Theobalt, Seidel, "GPU Point List Generation through Histogram Pyramids",
// TR MPI-I-2006-4-002 (2006), and "On-the-fly Point Clouds through Histogram Pyramids", VMV 2006.
//
// This file holds only the frame loop, the same for both surfaces (surface.h). Each stage runs inside its
// timer under its name from the one stage list (frame_stages.h). The stages are in passes.cpp,
// input in input.cpp, the panels in ui*.cpp, the surfaces in window.cpp and offscreen.cpp; everything they
// share is the App (app.h).
#include "allocation.h"
#include "app.h"
#include "frame_stages.h"
#include "gl_debug.h"
#include "heap_tuning.h"
#include "imgui_layer.h"
#include "input_table.h"
#include "input.h"
#include "log.h"
#include "offscreen.h"
#include "passes.h"
#include "report.h"
#include "shader_dump.h"
#include "ui.h"
#include "ui_fit.h"
#include "window.h"
#include "xray_report.h"

#include <cstdint>
#include <cstdio>
#include <optional>

using namespace dicer;
using namespace dicer::app;
using dicer::frame::Stage;
using dicer::frame::stageName;

namespace {
constexpr const char* kHeadlessHint =
    "Run dicer on a desktop, under a virtual display (xvfb-run -a dicer ...), or without a window: "
    "dicer --offscreen --frames N (headless EGL; also the benchmark build/release/bin/dicer-bench).\n";

// The window, or the offscreen framebuffer; null after printing why neither can be made.
std::unique_ptr<Surface> createSurface(const RunOptions& run, bool debugContext) {
    if (run.offscreen) {
        auto offscreen = OffscreenSurface::create(run.windowSize, debugContext);
        if (offscreen) return std::move(offscreen.value());
        std::fprintf(stderr, "dicer: --offscreen: %s\n", offscreen.error().c_str());
        return nullptr;
    }
    if (std::string reason = missingDisplayReason(); !reason.empty()) {
        std::fprintf(stderr, "dicer: %s. %s", reason.c_str(), kHeadlessHint);
        return nullptr;
    }
    // Scripted runs measure, so they do not wait for vsync.
    auto window = Window::create({run.windowSize, debugContext, /*vsync=*/run.frames == 0, "Dicer"});
    if (window) return std::move(window.value());
    std::fprintf(stderr, "dicer: %s\n%s", window.error().c_str(), kHeadlessHint);
    return nullptr;
}

} // namespace

int main(int argc, char** argv) {
    const double startMs = gl::steadyNowMs(); // the time to the first picture is measured from here
    keepHeapMemoryMapped(); // steady llvmpipe frame times (heap_tuning.h)
    CommandLine cli;
    switch (parseCommandLine(argc, argv, cli)) {
    case ParseResult::Help:
        return 0;
    case ParseResult::Error:
        return 2;
    case ParseResult::Run:
        break;
    }
    if (Result<void> r = gl::dumpShadersTo(cli.run.dumpShaders); !r) {
        std::fprintf(stderr, "dicer: --dump-shaders: %s\n", r.error().c_str());
        return 1;
    }
#ifdef NDEBUG
    const bool debugContext = cli.run.glDebug;
#else
    const bool debugContext = true; // Debug builds always get KHR_debug messages inside the offending call
#endif
    std::unique_ptr<Surface> surface = createSurface(cli.run, debugContext);
    if (!surface) return 1;
    // --refuse-memory-from: from here on (the pipeline, not the surface) every allocation that large fails as a
    // real GL_OUT_OF_MEMORY does.
    std::optional<gl::InjectedOutOfMemory> refused;
    if (cli.run.refuseMemoryFromMiB > 0) refused.emplace(std::int64_t(cli.run.refuseMemoryFromMiB) << 20);
    // Errors are always counted (the exit status reports them); warnings and synchronous output with
    // debugging.
    gl::installDebugOutput(debugContext ? gl::DebugFilter::Warnings : gl::DebugFilter::ErrorsOnly,
                           debugContext);
    ImGuiLayer imgui(surface->inputWindow());
    auto created = createApp(*surface, cli);
    if (!created) {
        std::fprintf(stderr, "dicer: %s\n", created.error().c_str());
        return 1;
    }
    App& app = *created.value();
    describeBenchmarkRun(app);

    while (!app.surface.closeRequested()) {
        app.surface.pollEvents();
        app.framebuffer = app.surface.framebufferSize();
        if (app.surface.iconified() || app.framebuffer.x == 0 || app.framebuffer.y == 0) {
            app.surface.waitEvents(0.1); // minimised: nothing to draw into, no reason to spin
            app.frameStartMs = 0;        // and the pause is no frame time
            continue;
        }
        beginFrame(app);
        imgui.newFrame(app.run.uiScale > 0.f ? app.run.uiScale : app.surface.contentScale(), app.framebuffer);
        handleInput(app);
        buildUi(app);
        if (app.run.frames > 0 && app.frame == app.run.frames - 1)
            app.ui.fit = measurePanelFit(); // the last frame's panels, as built: the summary's "ui fit" line
        applyChanges(app);

        app.timers.beginFrame();
        {
            // The input's first stage (input_table.h): the voxelizer for a mesh, the discriminator for a volume.
            gl::ScopedStage stage(app.timers, stageName(frame::inputInfo(app.settings.frame.input).firstStage));
            voxelize(app);
        }
        {
            gl::ScopedStage stage(app.timers, stageName(Stage::Build));
            buildPyramid(app);
        }
        {
            gl::ScopedStage stage(app.timers, stageName(Stage::List));
            buildPointList(app);
        }
        if (colorsPoints(app)) { // bits output: the model colour of each point (no per-voxel colour volume)
            gl::ScopedStage stage(app.timers, stageName(Stage::Colors));
            colorPoints(app);
        }
        if (expandsSurface(app)) { // the volume's surface, when shown or exported this frame
            gl::ScopedStage stage(app.timers, stageName(Stage::Expand));
            expandSurface(app);
        }
        if (updatesParticles(app)) { // neither the cloud nor the surface's pieces shown: it costs nothing
            gl::ScopedStage stage(app.timers, stageName(Stage::Particles));
            updateParticles(app);
        }
        if (sortsParticles(app)) {
            gl::ScopedStage stage(app.timers, stageName(Stage::Sort));
            sortParticles(app);
        }
        {
            gl::ScopedStage stage(app.timers, stageName(Stage::Views));
            drawViews(app);
        }
        verifyIfDue(app);
        captureScreenshot(app, /*uiDrawn=*/false);
        {
            gl::ScopedStage stage(app.timers, stageName(Stage::Ui));
            imgui.render();
        }
        app.timers.endFrame();
        captureScreenshot(app, /*uiDrawn=*/true);
        app.surface.present();
        if (app.frame == 0) // what a user waits for: the window (or framebuffer), shaders, model, one frame
            log::info("first frame: %.0f ms after start", gl::steadyNowMs() - startMs);
        if (finishFrame(app)) break;
    }

    finishBenchmark(app); // first: it also collects the last frames' GPU timer results for the summary
    if (app.run.frames > 0) printSummary(app);
    if (app.run.xray >= 0) printXray(app, app.run.xray);
    const int glErrors = gl::debugErrorCount();
    std::printf("GL debug errors: %d\n", glErrors);
    if (glErrors > 0) return 3;
    if (app.scriptFailed) return 1;
    if (app.run.frames > 0 && app.ui.verify && !app.ui.verify->ok())
        return app.ui.verify->verdict() == hp::VerifyReport::Verdict::Incomplete ? 5 : 4;
    return 0;
}
