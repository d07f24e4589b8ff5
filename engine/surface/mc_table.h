// The marching-cubes triangle table, derived in code rather than typed in: per case, the
// crossed edges of each cube face are joined into segments, with ONE fixed rule on the ambiguous faces, the
// segments are chained into closed loops and each loop is cut into triangles. Based on: Lorensen and
// Cline, "Marching Cubes" (SIGGRAPH 1987), for the cases and edges; Montani, Scateni and Scopigno, "A
// modified look-up table for implicit disambiguation of Marching Cubes" (The Visual Computer, 1994), for the
// idea that one fixed face rule (rather than the 15 classes used with complementary symmetry, which leave
// holes) makes the cells that share a face agree. docs/SURFACES.md has the derivation and the proof sketch.
// No GL.
//
// NUMBERING (the GPU takes the same numbers; docs/SURFACES.md draws them):
//  - corner i (0..7) of the cell at sample (x, y, z) is the sample
//    (x + (i & 1), y + (i >> 1 & 1), z + (i >> 2 & 1)); the case has bit i set when corner i is in the band.
//  - edge e (0..11) lies along axis a = e / 4 (0 = x, 1 = y, 2 = z); bits 0 and 1 of e % 4 are the edge's
//    coordinates on the other two axes in increasing axis order (x before y before z). So edges 0-3 run
//    along x at (y, z) = (0,0) (1,0) (0,1) (1,1), edges 4-7 along y at (x, z) = the same, edges 8-11 along z
//    at (x, y). kMcEdgeCorners lists each edge's two corners, the lower one (0 on the edge's axis) first.
//
// ORIENTATION: each triangle (a, b, c) is counter-clockwise seen from the OUTSIDE of the band region, i.e.
// (b - a) x (c - a) points away from the inside corners: normals point out of the band region (toward lower
// values at a crossing of lo, toward higher values at a crossing of hi).
#pragma once

#include <array>
#include <cstdint>

namespace dicer::surface {

inline constexpr int kMcCases = 256;
inline constexpr int kMcMaxVertices =
    15; // 5 triangles: the most any case has (checked where the table is built)

// The two corners of each edge, lower first (see NUMBERING).
inline constexpr std::array<std::array<std::uint8_t, 2>, 12> kMcEdgeCorners = {{
    {0, 1},
    {2, 3},
    {4, 5},
    {6, 7}, // along x, at (y, z) = (0,0) (1,0) (0,1) (1,1)
    {0, 2},
    {1, 3},
    {4, 6},
    {5, 7}, // along y, at (x, z) = (0,0) (1,0) (0,1) (1,1)
    {0, 4},
    {1, 5},
    {2, 6},
    {3, 7}, // along z, at (x, y) = (0,0) (1,0) (0,1) (1,1)
}};

// Coordinate `axis` (0 = x, 1 = y, 2 = z) of corner i within its cell: 0 or 1.
constexpr int mcCornerBit(int corner, int axis) {
    return corner >> axis & 1;
}
// The axis edge e runs along.
constexpr int mcEdgeAxis(int edge) {
    return edge / 4;
}

// What a face whose inside corners lie on a diagonal (two inside, two outside, alternating: four crossed
// edges) does with them. Either rule closes surfaces as long as every cell applies the same rule to every
// face, since the two cells sharing a face see the same four corners; the table uses SeparateInside
// everywhere.
enum class AmbiguousFace : std::uint8_t {
    SeparateInside, // each inside corner is cut off by its own segment (the outside corners connect)
    JoinInside,     // the inside corners connect across the face (each outside corner is cut off)
};

struct McCase {
    std::uint8_t count = 0;                           // vertices: 0 .. 15, a multiple of 3
    std::array<std::uint8_t, kMcMaxVertices> edges{}; // the edge of vertex j < count; 3 per triangle
};

// THE PACKED FORM (for a shader: 2 KiB, `uvec2 mcPacked[256]` in a uniform or storage block): per case two
// uint32 words w0, w1 holding 16 nibbles, nibble j (bits 4 (j % 8) .. of word j / 8) = the edge of vertex j
// for j < count, 0xF for j >= count (no edge has that number), and the top nibble (nibble 15 = bits 28..31 of
// w1) = the case's vertex count. So:
//   count(c)   = packed[2c + 1] >> 28
//   edge(c, j) = packed[2c + j / 8] >> (4 * (j % 8)) & 0xF          (j < 15)
struct McTable {
    std::array<McCase, kMcCases> cases{};
    std::array<std::uint32_t, 2 * kMcCases> packed{};
};

// The table, derived once (at compile time) with SeparateInside on every face.
const McTable& mcTable();

// The derivation itself, for either rule (JoinInside: the tests' second consistent table, and the parts of
// their counter-examples). Mixing the rules between the faces of one cell is not offered: some cases would
// need more than 15 vertices, and a cell's neighbour across a face would not agree anyway.
McTable deriveMcTable(AmbiguousFace rule);

// Readers of the packed form, exactly as a shader reads it (tests check they give `cases`).
constexpr int mcPackedCount(const McTable& table, int mcCase) {
    return int(table.packed[2 * mcCase + 1] >> 28);
}
constexpr int mcPackedEdge(const McTable& table, int mcCase, int vertex) {
    return int(table.packed[2 * mcCase + vertex / 8] >> (4 * (vertex % 8)) & 0xFu);
}

} // namespace dicer::surface
