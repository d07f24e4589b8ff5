// HeartBreaker for surfaces: the source's vertices, read as SHATTER_VERTEX_VEC4S vec4 each (particles_shared.h).
// The marching cubes' list may be longer than one storage block allows (llvmpipe: 4 194 304 vertices in 128 MiB),
// so it is bound as ENTRY_BLOCKS blocks of vec4 (entry_blocks.glsl); a block holds whole vertices.
#pragma once
#include "entry_blocks.glsl"

ENTRY_BLOCKS_DECLARE(SHATTER_BIND_VERTICES, readonly, vec4, ShVertices, u_vertices)
ENTRY_BLOCKS_LOAD(vec4, shVertexVec4, u_vertices)
