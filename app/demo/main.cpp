// dicer: the desktop demo. Dicer (a mesh becomes a point cloud through a HistoPyramid, live, every frame)
// and HeartBreaker (the cloud explodes and re-assembles) in one GLFW + Dear ImGui window.
// Based on: Ziegler, Tevs, Theobalt, Seidel, "GPU Point List Generation through Histogram Pyramids",
// TR MPI-I-2006-4-002 (2006), and "On-the-fly Point Clouds through Histogram Pyramids", VMV 2006.
//
// This file holds only the frame loop. The stages are in passes.cpp, input in input.cpp, the panels in
// ui*.cpp, the window in window.cpp; everything they share is the App (app.h).
#include "app.h"
#include "gl_debug.h"
#include "heap_tuning.h"
#include "imgui_layer.h"
#include "input.h"
#include "passes.h"
#include "report.h"
#include "ui.h"

#include <cstdio>

using namespace dicer;
using namespace dicer::app;

namespace {
constexpr const char* kHeadlessHint =
    "Run dicer on a desktop or under a virtual display (xvfb-run -a dicer ...), "
    "or use the headless benchmark build/release/bin/dicer-bench (EGL, no "
    "window).\n";
}

int main(int argc, char** argv) {
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
    if (std::string reason = missingDisplayReason(); !reason.empty()) {
        std::fprintf(stderr, "dicer: %s. %s", reason.c_str(), kHeadlessHint);
        return 1;
    }
#ifdef NDEBUG
    const bool debugContext = cli.run.glDebug;
#else
    const bool debugContext = true; // Debug builds always get KHR_debug messages inside the offending call
#endif
    // Scripted runs measure, so they do not wait for vsync.
    auto window = Window::create({cli.run.windowSize, debugContext, /*vsync=*/cli.run.frames == 0, "Dicer"});
    if (!window) {
        std::fprintf(stderr, "dicer: %s\n%s", window.error().c_str(), kHeadlessHint);
        return 1;
    }
    // Errors are always counted (the exit status reports them); warnings and synchronous output with
    // debugging.
    gl::installDebugOutput(debugContext ? gl::DebugFilter::Warnings : gl::DebugFilter::ErrorsOnly,
                           debugContext);
    ImGuiLayer imgui((*window)->handle());
    auto created = createApp(**window, cli);
    if (!created) {
        std::fprintf(stderr, "dicer: %s\n", created.error().c_str());
        return 1;
    }
    App& app = *created.value();

    while (!app.window.shouldClose()) {
        app.window.pollEvents();
        app.framebuffer = app.window.framebufferSize();
        if (app.window.iconified() || app.framebuffer.x == 0 || app.framebuffer.y == 0) {
            app.window.waitEvents(0.1); // minimised: nothing to draw into, no reason to spin
            app.frameStartMs = 0;       // and the pause is no frame time
            continue;
        }
        beginFrame(app);
        imgui.newFrame(app.window.contentScale());
        handleInput(app);
        buildUi(app);
        applyChanges(app);

        app.timers.beginFrame();
        {
            ScopedStage stage(app.timers, "voxelize");
            voxelize(app);
        }
        {
            ScopedStage stage(app.timers, "HP build");
            buildPyramid(app);
        }
        {
            ScopedStage stage(app.timers, "PointList");
            buildPointList(app);
        }
        {
            ScopedStage stage(app.timers, "particles");
            updateParticles(app);
        }
        if (sortsParticles(app)) {
            ScopedStage stage(app.timers, "sort");
            sortParticles(app);
        }
        {
            ScopedStage stage(app.timers, "views");
            drawViews(app);
        }
        verifyIfDue(app);
        captureScreenshot(app, /*uiDrawn=*/false);
        {
            ScopedStage stage(app.timers, "UI");
            imgui.render();
        }
        app.timers.endFrame();
        captureScreenshot(app, /*uiDrawn=*/true);
        app.window.swapBuffers();
        if (finishFrame(app)) break;
    }

    if (app.run.frames > 0) printSummary(app);
    const int glErrors = gl::debugErrorCount();
    std::printf("GL debug errors: %d\n", glErrors);
    if (glErrors > 0) return 3;
    if (app.scriptFailed) return 1;
    if (app.run.frames > 0 && app.ui.verify && !app.ui.verify->ok()) return 4;
    return 0;
}
