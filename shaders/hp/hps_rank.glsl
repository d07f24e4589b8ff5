// The rank of an active texel of the sparse occupancy in hp_sparse's point list: the k for which the list's
// entry k is this texel, the sparse twin of hpb_rank.glsl. A foreign shader (the voxelizer's colour passes for
// the sparse output, voxelize_slot_sparse_rank.glsl) includes this file and calls hpsRank(texel). It returns
// HPS_NO_RANK for a texel the list does not hold: its brick unmarked (the slot lookup alone would give the next
// marked brick's slot), its brick dropped by a pool overflow (a slot past the used ones), or its bit clear. In
// C++, SparseHistoPyramid::bindForRank(program) binds the last build's structure and pyramid for it:
//  - uniforms at HPS_LOC_RANK_SIDE, HPS_LOC_RANK_LEVELS, HPS_LOC_RANK_OFFSETS..+HPS_MAX_LEVELS (the including
//    program must not use these locations);
//  - the index at SPARSE_BIND_INDEX, the pool at SPARSE_BIND_POOL, the levels at HPS_BIND_LEVELS (read only).
// The list's order (hps_list.comp.glsl) is slots in order, in a slot its four quadrants, in a quadrant its eight
// words, in a word its bits from bit 0: so the rank is the quadrant's first index (the list's own climb,
// hps_climb.glsl) plus the set bits of the quadrant's words before the texel's word, plus those below its bit.
// Cost: one climb (L - 1 nodes) and at most 8 pool words.
#pragma once
#include "hps_shared.h"

layout(std430, binding = SPARSE_BIND_INDEX) restrict readonly buffer HpsRankIndex { uint u_rankIndex[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict readonly buffer HpsRankPool { uint u_rankPool[]; };
layout(location = HPS_LOC_RANK_SIDE) uniform int u_rankSide;
#define HPS_CLIMB_LOC_TOP HPS_LOC_RANK_LEVELS
#define HPS_CLIMB_LOC_OFFSETS HPS_LOC_RANK_OFFSETS
#include "hps_climb.glsl"

// The slot of the texel's brick this frame, or HPS_NO_RANK where the frame has none: the brick is not marked in
// the coarse map, or its slot is past the used ones (the pool overflowed; those bricks have no bits and no
// points). The same lookup as the voxelizer's bits pass and OccupancyVolume's, plus the marked check.
uint hpsRankSlot(ivec2 texel) {
    uint brick = hpSparseBrick(texel), word = brick >> 5, bit = brick & 31u;
    uint coarse = u_rankIndex[SPARSE_HEADER + word];
    if ((coarse & (1u << bit)) == 0u) return HPS_NO_RANK;
    uint slot = hpSparseSlot(coarse, u_rankIndex[hpSparseBaseOffset(u_rankSide) + int(word)], brick);
    return slot < u_rankIndex[SPARSE_USED] ? slot : HPS_NO_RANK;
}

uint hpsRank(ivec2 texel) {
    uint slot = hpsRankSlot(texel);
    if (slot == HPS_NO_RANK) return HPS_NO_RANK;
    // The texel's index in its brick (Morton): word inBrick >> 5 of the slot, bit inBrick & 31; a quadrant is
    // 256 texels, 8 words.
    uint inBrick = hpSparseInBrick(texel);
    uint word = slot * uint(SPARSE_BRICK_WORDS) + (inBrick >> 5);
    uint bits = u_rankPool[word], bit = inBrick & 31u;
    if ((bits & (1u << bit)) == 0u) return HPS_NO_RANK;
    uint quadrant = slot * 4u + (inBrick >> 8);
    uint rank = hpsFirstIndex(quadrant);
    for (uint w = quadrant * 8u; w < word; ++w)
        rank += uint(bitCount(u_rankPool[w]));
    return rank + uint(bitCount(bits & ((1u << bit) - 1u)));
}
