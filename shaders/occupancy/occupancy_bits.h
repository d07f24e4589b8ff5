// The occupancy-bits volume: one bit per voxel, the modern pipeline's voxelizer output, written once
// and compiled twice, as C++ (CPU references, tests) and as GLSL (the voxelizer's bit stores, the HistoPyramid
// over bits), like hp_point.h.
//
// Why this layout: the bits are the slice atlas (volume_layout.h) at one bit per texel instead of four bytes,
// cut into 8x8 blocks of one 64-bit mask each, bits in Morton order. That is exactly level 3 of the compute
// HistoPyramid (hpc_build.comp.glsl: bit 16 q2 + 4 q1 + c, children (0,0), (1,0), (0,1), (1,1)), so the
// pyramid over bits starts at level 3 with popcounts, and its point list is the atlas path's list entry for
// entry (same voxels, same atlas texels, same key-index order). The atlas is virtual: it is never allocated,
// so it may exceed GL_MAX_TEXTURE_SIZE (1024^3 is a 32768^2 virtual atlas, 128 MiB of bits); the entries
// pack atlas texels 16:16, which bounds it at 65536 a side.
//
// Words: block (bx, by), bx < blocksX = ceil(atlasSize / 8), is the uint pair at 2 * (by * blocksX + bx)
// (low word: Morton bits 0-31, the block's lower half, y & 7 < 4; high word: bits 32-63). Padding texels of
// the virtual atlas (outside the tile grid, unused tiles) are 0 bits.
//
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout`, functions
// prefixed `hp`.
#ifndef DICER_OCCUPANCY_BITS_H
#define DICER_OCCUPANCY_BITS_H

#include "hp_shared_fn.h"

#define HP_BITS_BLOCK 8          // texels a side of one mask block
#define HP_BITS_WORDS_PER_BLOCK 2 // uints per 64-bit mask
#define HP_BITS_MAX_ATLAS 65536   // virtual atlas side limit (16-bit texel coordinates in the entries)

// Blocks a side of a virtual atlas of `atlasSize` texels.
HP_FN int hpBitsBlocksX(int atlasSize) { return (atlasSize + HP_BITS_BLOCK - 1) / HP_BITS_BLOCK; }

// Morton index (0..63) of texel (x & 7, y & 7) inside its block: x in the even bits, y in the odd ones.
HP_FN uint hpBitsMorton(ivec2 texel) {
    uint x = uint(texel.x & 7), y = uint(texel.y & 7);
    return (x & 1u) | ((y & 1u) << 1) | ((x & 2u) << 1) | ((y & 2u) << 2) | ((x & 4u) << 2) | ((y & 4u) << 3);
}

// The uint that holds texel's bit, and the bit inside it.
HP_FN uint hpBitsWord(ivec2 texel, int blocksX) {
    uint block = uint((texel.y / HP_BITS_BLOCK) * blocksX + texel.x / HP_BITS_BLOCK);
    return HP_BITS_WORDS_PER_BLOCK * block + (hpBitsMorton(texel) >> 5);
}
HP_FN uint hpBitsMask(ivec2 texel) { return 1u << (hpBitsMorton(texel) & 31u); }

#ifdef __cplusplus
} // namespace dicer::hp
#endif
#undef HP_FN
#endif
