#version 450
// Marching cubes by HP5 (engine/surface/mc_hp5.h), the expansion: one invocation per output triangle, its first
// vertex k (dispatched indirectly from the pyramid's top: no count is read back), descends the 5:1 pyramid
// (hp5_descend.glsl: a uvec4 fetch and four compares a level) to its base word, whose 4 cells' counts give the cell
// and the vertex's index within its case (mcPickCell). Vertex k is the reference's vertex k, as hp_mc's
// (mc_expand.comp.glsl); the placement is the same code (mc_place.glsl).
#include "mc_place.glsl"
#include "hp5_descend.glsl"

layout(std430, binding = MC_BIND_CASES) readonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_HEADER) readonly buffer McHeader { uint b_header[]; };

void main() {
    uint k = 3u * mcInvocation(); // a triangle's 3 vertices lie in one cell: one descent for the three
    if (k >= b_header[MC_HEADER_DRAW]) return; // the draw count: whole triangles within the capacity
    uint rest = k;
    uint word = hp5Descend(rest);
    uint mcCase;
    uint j = mcPickCell(b_cases[word], rest, mcCase);
    ivec3 cell = mcWordCell(word) + ivec3(j, 0, 0);
    uvec2 entry = mcEntry(mcCase); // the three edges from one load
    for (uint v = 0u; v < 3u; ++v) // rest is a multiple of 3: the triangle's first vertex in the cell
        mcWriteVertexOf(k + v, cell, mcCase, entry, rest + v);
}
