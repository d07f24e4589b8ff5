#include "soak.h"

#include "allocation.h"
#include "app.h"
#include "bundled_volumes.h"
#include "gl_debug.h"
#include "log.h"
#include "model_catalog.h"
#include "process_memory.h"

#include <algorithm>
#include <cstdio>

namespace dicer::app {
namespace {

// soak_schedule.h; docs/RELIABILITY.md, "Soak", gives the measurements behind them. Under AddressSanitizer
// freed memory waits in its quarantine (256 MiB by default) before reuse, so the RSS says nothing there:
// only the objects, GL errors and mismatches are bounded (and LeakSanitizer checks the heap at exit).
#if defined(__SANITIZE_ADDRESS__)
const SoakBounds kBounds{0, ~0ull >> 1, ~0ull >> 1}; // objects +0, RSS unbounded
#else
const SoakBounds kBounds;
#endif
constexpr double kMiB = 1024.0 * 1024.0;

SoakSample sample(const App& app) {
    const SoakState& s = *app.soak;
    return {app.frame,    gl::objectCounts(), residentBytes().value_or(0), gl::debugErrorCount(), s.verifies,
            s.mismatches, s.stageErrors};
}

void printViolations(const char* verdict, int frame, const std::vector<std::string>& violations) {
    std::printf("soak: %s at frame %d:\n", verdict, frame);
    for (const std::string& v : violations)
        std::printf("soak:   %s\n", v.c_str());
}

void startCycle(App& app, int cycle) {
    SoakState& s = *app.soak;
    s.cycle = cycle;
    s.steps = soakSchedule(
        s.base, cycle, [&](methods::MethodId row) { return app.gpu && app.gpu->frame->methodAvailable(row); },
        [](std::string_view name) { return model::bundledModelPath(name).string(); },
        [](std::string_view name) { return volume::bundledVolumePath(name).string(); });
    if (app.run.soakLeakTest)
        if (Result<gl::Buffer> leak = gl::allocateBuffer(4096, nullptr, 0, "soak leak test"))
            s.leaked.push_back(std::move(leak.value()));
    if (cycle > 0) return;
    std::printf(
        "soak: %d frames in cycles of %d: %zu steps of %d frames (verify on the last), then the base "
        "settings; samples after the warm-up cycle, every %d frames and at the end; bounds: live GL "
        "objects +%d per kind, RSS +%.0f MiB (and +%.0f MiB over the second half of runs of %d frames "
        "or more), 0 GL errors, 0 verify mismatches, 0 failed loads\n",
        app.run.soak, kSoakCycleFrames, s.steps.size(), kSoakFramesPerStep, kSoakReportEvery,
        kBounds.objectGrowth, double(kBounds.rssGrowthBytes) / kMiB,
        double(kBounds.lateRssGrowthBytes) / kMiB, kSoakLateFrames);
    std::string steps;
    for (const SoakStep& step : s.steps)
        steps += (steps.empty() ? "" : "; ") + step.label;
    std::printf("soak: steps: %s (preset %s replaces the last small preset every %d cycles)\n", steps.c_str(),
                kSoakLargePreset, kSoakLargeEvery);
    std::printf("%s\n%s\n", soakHeader().c_str(), soakRow(sample(app), "created").c_str());
}

} // namespace

void soakStep(App& app) {
    if (!app.soak) return;
    SoakState& s = *app.soak;
    const int cycle = app.frame / kSoakCycleFrames, inCycle = app.frame % kSoakCycleFrames;
    if (cycle != s.cycle) startCycle(app, cycle);
    const size_t index = size_t(inCycle / kSoakFramesPerStep);
    const int frameInStep = inCycle % kSoakFramesPerStep;
    if (index > s.steps.size()) return; // the base settings, set when the last step ended
    if (frameInStep == kSoakFramesPerStep - 1 && index < s.steps.size()) app.verifyRequested = true;
    if (frameInStep != 0) return;

    // A new step (or, at index == steps.size(), the base again): settings as the panels would set them.
    const SoakStep base{"base", s.base, SoakEvent::None};
    const SoakStep& step = index < s.steps.size() ? s.steps[index] : base;
    Settings next = step.settings;
    next.model = app.settings.model; // changes only through a load, as from the Model panel
    app.settings = next;
    if (step.settings.model != app.settings.model) app.actions.load = step.settings.model;
    app.actions.explode = step.event == SoakEvent::Explode;
    app.actions.reassemble = step.event == SoakEvent::Reassemble;
    app.actions.reloadShaders = step.event == SoakEvent::ReloadShaders;
}

void soakEndFrame(App& app) {
    if (!app.soak) return;
    SoakState& s = *app.soak;
    if (app.ui.verify && app.ui.verifyFrame == app.frame - 1 && app.ui.verifyFrame != s.lastVerifyFrame) {
        s.lastVerifyFrame = app.ui.verifyFrame;
        ++s.verifies;
        if (!app.ui.verify->ok()) ++s.mismatches;
    }
    // Loads and stages log their errors; the soak counts each one once.
    if (!app.ui.modelError.empty()) {
        ++s.stageErrors;
        app.ui.modelError.clear();
    }
    if (app.ui.pipelineError != s.lastPipelineError) {
        if (!app.ui.pipelineError.empty()) ++s.stageErrors;
        s.lastPipelineError = app.ui.pipelineError;
    }
    if (app.frame % kSoakCycleFrames != 0) return;

    const SoakSample now = sample(app);
    const bool last = app.frame >= app.run.soak;
    if (!s.baseline) {
        s.baseline = now;
        std::printf("%s\n", soakRow(now, "start").c_str());
        std::fflush(stdout);
        return;
    }
    s.rssMin = std::min(s.rssMin, now.rssBytes);
    s.rssMax = std::max(s.rssMax, now.rssBytes);
    const int cycles = app.run.soak / kSoakCycleFrames;
    if (app.run.soak >= kSoakLateFrames && app.frame == cycles / 2 * kSoakCycleFrames) s.middle = now;
    const SoakSample* middle = last && s.middle ? &*s.middle : nullptr;
    const std::vector<std::string> violations = soakViolations(*s.baseline, now, kBounds, middle);
    if (app.frame % kSoakReportEvery == 0 || last || (!violations.empty() && s.failures.empty()))
        std::printf("%s\n", soakRow(now, last ? "end" : "").c_str());
    if (!violations.empty() && s.failures.empty() && !last)
        printViolations("first failure", app.frame, violations);
    if (s.failures.empty()) s.failures = violations;
    std::fflush(stdout); // a long run's log is read while it runs
    if (!last) return;
    std::printf("soak: RSS at the %d cycle boundaries after the start: %.1f to %.1f MiB (start %.1f)\n",
                app.frame / kSoakCycleFrames - 1, double(s.rssMin) / kMiB, double(s.rssMax) / kMiB,
                double(s.baseline->rssBytes) / kMiB);
    if (s.failures.empty() && violations.empty()) {
        std::printf("soak: PASS, %d frames (%d cycles), %d verifies\n", app.frame,
                    app.frame / kSoakCycleFrames, s.verifies);
    } else {
        printViolations("FAIL", app.frame, violations.empty() ? s.failures : violations);
        app.scriptFailed = true;
    }
}

} // namespace dicer::app
