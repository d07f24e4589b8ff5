// The output the X-ray panel follows down the pyramid it shows: its path as the method's own traversal recorded
// it on the GPU (PointMethod::trace, McMethod::trace), the lines the panel prints and, per level, the node the
// descent visited (the marks on the tiles). Traced only when what it was traced for changes (k, the method, the
// pyramid drawn, whether there are outputs): a trace reads a few hundred bytes back and waits for the GPU, so
// never every frame, even of a rotating mesh whose count changes every frame.
#pragma once

#include "xray_subject.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dicer::app {

struct XrayMark {
    int level = 0;
    glm::ivec2 node{0}; // in the level's grid of nodes (xray_levels.h: a 1D level's in Z order)
};

struct XrayFollow {
    // What it was traced for.
    std::string method;
    bool surface = false;
    std::uint32_t k = 0, count = 0;
    // What it found ("" error: a path).
    std::string error;
    std::vector<std::string> lines; // the descent, a line a level, then the cell found (as dicer --xray K)
    std::vector<XrayMark> marks;    // the node visited at every level, the top first, down to level 0
    glm::ivec2 atlasTexel{-1};      // the point's cell found in the atlas (-1: a surface vertex's path)
    std::int64_t surfaceCell = -1;  // the vertex's cell, linear (x fastest) over `cells` (-1: a point's path)
    glm::ivec3 cells{0};
    bool operator==(const XrayFollow&) const = default;
};

// Follows output `k` (clamped to count - 1) down `subject`'s pyramid when `last` was traced for something else;
// otherwise returns `last`. A count of 0: nothing to follow (one line says so).
XrayFollow followOutput(const XraySubject& subject, std::uint32_t k, std::uint32_t count, const XrayFollow& last);

} // namespace dicer::app
