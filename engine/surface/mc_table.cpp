// The marching-cubes table derived from the face rule (mc_table.h; docs/SURFACES.md, "The table"). The whole
// derivation is constexpr: the table the engine uses is computed by the compiler, and the static_asserts
// below are the proof that every case has a multiple of 3 vertices, at most 15.
#include "mc_table.h"

#include <stdexcept>

namespace dicer::surface {
namespace {

// The edge joining two corners that differ in exactly one coordinate (see NUMBERING in mc_table.h).
constexpr int edgeBetween(int c0, int c1) {
    const int diff = c0 ^ c1;
    const int axis = diff == 1 ? 0 : diff == 2 ? 1 : 2;
    const int lower = c0 & c1; // the corner with 0 on the edge's axis; the other two coordinates are shared
    const int u = axis == 0 ? 1 : 0, v = axis == 2 ? 1 : 2; // the other axes, in increasing order
    return axis * 4 + (mcCornerBit(lower, u) | mcCornerBit(lower, v) << 1);
}

// Every edge's corners agree with kMcEdgeCorners (the public list is the documentation; this is the rule).
constexpr bool edgeListMatchesRule() {
    for (int e = 0; e < 12; ++e) {
        const int c0 = kMcEdgeCorners[e][0], c1 = kMcEdgeCorners[e][1];
        if (edgeBetween(c0, c1) != e || mcCornerBit(c0, mcEdgeAxis(e)) != 0 ||
            mcCornerBit(c1, mcEdgeAxis(e)) != 1)
            return false;
    }
    return true;
}
static_assert(edgeListMatchesRule());

// The four corners of face f (= 2 * axis + side) in counter-clockwise order seen from outside the cube, i.e.
// by the right-hand rule about the face's outward normal (+axis for side 1, -axis for side 0). With u, v the
// other two axes in cyclic order (e_u x e_v = e_axis), counter-clockwise about +axis is (0,0) (1,0) (1,1)
// (0,1) in (u, v); about -axis the reverse walk (0,0) (0,1) (1,1) (1,0).
constexpr std::array<int, 4> faceCorners(int face) {
    const int axis = face / 2, side = face % 2;
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    constexpr int kU[4] = {0, 1, 1, 0}, kV[4] = {0, 0, 1, 1};
    std::array<int, 4> corners{};
    for (int i = 0; i < 4; ++i) {
        const int cu = side == 1 ? kU[i] : kV[i], cv = side == 1 ? kV[i] : kU[i];
        corners[i] = side << axis | cu << u | cv << v;
    }
    return corners;
}

// Whether two edges lie on a common face of the cube: some axis that neither runs along on which both have
// the same coordinate.
constexpr bool shareFace(int a, int b) {
    for (int axis = 0; axis < 3; ++axis)
        if (mcEdgeAxis(a) != axis && mcEdgeAxis(b) != axis &&
            mcCornerBit(kMcEdgeCorners[a][0], axis) == mcCornerBit(kMcEdgeCorners[b][0], axis))
            return true;
    return false;
}

// Cuts the loop v0 .. v(n-1) into n - 2 triangles whose DIAGONALS (the triangle sides that are not loop
// segments) never join two edges of one face. A side on a face is shared with the neighbour across it: if it
// is a segment, the neighbour has the same segment the other way (what closes the surface); if it were a
// diagonal, the neighbour could draw the same diagonal and four triangles would meet at one mesh edge (a
// plain fan from the loop's first edge does this; the random fields of mc_reference_test.cpp showed it). A
// side joining edges on no common face lies inside the cell, where exactly the two triangles on either side
// of it use it. Dynamic programming over the sub-polygons vi .. vj, taking the first apex k that works, so
// the choice is deterministic; the constexpr evaluation proves that one exists for every loop.
constexpr void triangulateLoop(const std::array<int, 12>& loop, int n, McCase& out) {
    // can[i][j]: the polygon vi, vi+1, ..., vj (closed by the side vi-vj) has such a triangulation.
    std::array<std::array<int, 12>, 12> apex{};
    std::array<std::array<bool, 12>, 12> can{};
    auto sideOk = [&](int i, int j) {
        return j == i + 1 || (i == 0 && j == n - 1) || !shareFace(loop[i], loop[j]);
    };
    for (int i = 0; i + 1 < n; ++i)
        can[i][i + 1] = true;
    for (int length = 2; length < n; ++length)
        for (int i = 0; i + length < n; ++i) {
            const int j = i + length;
            for (int k = i + 1; k < j && !can[i][j]; ++k)
                if (sideOk(i, k) && sideOk(k, j) && can[i][k] && can[k][j]) {
                    can[i][j] = true;
                    apex[i][j] = k;
                }
        }
    if (!can[0][n - 1])
        throw std::logic_error("mc table: a loop has no triangulation without face diagonals");
    // Emit depth first: the triangle (vi, vk, vj), then the part before k, then the part after.
    std::array<std::array<int, 2>, 12> stack{};
    int top = 0;
    stack[top++] = {0, n - 1};
    while (top > 0) {
        const auto [i, j] = stack[--top];
        if (j - i < 2) continue;
        const int k = apex[i][j];
        if (out.count + 3 > kMcMaxVertices) throw std::length_error("mc table: a case needs > 15 vertices");
        out.edges[out.count++] = std::uint8_t(loop[i]);
        out.edges[out.count++] = std::uint8_t(loop[k]);
        out.edges[out.count++] = std::uint8_t(loop[j]);
        stack[top++] = {k, j};
        stack[top++] = {i, k};
    }
}

constexpr McCase deriveCase(int mcCase, AmbiguousFace rule) {
    // next[e]: the edge the surface goes to from edge e along a face segment (-1: e is not crossed).
    // Segments run so that, seen from outside the cube, the face's inside corners lie on their RIGHT: walking
    // the face's boundary counter-clockwise, a segment goes from an entry crossing (outside corner -> inside
    // corner) to an exit crossing (inside -> outside). Each crossed edge belongs to two faces, which walk it
    // in opposite directions, so it is an entry on one face and an exit on the other: every crossed edge gets
    // exactly one successor and one predecessor, and the segments chain into closed loops. Loops oriented
    // this way give triangles that are counter-clockwise seen from the outside corners (mc_table.h,
    // ORIENTATION).
    std::array<int, 12> next{};
    for (int& n : next)
        n = -1;
    for (int face = 0; face < 6; ++face) {
        const std::array<int, 4> corners = faceCorners(face);
        int crossingEdge[4] = {}, crossingEntry[4] = {}, crossings = 0;
        for (int i = 0; i < 4; ++i) {
            const int a = corners[i], b = corners[(i + 1) % 4];
            const bool inA = (mcCase >> a & 1) != 0, inB = (mcCase >> b & 1) != 0;
            if (inA == inB) continue;
            crossingEdge[crossings] = edgeBetween(a, b);
            crossingEntry[crossings] = inB ? 1 : 0;
            ++crossings;
        }
        // 0, 2 or 4 crossings; entries and exits alternate along the walk. With 2 the entry pairs with the
        // only exit. With 4 (the ambiguous face) an entry pairs with the NEXT exit counter-clockwise (the
        // inside corner between them is cut off alone: SeparateInside) or the PREVIOUS one (the inside
        // corners stay connected: JoinInside). The rule depends only on the face's four corners, which the
        // two cells sharing the face both see, so both cells draw the same segments (in opposite directions).
        const int step = crossings == 4 && rule == AmbiguousFace::JoinInside ? crossings - 1 : 1;
        for (int k = 0; k < crossings; ++k) {
            if (!crossingEntry[k]) continue;
            const int exit = (k + step) % crossings;
            if (crossingEntry[exit] || next[crossingEdge[k]] != -1)
                throw std::logic_error("mc table: bad face walk");
            next[crossingEdge[k]] = crossingEdge[exit];
        }
    }

    // Chain the segments into loops (each started at its lowest edge, loops in the order of those edges) and
    // triangulate each loop keeping its turn (every triangle (a, b, c) follows the loop's order).
    McCase result{};
    std::array<bool, 12> used{};
    for (int start = 0; start < 12; ++start) {
        if (next[start] == -1 || used[start]) continue;
        std::array<int, 12> loop{};
        int n = 0;
        for (int e = start; !used[e]; e = next[e]) {
            if (next[e] == -1) throw std::logic_error("mc table: open loop");
            used[e] = true;
            loop[n++] = e;
        }
        if (loop[0] != start || next[loop[n - 1]] != start)
            throw std::logic_error("mc table: loop not closed");
        triangulateLoop(loop, n, result);
    }
    return result;
}

constexpr McTable derive(AmbiguousFace rule) {
    McTable table{};
    for (int c = 0; c < kMcCases; ++c) {
        const McCase mc = deriveCase(c, rule);
        table.cases[c] = mc;
        std::uint32_t words[2] = {0xFFFFFFFFu, 0xFFFFFFFFu};
        for (int j = 0; j < kMcMaxVertices; ++j) {
            const std::uint32_t nibble = j < mc.count ? mc.edges[j] : 0xFu;
            words[j / 8] = (words[j / 8] & ~(0xFu << (4 * (j % 8)))) | nibble << (4 * (j % 8));
        }
        words[1] = (words[1] & 0x0FFFFFFFu) | std::uint32_t(mc.count) << 28;
        table.packed[2 * c] = words[0];
        table.packed[2 * c + 1] = words[1];
    }
    return table;
}

constexpr McTable kTable = derive(AmbiguousFace::SeparateInside);

constexpr bool countsHold(const McTable& table) {
    for (const McCase& mc : table.cases)
        if (mc.count % 3 != 0 || mc.count > kMcMaxVertices) return false;
    return table.cases[0].count == 0 && table.cases[kMcCases - 1].count == 0;
}
// The table's bound: at most 15 vertices (5 triangles) per case, a multiple of 3. A rule change that
// broke it would stop the build here (or in the derivation's length_error, which is a compile error too).
static_assert(countsHold(kTable));
static_assert(mcPackedCount(kTable, 1) == 3 && mcPackedEdge(kTable, 1, 3) == 0xF);

} // namespace

const McTable& mcTable() {
    return kTable;
}

McTable deriveMcTable(AmbiguousFace rule) {
    return derive(rule);
}

} // namespace dicer::surface
