// The console summary of a --frames run: what ran, per-stage times, frame time and fps, the verification of
// the last frame, and one Markdown table row (prefixed "| ") that scripts/demo_fps.sh collects into
// docs/DEMO.md.
#pragma once

#include "timer.h"

#include <string>
#include <vector>

namespace dicer::app {

struct App;
struct Settings;
} // namespace dicer::app
namespace dicer::frame {
class Frame;
} // namespace dicer::frame
namespace dicer::app {

void printSummary(const App& app);
// "dicer_vec4/uint32/compute": the method and the storage and build path in use, for the rows that offer them.
std::string methodLabel(const Settings& settings);
// The sparse occupancy's line (voxel::describeSparse: its pool, the last status, an incomplete list), for the
// summary and the Pipeline panel; empty unless the frame runs the sparse output.
std::string sparseLine(const frame::Frame& frame);
// The timers' statistics in the order of the frame's stage list (frame_stages.h), for the stages timed since
// the last reset of the names (a stage the frame skips now shows no samples).
std::vector<gl::StageStats> stageRows(const gl::StageTimers& timers);
// What the --benchmark rows repeat (renderer, method, ...): known once the app is created.
void describeBenchmarkRun(App& app);
// End of a --benchmark run: collects the GPU timer results still pending and writes the CSV; a write error is
// logged and fails the run (exit 1), as a screenshot error does.
void finishBenchmark(App& app);

} // namespace dicer::app
