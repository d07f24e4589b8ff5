// The compute pyramids' level 3 (hp_compute.h): one 64-bit Morton-ordered mask of 8x8 base cells a texel,
// read by the list pass and the X-ray's tiles. hp_compute stores it in an RG32UI texture; with HPC_FROM_BITS
// (hp_bits) it is the occupancy-bits buffer itself (occupancy_bits.h), and so is level 4 (hpcBitsLevel4).
// Morton index m within the block: x is bits 0, 2, 4 and y bits 1, 3, 5.
#ifdef HPC_FROM_BITS
#include "occupancy_bits.h"
// A block's two words as one 8-byte load (occupancy_bits.h: block (bx, by) is the pair at 2 (by blocksX + bx)):
// llvmpipe gathers each lane's load, so a pair is half the loads of two words.
layout(std430, binding = HPB_BIND_BITS) readonly buffer HpBits { uvec2 u_blocks[]; };
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize; // the virtual atlas
uvec2 hpcMask(ivec2 block) {
    return u_blocks[block.y * hpBitsBlocksX(u_inputSize.x) + block.x];
}
// Level-4 cell p's four children's sums (child order (0,0), (1,0), (0,1), (1,1)): hp_bits stores no level 4
// (hpc_shared.h, HPB_FIRST_STORED_LEVEL), so the popcounts of the 2x2 masks under it; past the atlas 0.
uvec4 hpcBitsLevel4(ivec2 p) {
    int blocksX = hpBitsBlocksX(u_inputSize.x);
    int first = 2 * p.y * blocksX + 2 * p.x; // blocks (2p.x, 2p.y) and (2p.x + 1, 2p.y); the next row below
    bool right = 2 * p.x + 1 < blocksX, up = 2 * p.y + 1 < blocksX;
    uvec2 m00 = u_blocks[first], m10 = uvec2(0u), m01 = uvec2(0u), m11 = uvec2(0u);
    if (right) m10 = u_blocks[first + 1];
    if (up) m01 = u_blocks[first + blocksX];
    if (right && up) m11 = u_blocks[first + blocksX + 1];
    return uvec4(bitCount(m00.x) + bitCount(m00.y), bitCount(m10.x) + bitCount(m10.y),
                 bitCount(m01.x) + bitCount(m01.y), bitCount(m11.x) + bitCount(m11.y));
}
#elif defined(HPC_LEVEL_IMAGES) // the list pass: the levels as images (hpc_shared.h, HPC_IMAGE_LEVELS)
layout(binding = HPC_IMAGE_LEVELS + 0, rg32ui) uniform readonly uimage2D u_masks;
uvec2 hpcMask(ivec2 block) { return imageLoad(u_masks, block).xy; }
#else
layout(binding = HPC_UNIT_MASKS) uniform usampler2D u_masks;
uvec2 hpcMask(ivec2 block) { return texelFetch(u_masks, block, 0).xy; }
#endif
