// Point list output shared by every method's list pass: the atlas texel is turned into a 3D voxel coordinate
// with the atlas tiling (tile grid -> slice). The entry packing is hp_point.h, shared with the C++ reference.
#pragma once
#include "hp_shared.h"
#include "hp_tiling.glsl"
#define HP_POINTS_WRITEONLY
#include "hp_point_blocks.glsl"

void hpWritePoint(uint k, ivec2 cell) { hpStorePoint(k, hpPointEntry(cell, u_tileSize, u_tilesX)); }
