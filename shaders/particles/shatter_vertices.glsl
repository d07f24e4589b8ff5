// HeartBreaker for surfaces: the source's vertices, one uvec4 each (the marching cubes' form, mc_vertex.h: cell,
// ids, t, normal). The list may be longer than one storage block allows (llvmpipe: 8 388 608 vertices in
// 128 MiB), so it is bound as ENTRY_BLOCKS blocks (entry_blocks.glsl).
#pragma once
#include "entry_blocks.glsl"
#include "mc_vertex.h"

ENTRY_BLOCKS_DECLARE(SHATTER_BIND_VERTICES, readonly, uvec4, ShVertices, u_vertices)
ENTRY_BLOCKS_LOAD(uvec4, shVertex, u_vertices)
