#include "xray_steps.h"

#include <algorithm>
#include <cstdio>

namespace dicer::app {

int xrayStepCount(std::span<const hp::XrayLevel> levels, const XrayFollow& follow) {
    if (levels.empty()) return 0;
    // The base, a reduction a level above it, the marks (tiles beside the levels, such as hp_sparse's brick map,
    // appear with the top and take no step of their own).
    return hp::xrayPyramidLevels(levels) + int(follow.marks.size());
}

XrayStepView xrayStepAt(int step, std::span<const hp::XrayLevel> levels, const XrayFollow& follow) {
    XrayStepView v;
    if (levels.empty()) return v;
    const int top = hp::xrayPyramidLevels(levels) - 1;
    step = std::clamp(step, 0, std::max(xrayStepCount(levels, follow) - 1, 0));
    char text[256];
    if (step <= top) { // the build: the base, then one reduction a step
        const hp::XrayLevel& l = levels[std::size_t(step)];
        v.builtLevels = step;
        if (step == 0)
            std::snprintf(text, sizeof text, "build: the base, level 0: %d x %d %s, what the input holds",
                          l.nodes.x, l.nodes.y, l.unit);
        else
            std::snprintf(text, sizeof text,
                          "build, reduction %d: level %d (%d x %d %s), each node the sum of its children in "
                          "level %d%s",
                          step, step, l.nodes.x, l.nodes.y, l.unit, step - 1,
                          step == top ? ": the top, one node, holds the count" : "");
        v.caption = text;
        return v;
    }
    // The descent: one mark a step, top first, captioned by the traversal's own line for that level.
    v.builtLevels = top;
    v.marks = std::size_t(step - top);
    const std::size_t line = v.marks - 1;
    if (!follow.lines.empty())
        v.caption = "descent: " + follow.lines[std::min(line, follow.lines.size() - 1)];
    else
        v.caption = "descent: " + (follow.error.empty() ? std::string("no path") : follow.error);
    return v;
}

} // namespace dicer::app
