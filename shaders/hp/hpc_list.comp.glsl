#version 450
// Compute HistoPyramid traversal (GPU-resident PointList): dispatched indirectly with the count turned into
// arguments on the GPU. Entry k descends from the top with one fetch per level (texels hold their children's
// sums) down to level 3, whose 64-bit Morton-ordered mask of 8x8 base cells resolves the last three levels with
// popcounts: the k-th set bit is the k-th active cell of the block. The atlas is not read again.
// With HPC_FROM_BITS (hp_bits) the level-3 masks are the occupancy-bits buffer (occupancy_bits.h), and level 4's
// sums their popcounts (hpc_shared.h, HPB_FIRST_STORED_LEVEL).
// With HP_XRAY one invocation follows the key u_xrayKey and records its descent (hp_xray.h) instead of writing
// a point: the X-ray's path is this traversal's own.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "PointList builder".
#include "hpc_shared.h"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
// One texture per storage format, its levels side by side (level l starts at x = u_levelOffset[l]), read as
// images: llvmpipe's texelFetch takes its general sampling path (the list at hp_bits' 256^3 and hp_compute's
// 5 M points: measured in docs/PERFORMANCE.md, "Levels read as images").
#define HPC_LEVEL_IMAGES
#include "hpc_masks.glsl"
layout(binding = HPC_IMAGE_LEVELS + 1, rgba8ui) uniform readonly uimage2D u_sums8;
layout(binding = HPC_IMAGE_LEVELS + 2, rgba16ui) uniform readonly uimage2D u_sums16;
layout(binding = HPC_IMAGE_LEVELS + 3, rgba32ui) uniform readonly uimage2D u_sums32;
layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HPC_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPC_MAX_LEVELS + 1];
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };

#include "hp_descend.glsl"

// Level 4's texel (the 8-bit sums): loaded, or over bits made from the masks (hpc_masks.glsl).
uvec4 hpcSums8(int level, ivec2 p) {
#ifdef HPC_FROM_BITS
    return hpcBitsLevel4(p);
#else
    return imageLoad(u_sums8, p + ivec2(u_levelOffset[level], 0));
#endif
}

// Index (0..63) of the k-th set bit of the mask (lo, hi): halve the window five times by popcount.
uint hpcSelectBit(uvec2 mask, uint k) {
    uint lowCount = uint(bitCount(mask.x));
    uint word = k < lowCount ? mask.x : mask.y;
    uint index = k < lowCount ? 0u : 32u;
    k -= k < lowCount ? 0u : lowCount;
    for (uint width = 16u; width >= 1u; width >>= 1) {
        uint count = uint(bitCount(word & ((1u << width) - 1u)));
        if (k >= count) {
            word >>= width;
            index += width;
            k -= count;
        }
    }
    return index;
}

void main() {
#ifdef HP_XRAY
    if (gl_GlobalInvocationID.x != 0u) return; // one traversal
    uint k = u_xrayKey;
#else
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
#endif
    uint key = k;
    ivec2 p = ivec2(0);
    // One loop per format (no branch on the level inside a loop): 32-bit sums, 16-bit sums, 8-bit sums.
    int level = u_levels;
    for (; level >= 9; --level) p = hpStepDown(level, p, imageLoad(u_sums32, p + ivec2(u_levelOffset[level], 0)), key);
    for (; level >= 5; --level) p = hpStepDown(level, p, imageLoad(u_sums16, p + ivec2(u_levelOffset[level], 0)), key);
#ifdef HPC_BITS_PAIRS
    uvec2 mask = uvec2(0u);
    if (level > HPC_MASK_LEVEL) { // level 4 and the mask below it from the same two loads
        HpcQuadMasks quad = hpcQuadMasks(p);
        p = hpStepDown(level, p, hpcQuadSums(quad), key);
        mask = hpcQuadMask(quad, uint(p.x & 1) | uint(p.y & 1) << 1u);
    } else {
        mask = hpcMask(p);
    }
#else
    for (; level > HPC_MASK_LEVEL; --level) p = hpStepDown(level, p, hpcSums8(level, p), key); // level 4
    uvec2 mask = hpcMask(p);
#endif
    // Morton index m within the 8x8 block: x is bits 0, 2, 4 and y bits 1, 3, 5 (child order puts x first).
    uint m = hpcSelectBit(mask, key);
    ivec2 offset = ivec2((m & 1u) | ((m >> 1) & 2u) | ((m >> 2) & 4u), ((m >> 1) & 1u) | ((m >> 2) & 2u) | ((m >> 3) & 4u));
#ifdef HP_XRAY
    xrayStep(HPC_MASK_LEVEL, p, key, uvec4(mask, 0u, 0u), m, 0u);
    xrayFound(8 * p + offset);
#else
    hpWritePoint(k, 8 * p + offset);
#endif
}
