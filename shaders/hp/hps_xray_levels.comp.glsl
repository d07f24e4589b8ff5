#version 450
// The X-ray's tiles of hp_sparse's pyramid (engine/hp/hp_sparse_xray.cpp): a 1D 4:1 pyramid over the pool's
// masks in slot order, drawn in Z order (xray_levels.h). Level 0: a mask's popcount (16 a slot); level 1: a
// quadrant's 4 masks; level 2 (a slot, one marked brick) and up: the stored nodes, each its 4 children's sums.
// A pixel's block is one run of entries, read from the fewest stored nodes that hold it (storedRun); entries past
// this frame's (the used slots') count 0, as in the build:
// the pool and the levels past them hold older frames' data. After the top, the brick map: the coarse map's grid.
#include "hps_shared.h"

layout(std430, binding = SPARSE_BIND_INDEX) readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HPS_BIND_LEVELS) readonly buffer HpsLevels { uvec4 b_levels[]; };
layout(location = HPS_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPS_MAX_LEVELS + 1];
layout(location = HPS_LOC_XRAY_SIDE) uniform int u_side;
layout(location = HPS_LOC_XRAY_BRICK_LEVEL) uniform int u_brickLevel;

#include "xray_levels.glsl"

// This frame's items of `level`: 16 masks a used slot, a quarter of that a level up.
uint items(int level) {
    uint masks = b_index[SPARSE_USED] * 16u;
    uint shift = 2u * uint(level);
    if (shift >= 32u) return masks == 0u ? 0u : 1u;
    return (masks + ((1u << shift) - 1u)) >> shift;
}

// The brick map (past the top): bricks lo .. hi - 1 of the coarse map's grid, each a marked brick's slot's points
// (its level-2 node: its quadrants' sums), 0 for a brick not marked or dropped (a slot past the used ones).
uint brickSum(ivec2 lo, ivec2 hi) {
    uint sum = 0u, used = b_index[SPARSE_USED];
    for (int y = lo.y; y < hi.y; ++y)
        for (int x = lo.x; x < hi.x; ++x) {
            uint brick = hpMorton2(ivec2(x, y)), word = brick >> 5;
            uint coarse = b_index[SPARSE_HEADER + word];
            if ((coarse & (1u << (brick & 31u))) == 0u) continue;
            uint slot = hpSparseSlot(coarse, b_index[hpSparseBaseOffset(u_side) + int(word)], brick);
            if (slot >= used) continue;
            uvec4 v = b_levels[uint(u_levelOffset[HPS_FIRST_STORED_LEVEL]) + slot];
            sum += v.x + v.y + v.z + v.w;
        }
    return sum;
}

// Level `level`'s entries [first, first + run) (run a power of 4, first a multiple of it) from the stored nodes:
// an entry of level l >= 1 is a component of its parent, level l + 1's node (level 1's quadrants: the slots'
// components), and a run of 4 entries is one entry a level up, so a run is read as few nodes as it covers (a
// reduced tile reads one node a pixel, not its masks). Level 0, one mask a pixel: its bits.
uint storedRun(int level, uint first, uint run) {
    int top = u_brickLevel - 1;
    if (level == 0) {
        if (run == 1u)
            return first < items(0) ? uint(bitCount(b_pool[2u * first]) + bitCount(b_pool[2u * first + 1u])) : 0u;
        first >>= 2;
        run >>= 2;
        level = 1;
    }
    while (run >= 4u && level < top) {
        first >>= 2;
        run >>= 2;
        ++level;
    }
    uint sum = 0u;
    if (level >= top) { // the top's one entry: its node's children
        uvec4 v = b_levels[uint(u_levelOffset[top])];
        return first == 0u && items(top) > 0u ? v.x + v.y + v.z + v.w : 0u;
    }
    uint parents = items(level + 1);
    for (uint i = first; i < first + run; ++i)
        if ((i >> 2) < parents) sum += b_levels[uint(u_levelOffset[level + 1]) + (i >> 2)][i & 3u];
    return sum;
}

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    if (level == u_brickLevel) return brickSum(lo, hi);
    return storedRun(level, xrayZIndex(lo), uint(g_xrayBlock * g_xrayBlock));
}
