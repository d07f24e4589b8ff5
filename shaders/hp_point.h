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

// Bytes of one point entry: uvec4 (voxel.x, voxel.y, voxel.z, atlas.x | atlas.y << 16), std430.
#define HP_POINT_BYTES 16

// The voxel stored at atlas texel `cell`: (x, y) inside its tile, z = the tile's slice.
HP_FN uvec3 hpVoxel(ivec2 cell, ivec2 tileSize, int tilesX) {
    ivec2 tile = cell / tileSize;
    ivec2 inTile = cell - tile * tileSize;
    return uvec3(uint(inTile.x), uint(inTile.y), uint(tile.y * tilesX + tile.x));
}

// The entry written for an active texel: its voxel and its atlas texel, packed 16:16 (atlases up to 65536).
HP_FN uvec4 hpPointEntry(ivec2 cell, ivec2 tileSize, int tilesX) {
    return uvec4(hpVoxel(cell, tileSize, tilesX), uint(cell.x) | (uint(cell.y) << 16));
}

// Whether atlas texel `cell` holds a voxel: its tile column is inside the grid and its slice is one of the
// `slices` of the volume. slices <= 0: the extent is unknown (a plain 2D image), every texel is a voxel.
// Texels of unused tiles must never be active, whatever the threshold (issue 12: threshold 0 counted them).
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
