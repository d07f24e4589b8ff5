#version 450
// The X-ray's tiles of the counting sort's 1D HistoPyramid (engine/sort/sort_xray.cpp): level 0 the histogram
// (padded to a power of the fan-in), each level above the sums of SORT_FAN_IN below, all in the one pyramid buffer
// the sort built. 1D levels are drawn in Z order (xray_levels.h): a pixel's aligned block of block x block nodes is
// one run of block^2 entries, its first at the Z index of its first node; entries past a level's end count 0.
#include "sort_shared.h"

layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Pyramid { uint b_pyramid[]; };
layout(location = SORT_LOC_OFFSETS) uniform uint u_offsets[SORT_MAX_LEVELS];
layout(location = SORT_LOC_XRAY_SIZES) uniform uint u_sizes[SORT_MAX_LEVELS];

#include "xray_levels.glsl"

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    uint first = xrayZIndex(lo);
    uint end = min(first + uint(g_xrayBlock * g_xrayBlock), u_sizes[level]);
    uint sum = 0u;
    for (uint i = first; i < end; ++i) sum += b_pyramid[u_offsets[level] + i];
    return sum;
}
