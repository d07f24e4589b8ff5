#version 450
// The X-ray's tiles of an HP5 pyramid (engine/hp/hp5_pyramid.h: hp5's and hp5_mc's), read from what its build
// stored: level 0 the base's counts (with HP5_BASE_WORDS the popcounts of its occupancy words), levels 1 .. top
// their nodes' totals. The levels are 1D, drawn in Z order (xray_levels.h): a pixel's aligned block of
// block x block nodes is one run of block^2 entries from the Z index of its first node (a run of 5:1 nodes is not
// one node above, as a 4:1 pyramid's is: so every entry of the run is read); entries past a level's end count 0.
#include "hp5_shared.h"

layout(std430, binding = HP5_BIND_BASE) readonly buffer Hp5Base { uint b_base[]; };
layout(std430, binding = HP5_BIND_TOTALS) readonly buffer Hp5Totals { uint b_totals[]; };
layout(location = HP5_LOC_XRAY_SIZES) uniform uint u_sizes[HP5_MAX_LEVELS];
layout(location = HP5_LOC_XRAY_OFFSETS) uniform uint u_offsets[HP5_MAX_LEVELS];

#include "xray_levels.glsl"

uint baseCount(uint i) {
#ifdef HP5_BASE_WORDS
    return uint(bitCount(b_base[i]));
#else
    return b_base[i];
#endif
}

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    uint first = xrayZIndex(lo);
    uint end = min(first + uint(g_xrayBlock * g_xrayBlock), u_sizes[level]);
    uint sum = 0u;
    if (level == 0)
        for (uint i = first; i < end; ++i) sum += baseCount(i);
    else
        for (uint i = first; i < end; ++i) sum += b_totals[u_offsets[level] + i];
    return sum;
}
