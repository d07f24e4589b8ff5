#version 450
// The X-ray's tiles of marching cubes' pyramid (hp_mc, engine/surface/mc_expander_xray.cpp), read from what the
// count and build passes stored: level 0 the cells' vertex counts (the base words' cases through the table),
// level 1 a word's sum, levels 2 and up the upper buffer. The levels are 1D, drawn in Z order (xray_levels.h):
// a pixel's aligned block of block x block nodes is one run of block^2 entries, its first at the Z index of its
// first node; entries past a level's end count 0.
#include "mc_table.glsl"

layout(std430, binding = MC_BIND_CASES) readonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McLevel1 { uint b_level1[]; };
layout(std430, binding = MC_BIND_UPPER) readonly buffer McUpper { uint b_upper[]; };
layout(location = MC_LOC_OFFSETS) uniform uint u_offsets[MC_MAX_LEVELS];
layout(location = MC_LOC_XRAY_SIZES) uniform uint u_sizes[MC_MAX_LEVELS]; // level l's entries; [0]: the cells

#include "xray_levels.glsl"

uint wordCount(uint cases) {
    return mcCount(cases & 0xffu) + mcCount((cases >> 8u) & 0xffu) + mcCount((cases >> 16u) & 0xffu) +
           mcCount(cases >> 24u);
}

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    uint first = xrayZIndex(lo);
    uint end = min(first + uint(g_xrayBlock * g_xrayBlock), u_sizes[level]);
    uint sum = 0u;
    if (level >= 2) {
        for (uint i = first; i < end; ++i) sum += b_upper[u_offsets[level] + i];
    } else if (level == 1) {
        for (uint i = first; i < end; ++i) sum += b_level1[i];
    } else if (g_xrayBlock == 1) { // one cell
        if (first < end) sum = mcCount((b_cases[first >> 2u] >> (8u * (first & 3u))) & 0xffu);
    } else { // whole words: a block of 2x2 or more cells is a multiple of 4 entries, aligned
        for (uint w = first >> 2u; w < (end + 3u) >> 2u; ++w) sum += wordCount(b_cases[w]);
    }
    return sum;
}
