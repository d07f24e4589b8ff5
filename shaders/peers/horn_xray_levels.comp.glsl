#version 450
// The X-ray's tiles of Horn's scan (engine/peers/horn_scan_xray.cpp): its scan levels drawn as the elements they
// scan, each read from the finished scan as a difference of neighbours, so a run of elements is two reads (the
// scan at its end minus the scan before its start): level 0 the texels' 0/1 (its scan over the atlas rows,
// row-major), levels 1 and up the totals of the blocks of HORN_SCAN_BLOCK below (their scans, drawn in Z order),
// the last the top block's total. Every level sums to the count: the scan's levels are a 1024:1 pyramid.
#include "peers_shared.h"

layout(std430, binding = PEER_BIND_DATA) readonly buffer HornLevel0 { uint b_level0[]; };
layout(std430, binding = PEER_BIND_SUMS) readonly buffer HornUpper { uint b_upper[]; };
layout(location = HORN_LOC_XRAY_WIDTH) uniform int u_width;
layout(location = HORN_LOC_XRAY_OFFSETS) uniform uint u_offsets[HORN_XRAY_MAX_LEVELS];
layout(location = HORN_LOC_XRAY_ELEMENTS) uniform uint u_elements[HORN_XRAY_MAX_LEVELS];

#include "xray_levels.glsl"

// Level l's inclusive scan at element i (i < its elements); 0 before the first.
uint scanAt(int level, int i) {
    if (i < 0) return 0u;
    return level == 0 ? b_level0[i] : b_upper[u_offsets[level] + uint(i)];
}

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    if (level == 0) { // rows of the atlas
        uint sum = 0u;
        for (int y = lo.y; y < hi.y; ++y)
            sum += scanAt(0, y * u_width + hi.x - 1) - scanAt(0, y * u_width + lo.x - 1);
        return sum;
    }
    uint first = xrayZIndex(lo);
    uint end = min(first + uint(g_xrayBlock * g_xrayBlock), u_elements[level]);
    return first < end ? scanAt(level, int(end) - 1) - scanAt(level, int(first) - 1) : 0u;
}
