// Point list output shared by the fragment (paper) and compute (GPU-resident) list passes: the atlas texel is
// turned into a 3D voxel coordinate with the atlas tiling (tile grid -> slice).
#pragma once
#include "hp_shared.h"

layout(std430, binding = HP_BIND_POINTS) writeonly buffer HpPoints { uvec4 u_points[]; };
layout(location = HP_LOC_TILE_SIZE) uniform ivec2 u_tileSize;
layout(location = HP_LOC_TILES_X) uniform int u_tilesX;

uvec3 hpVoxel(ivec2 cell) {
    ivec2 tile = cell / u_tileSize;
    ivec2 inTile = cell - tile * u_tileSize;
    return uvec3(inTile, uint(tile.y * u_tilesX + tile.x));
}

void hpWritePoint(uint k, ivec2 cell) { u_points[k] = uvec4(hpVoxel(cell), uint(cell.x) | (uint(cell.y) << 16)); }
