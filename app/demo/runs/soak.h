// `dicer --soak N` in the frame loop: soakStep() edits the settings and actions for this frame from the
// schedule (soak_schedule.h), as the panels do, so it works in any frame loop; soakEndFrame() samples the GL
// objects and the RSS at the cycle boundaries, prints them and checks the bounds. A failed check sets
// App::scriptFailed (exit status 1) after the run's usual summary.
#pragma once

#include "gl_handle.h"
#include "soak_schedule.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace dicer::app {

struct App;

struct SoakState {
    Settings base; // the command line's settings: every step is the base with one change
    int cycle = -1;
    std::vector<SoakStep> steps; // of `cycle`
    std::optional<SoakSample> baseline;
    int verifies = 0, mismatches = 0, stageErrors = 0;
    int lastVerifyFrame = -1;      // the verify counted last
    std::string lastPipelineError; // the stage error counted last (a stage reports each problem once)
    std::vector<std::string> failures;
    std::uint64_t rssMin = ~0ull, rssMax = 0; // over every cycle boundary after the start (for the bound)
    std::optional<SoakSample> middle;         // the cycle boundary nearest N/2 (runs of kSoakLateFrames)
    std::vector<gl::Buffer> leaked; // --soak-leak-test: one buffer per cycle, kept (and freed) with the app
};

void soakStep(App& app);     // start of applyChanges: this frame's settings and actions
void soakEndFrame(App& app); // after the frame is counted: verify results, samples, checks, the verdict

} // namespace dicer::app
