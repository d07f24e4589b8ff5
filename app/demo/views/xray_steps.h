// The X-ray's step mode, for teaching: the pyramid's build shown reduction by reduction (the base, then each level
// as the sums of its children, up to the top that holds the count), then the followed output's descent level by
// level, a one-line caption a step saying what the GPU does there; after the last step it holds the final state
// (what a scripted run shows). Pure: the panel (ui_xray.cpp) draws what a step says; tested on the CPU.
#pragma once

#include "xray_follow.h"
#include "xray_levels.h"

#include <span>
#include <string>

namespace dicer::app {

struct XrayStepView {
    int builtLevels = 0;      // levels 0 .. builtLevels are drawn; the ones above are not built yet
    std::size_t marks = 0;    // the followed output's first `marks` marks (top first) are drawn
    std::string caption;      // what the GPU does at this step
};

// Steps of a pyramid of `levels` (base first) with `follow`'s path: the base, one a reduction, one a mark.
int xrayStepCount(std::span<const hp::XrayLevel> levels, const XrayFollow& follow);
// Step `step` (clamped to the last): what is drawn and its caption.
XrayStepView xrayStepAt(int step, std::span<const hp::XrayLevel> levels, const XrayFollow& follow);

} // namespace dicer::app
