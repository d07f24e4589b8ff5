// The compute pyramids' level 3 (hp_compute.h): one 64-bit Morton-ordered mask of 8x8 base cells a texel,
// read by the list pass and the X-ray's tiles. hp_compute stores it in an RG32UI texture; with HPC_FROM_BITS
// (hp_bits) it is the occupancy-bits buffer itself (occupancy_bits.h), and so is level 4 (hpcBitsLevel4). Morton index m within the block: x is
// bits 0, 2, 4 and y bits 1, 3, 5.
#ifdef HPC_FROM_BITS
#include "occupancy_bits.h"
layout(std430, binding = HPB_BIND_BITS) readonly buffer HpBits { uint u_bits[]; };
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize; // the virtual atlas
uvec2 hpcMask(ivec2 block) {
    uint w = hpBitsWord(block * HP_BITS_BLOCK, hpBitsBlocksX(u_inputSize.x));
    return uvec2(u_bits[w], u_bits[w + 1u]);
}
// Level-4 cell p's four children's sums (child order (0,0), (1,0), (0,1), (1,1)): hp_bits stores no level 4
// (hpc_shared.h, HPB_FIRST_STORED_LEVEL), so the popcounts of the 2x2 masks under it; past the atlas 0.
uvec4 hpcBitsLevel4(ivec2 p) {
    int blocksX = hpBitsBlocksX(u_inputSize.x);
    // Blocks (2p.x, y) and (2p.x + 1, y) are four adjacent words, in rows 2p.y and 2p.y + 1 (occupancy_bits.h).
    uint w = 2u * uint(2 * p.y * blocksX + 2 * p.x), below = 2u * uint(blocksX);
    bool right = 2 * p.x + 1 < blocksX, up = 2 * p.y + 1 < blocksX;
    uvec4 sums = uvec4(uint(bitCount(u_bits[w]) + bitCount(u_bits[w + 1u])), 0u, 0u, 0u);
    if (right) sums.y = uint(bitCount(u_bits[w + 2u]) + bitCount(u_bits[w + 3u]));
    if (up) sums.z = uint(bitCount(u_bits[w + below]) + bitCount(u_bits[w + below + 1u]));
    if (right && up) sums.w = uint(bitCount(u_bits[w + below + 2u]) + bitCount(u_bits[w + below + 3u]));
    return sums;
}
#elif defined(HPC_LEVEL_IMAGES) // the list pass: the levels as images (hpc_shared.h, HPC_IMAGE_LEVELS)
layout(binding = HPC_IMAGE_LEVELS + 0, rg32ui) uniform readonly uimage2D u_masks;
uvec2 hpcMask(ivec2 block) { return imageLoad(u_masks, block).xy; }
#else
layout(binding = HPC_UNIT_MASKS) uniform usampler2D u_masks;
uvec2 hpcMask(ivec2 block) { return texelFetch(u_masks, block, 0).xy; }
#endif
