// The point entry every method writes, and which atlas texels are voxels at all, written once and compiled
// twice: as C++ (the CPU reference, the CPU peers and tests/hp_test.cpp) and as GLSL (hp_points.glsl and
// hp_discriminator.glsl), like particle_step.h. The tiling follows volume_layout.h: slices of tileSize
// texels, tilesX per atlas row, slice k = tile (k % tilesX, k / tilesX); tiles past the first `slices` of the
// grid and the texels right of / above the tile grid are padding.
//
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout`, functions
// prefixed `hp`.
#ifndef DICER_HP_POINT_H
#define DICER_HP_POINT_H

#include "hp_shared_fn.h"

// Bytes of one point entry: uvec4 (voxel.x, voxel.y, voxel.z, texel), std430, texel = (atlas.x & 0xffff) |
// (atlas.y & 0xffff) << 16: the atlas texel packed 16:16, modulo 65536 per axis. Why this word: the voxel
// already names the texel (tileOrigin(voxel.z) + voxel.xy, hpEntryTexel), so the word only has to serve the
// consumers that have no tiling: the colour fetch from the RGBA8 atlas (particles, PLY export) and hp_bits'
// rank check. They read a real texture or hp_bits' virtual atlas, at most 65536 a side, where the word is the
// texel itself, as before. Past 65536 (the sparse occupancy's virtual atlases: 2048^3 is 131072 a side,
// 4096^3 262144) no 32-bit word can name every texel (262144^2 = 2^36, and 2048^3 alone is 2^33 voxels), so
// the word keeps the low 16 bits of each coordinate and the texel comes from the voxel: same format, same
// bits for every atlas up to 65536, and still a total order with the voxel (hp_reference.h sortedEntries).
#define HP_POINT_BYTES 16
#define HP_POINT_TEXEL_MAX_ATLAS 65536 // the largest atlas whose texel the 4th word alone names

// floor(a / b) for 0 <= a < HP_QUOTIENT_MAX and 1 <= b <= HP_QUOTIENT_MAX, by a float reciprocal. Why: no x86
// SIMD unit divides integers, so llvmpipe runs every lane's `/` and `%` one after another (the voxelizer's slice
// -> tile and the lists' texel -> tile were ~1/4 of their passes at 1024^3; docs/SPARSE.md). Exact: (a + 0.5) / b
// lies at least 0.5 / b from an integer, and the float product's error is below (a + 0.5) / b * 3.6e-7 (GLSL's
// 2.5 ulp reciprocal, one rounding of the product), which is below 0.5 / b while a + 0.5 < 1.39e6. The C++ text
// is the same arithmetic (tests/hp_test.cpp: SharedPoint.QuotientIsExactBelowItsBound, also with the reciprocal
// 3 ulp off).
#define HP_QUOTIENT_MAX 1048576 // 2^20: past every atlas side (HP_SPARSE_MAX_ATLAS 262144) and slice count
HP_FN int hpQuotient(int a, int b) {
    return int((float(a) + 0.5f) * (1.0f / float(b)));
}

// The voxel stored at atlas texel `cell`: (x, y) inside its tile, z = the tile's slice.
HP_FN uvec3 hpVoxel(ivec2 cell, ivec2 tileSize, int tilesX) {
    ivec2 tile = ivec2(hpQuotient(cell.x, tileSize.x), hpQuotient(cell.y, tileSize.y));
    ivec2 inTile = cell - tile * tileSize;
    return uvec3(uint(inTile.x), uint(inTile.y), uint(tile.y * tilesX + tile.x));
}

// The entry written for an active texel: its voxel and its atlas texel, packed 16:16 modulo 65536.
HP_FN uvec4 hpPointEntry(ivec2 cell, ivec2 tileSize, int tilesX) {
    return uvec4(hpVoxel(cell, tileSize, tilesX), (uint(cell.x) & 0xffffu) | (uint(cell.y) << 16));
}

// The texel the 4th word names: exact for atlases up to HP_POINT_TEXEL_MAX_ATLAS (every texture, hp_bits).
HP_FN ivec2 hpEntryAtlasTexel(uint texel) {
    return ivec2(int(texel & 0xffffu), int(texel >> 16));
}

// The entry's atlas texel from its voxel and the tiling: exact at every side (the sparse occupancy's 262144).
HP_FN ivec2 hpEntryTexel(uvec4 entry, ivec2 tileSize, int tilesX) {
    int slice = int(entry.z);
    return ivec2((slice % tilesX) * tileSize.x + int(entry.x), (slice / tilesX) * tileSize.y + int(entry.y));
}

// Whether atlas texel `cell` holds a voxel: its tile column is inside the grid and its slice is one of the
// `slices` of the volume. slices <= 0: the extent is unknown (a plain 2D image), every texel is a voxel.
// Texels of unused tiles must never be active, whatever the threshold (threshold 0 once counted them).
HP_FN bool hpInVolume(ivec2 cell, ivec2 tileSize, int tilesX, int slices) {
    ivec2 tile = cell / tileSize;
    return slices <= 0 || (tile.x < tilesX && tile.y * tilesX + tile.x < slices);
}

#ifdef __cplusplus
static_assert(HP_POINT_BYTES == sizeof(uvec4), "a point entry is one uvec4");
} // namespace dicer::hp
#endif
#undef HP_FN
#endif
