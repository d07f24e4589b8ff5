// The console summary of a --frames run: what ran, per-stage times, frame time and fps, the verification of
// the last frame, and one Markdown table row (prefixed "| ") that scripts/demo_fps.sh collects into
// docs/DEMO.md.
#pragma once

namespace dicer::app {

struct App;

void printSummary(const App& app);

} // namespace dicer::app
