// The pyramids the X-ray panel can show, by name (--xray-pyramid, the panel's radio buttons): the window-free
// half of xray_subject.h's table, which pairs each row, in this order, with how it is offered and traced.
#pragma once

namespace dicer::app {

struct XrayPyramidInfo {
    const char* name;  // the command line's
    const char* label; // the radio button's
    const char* tooltip;
};

inline constexpr XrayPyramidInfo kXrayPyramids[] = {
    {"points", "points' pyramid", "the point method's pyramid over the active cells: an output is a point"},
    {"surface", "surface's pyramid",
     "marching cubes' 1D pyramid over the cells' vertex counts, in Z order: an output is a vertex"},
    {"depth-order", "depth order's pyramid",
     "sorted blending's counting sort: its 1D pyramid over the view-depth buckets, in Z order; an output is a "
     "slot of the back-to-front order, its bucket the particle's depth"},
};

} // namespace dicer::app
