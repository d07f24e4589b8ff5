// The compute pyramids' level 3 (hp_compute.h): one 64-bit Morton-ordered mask of 8x8 base cells a texel,
// read by the list pass and the X-ray's tiles. hp_compute stores it in an RG32UI texture; with HPC_FROM_BITS
// (hp_bits) it is the occupancy-bits buffer itself (occupancy_bits.h). Morton index m within the block: x is
// bits 0, 2, 4 and y bits 1, 3, 5.
#ifdef HPC_FROM_BITS
#include "occupancy_bits.h"
layout(std430, binding = HPB_BIND_BITS) readonly buffer HpBits { uint u_bits[]; };
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize; // the virtual atlas
uvec2 hpcMask(ivec2 block) {
    uint w = hpBitsWord(block * HP_BITS_BLOCK, hpBitsBlocksX(u_inputSize.x));
    return uvec2(u_bits[w], u_bits[w + 1u]);
}
#elif defined(HPC_LEVEL_IMAGES) // the list pass: the levels as images (hpc_shared.h, HPC_IMAGE_LEVELS)
layout(binding = HPC_IMAGE_LEVELS + 0, rg32ui) uniform readonly uimage2D u_masks;
uvec2 hpcMask(ivec2 block) { return imageLoad(u_masks, block).xy; }
#else
layout(binding = HPC_UNIT_MASKS) uniform usampler2D u_masks;
uvec2 hpcMask(ivec2 block) { return texelFetch(u_masks, block, 0).xy; }
#endif
