// Which pyramid the X-ray panel shows, a row each (the panel's radio buttons): the point method's over the active
// cells, the surface's (marching cubes' over the cells' vertex counts) when the surface is drawn, and sorted
// blending's depth order (the counting sort's over the depth buckets) when it sorted this frame. A row is offered
// when its stage ran; the chosen one (UiState::xrayOf) is shown while offered, else the default: the surface's
// when the points are hidden, else the points'. A method without a pyramid has no levels: its table row's
// summary says what it does instead.
#pragma once

#include "xray_pyramids.h"
#include "xray_view.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace dicer::app {

struct App;

struct XrayMark {
    int level = 0;
    glm::ivec2 node{0}; // in the level's grid of nodes (xray_levels.h: a 1D level's in Z order)
    bool operator==(const XrayMark&) const = default;
};

// What a trace found: the descent's lines, the node visited at every level and where the output is.
struct XrayFound {
    std::string error; // "": a path
    std::vector<std::string> lines;
    std::vector<XrayMark> marks;
    glm::ivec2 atlasTexel{-1};     // a point's cell in the atlas
    std::int64_t surfaceCell = -1; // a surface vertex's cell, linear (x fastest) over `cells`
    glm::ivec3 cells{0};
    std::optional<glm::vec3> worldPoint; // a particle's position when it was traced (the depth order)
    bool operator==(const XrayFound&) const = default;
};

struct XraySubject {
    int of = -1;                          // its row of xrayPyramidTable() (-1: nothing to show)
    const char* method = "";              // the method's name
    const char* summary = "";             // its row's summary: what a method without a pyramid does instead
    const char* output = "output";        // one output, as the slider and the 3D view's ring name it
    const char* outputs = "active cells"; // what the top counts
    XrayPyramid pyramid;                  // no levels: none to draw
    std::optional<std::uint32_t> count;   // the outputs (unset: not known yet)
    std::function<XrayFound(std::uint32_t k)> trace; // the method's own traversal following output k < count
    bool pickPoints = false; // a click on a point in the 3D view picks output k (an output is a point)
};

// A row a pyramid of kXrayPyramids (xray_pyramids.h), in its order.
struct XrayPyramidRow {
    bool (*offered)(const App& app);
    XraySubject (*subject)(App& app);
};
std::span<const XrayPyramidRow> xrayPyramidTable();

XraySubject xraySubject(App& app);

} // namespace dicer::app
