// The compute pyramids' level 3 (hp_compute.h): one 64-bit Morton-ordered mask of 8x8 base cells a texel,
// read by the list pass and the X-ray's tiles. hp_compute stores it in an RG32UI texture; with HPC_FROM_BITS
// (hp_bits) it is the occupancy-bits buffer itself (occupancy_bits.h), and so is level 4 (hpcBitsLevel4).
// Morton index m within the block: x is bits 0, 2, 4 and y bits 1, 3, 5.

// The set bits of a 64-bit mask: a block's active cells (level 3's sum).
uint hpcMaskCount(uvec2 mask) {
    return uint(bitCount(mask.x) + bitCount(mask.y));
}

#ifdef HPC_FROM_BITS
#include "occupancy_bits.h"
// A block's two words as one load (occupancy_bits.h: block (bx, by) is the pair at 2 (by blocksX + bx)), through
// the bits' view (HPB_IMAGE_BITS): llvmpipe gathers an image load's 8 lanes at once where a storage-buffer load
// loops over them (gl/buffer_view.h).
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize; // the virtual atlas
#ifdef HPC_BITS_PAIRS
layout(binding = HPB_IMAGE_BITS, rgba32ui) uniform readonly uimageBuffer u_blockPairs; // two blocks a texel
uvec2 hpcMask(ivec2 block) {
    int index = block.y * hpBitsBlocksX(u_inputSize.x) + block.x;
    uvec4 pair = imageLoad(u_blockPairs, index >> 1);
    return (index & 1) != 0 ? pair.zw : pair.xy;
}
#else
layout(binding = HPB_IMAGE_BITS, rg32ui) uniform readonly uimageBuffer u_blocks; // a block a texel
uvec2 hpcMask(ivec2 block) {
    return imageLoad(u_blocks, block.y * hpBitsBlocksX(u_inputSize.x) + block.x).xy;
}
#endif
// Level-4 cell p's four children's sums (child order (0,0), (1,0), (0,1), (1,1)): hp_bits stores no level 4
// (hpc_shared.h, HPB_FIRST_STORED_LEVEL), so the popcounts of the 2x2 masks under it; past the atlas 0.
uvec4 hpcBitsLevel4(ivec2 p) {
    ivec2 blocks = ivec2(hpBitsBlocksX(u_inputSize.x));
    uvec4 sums = uvec4(0u);
    for (int c = 0; c < 4; ++c) {
        ivec2 block = 2 * p + ivec2(c & 1, c >> 1);
        if (all(lessThan(block, blocks))) sums[c] = hpcMaskCount(hpcMask(block));
    }
    return sums;
}
#ifdef HPC_BITS_PAIRS
// With an even count of blocks a side (hp_compute.cpp picks the program; every block row's words start 16 bytes
// aligned, and a level-4 cell's 2x2 blocks lie inside the atlas): the four masks under level-4 cell p as two
// 16-byte loads, one a block row. llvmpipe gathers each lane's load whatever its width, so the list's level 4 and
// level 3 take 2 loads a point instead of 4 + 1.
struct HpcQuadMasks {
    uvec4 low, high; // blocks (0,0) and (1,0) under p, then (0,1) and (1,1)
};
HpcQuadMasks hpcQuadMasks(ivec2 p) {
    uint perRow = uint(hpBitsBlocksX(u_inputSize.x)) >> 1u; // pairs a block row
    uint first = uint(2 * p.y) * perRow + uint(p.x);
    return HpcQuadMasks(imageLoad(u_blockPairs, int(first)), imageLoad(u_blockPairs, int(first + perRow)));
}
uvec4 hpcQuadSums(HpcQuadMasks q) {
    return uvec4(hpcMaskCount(q.low.xy), hpcMaskCount(q.low.zw), hpcMaskCount(q.high.xy), hpcMaskCount(q.high.zw));
}
// Child c's mask (child order (0,0), (1,0), (0,1), (1,1)) without a dynamic index: selects.
uvec2 hpcQuadMask(HpcQuadMasks q, uint c) {
    uvec4 row = (c & 2u) != 0u ? q.high : q.low;
    return (c & 1u) != 0u ? row.zw : row.xy;
}
#endif
#elif defined(HPC_LEVEL_IMAGES) // the list pass: the levels as images (hpc_shared.h, HPC_IMAGE_LEVELS)
layout(binding = HPC_IMAGE_LEVELS + 0, rg32ui) uniform readonly uimage2D u_masks;
uvec2 hpcMask(ivec2 block) { return imageLoad(u_masks, block).xy; }
#else
layout(binding = HPC_UNIT_MASKS) uniform usampler2D u_masks;
uvec2 hpcMask(ivec2 block) { return texelFetch(u_masks, block, 0).xy; }
#endif
