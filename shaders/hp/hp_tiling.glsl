// The atlas tiling as uniforms (volume_layout.h): read by the discriminator (texels outside the volume are
// never active) and by the point output (atlas texel -> voxel). The maths is hp_point.h, shared with C++.
#pragma once
#include "hp_shared.h"
#include "hp_point.h"

layout(location = HP_LOC_TILE_SIZE) uniform ivec2 u_tileSize;
layout(location = HP_LOC_TILES_X) uniform int u_tilesX;
layout(location = HP_LOC_SLICES) uniform int u_slices;
