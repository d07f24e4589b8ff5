#version 450
// The X-ray's tiles of hp_sparse's pyramid (engine/hp/hp_sparse_xray.cpp): a 1D 4:1 pyramid over the pool's
// masks in slot order, drawn in Z order (xray_levels.h). Level 0: a mask's popcount (16 a slot); level 1: a
// quadrant's 4 masks; level 2 (a slot, one marked brick) and up: the stored nodes, each its 4 children's sums.
// A pixel's block is one run of entries; entries past this frame's (the used slots') count 0, as in the build:
// the pool and the levels past them hold older frames' data.
#include "hps_shared.h"

layout(std430, binding = SPARSE_BIND_INDEX) readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HPS_BIND_LEVELS) readonly buffer HpsLevels { uvec4 b_levels[]; };
layout(location = HPS_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPS_MAX_LEVELS + 1];

#include "xray_levels.glsl"

// This frame's items of `level`: 16 masks a used slot, a quarter of that a level up.
uint items(int level) {
    uint masks = b_index[SPARSE_USED] * 16u;
    uint shift = 2u * uint(level);
    if (shift >= 32u) return masks == 0u ? 0u : 1u;
    return (masks + ((1u << shift) - 1u)) >> shift;
}

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    uint run = uint(g_xrayBlock * g_xrayBlock);
    uint first = xrayZIndex(lo);
    uint sum = 0u;
    if (level >= HPS_FIRST_STORED_LEVEL) {
        uint end = min(first + run, items(level));
        for (uint i = first; i < end; ++i) {
            uvec4 v = b_levels[uint(u_levelOffset[level]) + i];
            sum += v.x + v.y + v.z + v.w;
        }
        return sum;
    }
    // Levels 0 and 1 in masks: a level-1 node is 4 of them.
    uint scale = level == 1 ? 4u : 1u;
    uint end = min((first + run) * scale, items(0));
    for (uint i = first * scale; i < end; ++i) sum += uint(bitCount(b_pool[2u * i]) + bitCount(b_pool[2u * i + 1u]));
    return sum;
}
