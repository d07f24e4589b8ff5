// The marching cubes' output vertex, 16 bytes (mc_shared.h, MC_VERTEX_BYTES), written once and compiled twice:
// as GLSL (mc_place.glsl writes it; the surface view and the shatter read it) and as C++ (McMethod::readVertices
// decodes the read-back for the tests and the export). uvec4 (cell, ids, t, normal):
//   x: the cell's linear index (x fastest over the cells: the volume's size - 1 a side);
//   y: ids = case | edge << 8 | vertex-in-cell << 12 | normal fallback << 16 | crossing << 20 (mc_shared.h);
//   z: t's float bits: the vertex's place along its edge from the edge's lower sample, in [0, 1];
//   w: the unit normal, octahedral as two snorm16 (within 1e-4 of the float normal: its two words round to
//      1 / 32767 on the octahedron; the six axis directions exactly).
// The position is not stored: the cell and the edge name the edge's lower sample, t the step along its axis, and
// the reader multiplies by the spacing, the same float operations the expansion did when it stored positions
// (32 bytes a vertex then: half the list's memory and writes go).
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout`, functions
// prefixed `mc`.
#ifndef DICER_MC_VERTEX_H
#define DICER_MC_VERTEX_H

#include "mc_shared.h"

#ifdef __cplusplus
#include <glm/glm.hpp>
#include <glm/gtc/packing.hpp>

#include <cstdint>
#define MC_FN inline
namespace dicer::surface {
using glm::abs;
using glm::ivec3;
using glm::normalize;
using glm::packSnorm2x16;
using glm::uintBitsToFloat;
using glm::unpackSnorm2x16;
using glm::uvec4;
using glm::vec2;
using glm::vec3;
using uint = std::uint32_t;
#else
#define MC_FN
#endif

MC_FN float mcSignNotZero(float x) {
    return x >= 0.0f ? 1.0f : -1.0f;
}

// A unit normal as two snorm16: the sphere onto the octahedron |x| + |y| + |z| = 1, its lower half folded over.
MC_FN uint mcPackNormal(vec3 n) {
    float l1 = abs(n.x) + abs(n.y) + abs(n.z); // >= 1 for a unit vector: no division by a tiny number
    float x = n.x / l1;
    float y = n.y / l1;
    if (n.z < 0.0f) {
        float folded = (1.0f - abs(y)) * mcSignNotZero(x);
        y = (1.0f - abs(x)) * mcSignNotZero(y);
        x = folded;
    }
    return packSnorm2x16(vec2(x, y));
}

MC_FN vec3 mcUnpackNormal(uint word) {
    vec2 p = unpackSnorm2x16(word);
    float x = p.x;
    float y = p.y;
    float z = 1.0f - abs(p.x) - abs(p.y);
    if (z < 0.0f) {
        x = (1.0f - abs(p.y)) * mcSignNotZero(p.x);
        y = (1.0f - abs(p.x)) * mcSignNotZero(p.y);
    }
    return normalize(vec3(x, y, z)); // |(x, y, z)| >= 1 / sqrt(3)
}

// Edge `edge`'s lower sample from its cell's lowest (mc_table.h, NUMBERING: axis e / 4, bits 0 and 1 of e % 4 on
// the other two axes): the placement's and the decode's one reading of the numbering.
MC_FN ivec3 mcEdgeOffset(uint edge) {
    int axis = int(edge >> 2u);
    int b0 = int(edge & 1u);
    int b1 = int((edge >> 1u) & 1u);
    if (axis == 0) return ivec3(0, b0, b1);
    if (axis == 1) return ivec3(b0, 0, b1);
    return ivec3(b0, b1, 0);
}

// The lower sample of edge `edge` of cell `cell` (linear, x fastest over `cells` per axis).
MC_FN ivec3 mcEdgeLower(uint cell, uint edge, ivec3 cells) {
    uint cx = uint(cells.x);
    uint row = cell / cx;
    return ivec3(int(cell - row * cx), int(row % uint(cells.y)), int(row / uint(cells.y))) + mcEdgeOffset(edge);
}

// The vertex's edge within its cell (ids' bits 8..11): the decode's and the weld's one reading of the ids.
MC_FN uint mcVertexEdge(uvec4 vertex) {
    return (vertex.y >> uint(MC_ID_EDGE_SHIFT)) & 15u;
}

// The vertex's place in index space (times the spacing: physical units).
MC_FN vec3 mcVertexIndex(uvec4 vertex, ivec3 cells) {
    uint edge = mcVertexEdge(vertex);
    vec3 index = vec3(mcEdgeLower(vertex.x, edge, cells));
    int axis = int(edge >> 2u);
    index[axis] = index[axis] + uintBitsToFloat(vertex.z);
    return index;
}

#ifdef __cplusplus
static_assert(MC_VERTEX_BYTES == sizeof(uvec4), "a vertex is one uvec4");
} // namespace dicer::surface
#endif
#undef MC_FN
#endif
