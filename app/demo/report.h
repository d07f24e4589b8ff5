// The console summary of a --frames run: what ran, per-stage times, frame time and fps, the verification of
// the last frame, and one Markdown table row (prefixed "| ") that scripts/demo_fps.sh collects into
// docs/DEMO.md.
#pragma once

#include <string>

namespace dicer::app {

struct App;
struct Settings;

void printSummary(const App& app);
// "dicer_vec4/uint32/compute": the variant and the storage and build path in use, for the rows that offer them.
std::string variantLabel(const Settings& settings);
// What the --benchmark rows repeat (renderer, variant, ...): known once the app is created.
void describeBenchmarkRun(App& app);
// End of a --benchmark run: collects the GPU timer results still pending and writes the CSV; a write error is
// logged and fails the run (exit 1), as a screenshot error does.
void finishBenchmark(App& app);

} // namespace dicer::app
