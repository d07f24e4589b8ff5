// The point list's entries (hp_point.h), read and written only through hpLoadPoint / hpStorePoint: one buffer
// bound as ENTRY_BLOCKS storage blocks (entry_blocks.glsl: the block choice, and the ENTRY_ONE_BLOCK build).
// Define HP_POINTS_READONLY or HP_POINTS_WRITEONLY before including for a reader or a writer only.
#pragma once
#include "entry_blocks.glsl"
#include "hp_shared.h"

#if defined(HP_POINTS_READONLY)
#define HP_POINTS_ACCESS readonly
#elif defined(HP_POINTS_WRITEONLY)
#define HP_POINTS_ACCESS writeonly
#else
#define HP_POINTS_ACCESS
#endif

ENTRY_BLOCKS_DECLARE(HP_BIND_POINTS, HP_POINTS_ACCESS, uvec4, HpPoints, u_points)
#ifndef HP_POINTS_WRITEONLY
ENTRY_BLOCKS_LOAD(uvec4, hpLoadPoint, u_points)
#endif
#ifndef HP_POINTS_READONLY
ENTRY_BLOCKS_STORE(uvec4, hpStorePoint, u_points)
#endif
