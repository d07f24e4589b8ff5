// Point list output shared by every method's list pass: the atlas texel is turned into a 3D voxel coordinate
// with the atlas tiling (tile grid -> slice). The entry packing is hp_point.h, shared with the C++ reference.
#pragma once
#include "hp_shared.h"
#include "hp_tiling.glsl"

layout(std430, binding = HP_BIND_POINTS) writeonly buffer HpPoints { uvec4 u_points[]; };

void hpWritePoint(uint k, ivec2 cell) { u_points[k] = hpPointEntry(cell, u_tileSize, u_tilesX); }
