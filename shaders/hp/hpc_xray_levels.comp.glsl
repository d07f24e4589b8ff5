#version 450
// The X-ray's tiles of the compute pyramids (hp_compute, hp_bits; engine/hp/hp_compute_xray.cpp): a level's node
// sums read from what the build stored. Levels 4 and up: a texel holds its four children's sums, so a node is
// their sum. Level 3: a mask's popcount. Levels 0-2 (never stored as sums): popcounts of the mask bits under
// the node; an aligned square of side s < 8 base cells is one run of s*s bits in Morton order.
// With HPC_FROM_BITS (hp_bits) the masks are the occupancy-bits buffer, and level 4, which hp_bits does not store,
// is drawn by the masks' program (hp_compute_xray.cpp, xrayTexture): a node's sum is its masks' popcounts.
#include "hpc_shared.h"
#include "hpc_masks.glsl"

layout(location = HPC_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPC_MAX_LEVELS + 1];

#include "xray_levels.glsl"

// HPC_XRAY_TEXTURE (computeLevelTexture): 0 the masks (levels 0-3), 1-3 the 8-, 16- and 32-bit sums. A program
// a texture, not a branch on the level: llvmpipe read only the first invocation's texel right when one shader
// chose among the three samplers by the level.
#if HPC_XRAY_TEXTURE == 0
// The masks' extent in blocks (the level-3 grid): a node of level 4 or up may reach past it, where a bits word
// would be the next row's.
#ifdef HPC_FROM_BITS
ivec2 xrayMaskBlocks() { return ivec2(hpBitsBlocksX(u_inputSize.x)); }
#else
ivec2 xrayMaskBlocks() { return textureSize(u_masks, 0); }
#endif

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    // In base cells: the block spans `side` of them each way, aligned to it.
    ivec2 baseLo = lo << level, baseHi = hi << level;
    int side = g_xrayBlock << level;
    uint sum = 0u;
    if (side >= 8) { // whole masks
        ivec2 end = min((baseHi + 7) >> 3, xrayMaskBlocks());
        for (int y = baseLo.y >> 3; y < end.y; ++y)
            for (int x = baseLo.x >> 3; x < end.x; ++x) {
                sum += hpcMaskCount(hpcMask(ivec2(x, y)));
            }
        return sum;
    }
    // One run within one mask (cells past the input are 0 bits: the run needs no clamp).
    uvec2 mask = hpcMask(baseLo >> 3);
    uvec2 c = uvec2(baseLo & 7);
    uint start = (c.x & 1u) | ((c.y & 1u) << 1u) | ((c.x & 2u) << 1u) | ((c.y & 2u) << 2u) | ((c.x & 4u) << 2u) |
                 ((c.y & 4u) << 3u);
    uint word = start < 32u ? mask.x : mask.y;
    uint run = uint(side * side); // 1, 4 or 16: never across the two words
    return uint(bitCount((word >> (start & 31u)) & ((1u << run) - 1u)));
}
#else
#if HPC_XRAY_TEXTURE == 1
layout(binding = HPC_UNIT_SUMS8) uniform usampler2D u_sums;
#elif HPC_XRAY_TEXTURE == 2
layout(binding = HPC_UNIT_SUMS16) uniform usampler2D u_sums;
#else
layout(binding = HPC_UNIT_SUMS32) uniform usampler2D u_sums;
#endif
uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    ivec2 shift = ivec2(u_levelOffset[level], 0);
    uint sum = 0u;
    for (int y = lo.y; y < hi.y; ++y)
        for (int x = lo.x; x < hi.x; ++x) {
            uvec4 s = texelFetch(u_sums, ivec2(x, y) + shift, 0);
            sum += s.x + s.y + s.z + s.w;
        }
    return sum;
}
#endif
