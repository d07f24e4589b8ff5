// The rank of an active texel of the occupancy-bits volume in hp_bits' point list: the k for which the
// list's entry k is this texel. A foreign shader (e.g. a colour pass that writes one colour per point in
// bits mode) includes this file and calls hpbRank(texel) for texels whose bit is set (for a clear bit it
// returns the index the next set bit would get). In C++, ComputeHistoPyramid::bindForRank(program) binds
// the pyramid for it after a build:
//  - uniforms at HPB_LOC_RANK_SIDE, HPB_LOC_RANK_LEVELS, HPB_LOC_RANK_OFFSETS..+HPC_MAX_LEVELS (the
//    including program must not use these locations);
//  - the level textures on HPC_UNIT_SUMS16, HPC_UNIT_SUMS32 and the bits at HPB_BIND_BITS
//    (the program must not use these units and binding for anything else).
// Cost: one texelFetch per level above 4, up to 3 earlier blocks' masks at level 4 and one 64-bit mask read: the
// traversal's cost, run upwards.
// Key-index order is Morton order, so the rank is the sum, at every level from the top down, of the counts of
// the earlier siblings of the texel's ancestor, plus the set bits of its mask below its own Morton index.
#pragma once
#include "hpc_shared.h"
#include "occupancy_bits.h"

layout(binding = HPC_UNIT_SUMS16) uniform usampler2D u_rankSums16;
layout(binding = HPC_UNIT_SUMS32) uniform usampler2D u_rankSums32;
layout(std430, binding = HPB_BIND_BITS) readonly buffer HpbRankBits { uint u_rankBits[]; };
layout(location = HPB_LOC_RANK_SIDE) uniform int u_rankSide;
layout(location = HPB_LOC_RANK_LEVELS) uniform int u_rankLevels;
layout(location = HPB_LOC_RANK_OFFSETS) uniform int u_rankOffset[HPC_MAX_LEVELS + 1];

// The counts of the children of level-`level` cell texel >> level that come before the texel's own child.
uint hpbEarlierSiblings(uvec4 sums, ivec2 texel, int level) {
    ivec2 c = (texel >> (level - 1)) & 1;
    int q = c.x + 2 * c.y; // child order (0,0), (1,0), (0,1), (1,1)
    return (q > 0 ? sums.x : 0u) + (q > 1 ? sums.y : 0u) + (q > 2 ? sums.z : 0u);
}

uint hpbRank(ivec2 texel) {
    uint rank = 0u;
    int level = u_rankLevels;
    // One loop per format, as the traversal: 32-bit sums (levels 9+), 16-bit (5-8).
    for (; level >= 9; --level) {
        ivec2 cell = (texel >> level) + ivec2(u_rankOffset[level], 0);
        rank += hpbEarlierSiblings(texelFetch(u_rankSums32, cell, 0), texel, level);
    }
    for (; level >= 5; --level) {
        ivec2 cell = (texel >> level) + ivec2(u_rankOffset[level], 0);
        rank += hpbEarlierSiblings(texelFetch(u_rankSums16, cell, 0), texel, level);
    }
    // Level 4 is not stored (hpc_shared.h, HPB_FIRST_STORED_LEVEL): the popcounts of the earlier sibling
    // blocks among the 2x2 masks under the texel's level-4 cell (a sibling right of the atlas' last block: 0).
    int blocksX = hpBitsBlocksX(u_rankSide);
    ivec2 block = texel >> HPC_MASK_LEVEL;
    int q = (block.x & 1) + 2 * (block.y & 1);
    for (int c = 0; c < q; ++c) {
        ivec2 sibling = (block & ~1) + ivec2(c & 1, c >> 1);
        uint s = hpBitsWord(sibling * HP_BITS_BLOCK, blocksX); // the sibling's low word
        if (sibling.x < blocksX) rank += uint(bitCount(u_rankBits[s]) + bitCount(u_rankBits[s + 1u]));
    }
    uint w = hpBitsWord(texel, blocksX) & ~1u; // the block's low word
    uint m = hpBitsMorton(texel);
    uint lo = u_rankBits[w], hi = u_rankBits[w + 1u];
    return rank + (m < 32u ? uint(bitCount(lo & ((1u << m) - 1u)))
                           : uint(bitCount(lo) + bitCount(hi & ((1u << (m - 32u)) - 1u))));
}
