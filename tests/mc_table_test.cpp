// The derived marching-cubes table: every case's vertex count, the crossed edges,
// the loops' orientation, the 48 symmetries of the cube, the complement identity between the two face rules,
// the packed form. The surface-level checks (watertight on random fields) are in mc_reference_test.cpp.
#include "mc_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <utility>
#include <vector>

using namespace dicer::surface;

namespace {

using Segment = std::pair<int, int>; // directed, edge to edge

const McTable& joinTable() {
    static const McTable table = deriveMcTable(AmbiguousFace::JoinInside);
    return table;
}

std::array<int, 3> cornerXyz(int corner) {
    return {mcCornerBit(corner, 0), mcCornerBit(corner, 1), mcCornerBit(corner, 2)};
}
int cornerAt(std::array<int, 3> xyz) {
    return xyz[0] | xyz[1] << 1 | xyz[2] << 2;
}

bool crossed(int mcCase, int edge) {
    return (mcCase >> kMcEdgeCorners[edge][0] & 1) != (mcCase >> kMcEdgeCorners[edge][1] & 1);
}

// The boundary of a case's triangles: the directed edges whose reverse is not there (the diagonals inside a
// loop appear in both directions and cancel). For a correct case it is the set of face segments, one loop per
// surface piece.
std::set<Segment> boundary(const McCase& mc) {
    std::multiset<Segment> directed;
    for (int j = 0; j < mc.count; j += 3)
        for (int k = 0; k < 3; ++k)
            directed.insert({mc.edges[j + k], mc.edges[j + (k + 1) % 3]});
    std::set<Segment> result;
    for (const Segment& s : directed)
        if (!directed.count({s.second, s.first})) result.insert(s);
    return result;
}

std::set<Segment> reversed(const std::set<Segment>& segments) {
    std::set<Segment> result;
    for (const auto& [a, b] : segments)
        result.insert({b, a});
    return result;
}

// A symmetry of the cube: new coordinate i = old coordinate perm[i], flipped where flip[i].
struct Symmetry {
    std::array<int, 3> perm;
    std::array<bool, 3> flip;
    bool preservesOrientation() const {
        int inversions = 0;
        for (int i = 0; i < 3; ++i)
            for (int j = i + 1; j < 3; ++j)
                inversions += perm[i] > perm[j];
        const int flips = int(flip[0]) + int(flip[1]) + int(flip[2]);
        return (inversions + flips) % 2 == 0;
    }
    int corner(int c) const {
        const std::array<int, 3> old = cornerXyz(c);
        std::array<int, 3> out{};
        for (int i = 0; i < 3; ++i)
            out[i] = flip[i] ? 1 - old[perm[i]] : old[perm[i]];
        return cornerAt(out);
    }
    int mcCase(int c) const {
        int out = 0;
        for (int k = 0; k < 8; ++k)
            if (c >> k & 1) out |= 1 << corner(k);
        return out;
    }
    int edge(int e) const {
        const int a = corner(kMcEdgeCorners[e][0]), b = corner(kMcEdgeCorners[e][1]);
        for (int f = 0; f < 12; ++f)
            if ((kMcEdgeCorners[f][0] == a && kMcEdgeCorners[f][1] == b) ||
                (kMcEdgeCorners[f][0] == b && kMcEdgeCorners[f][1] == a))
                return f;
        ADD_FAILURE() << "corners " << a << ", " << b << " are not an edge";
        return -1;
    }
};

std::vector<Symmetry> cubeSymmetries() {
    std::vector<Symmetry> all;
    std::array<int, 3> perm = {0, 1, 2};
    do {
        for (int flips = 0; flips < 8; ++flips)
            all.push_back({perm, {(flips & 1) != 0, (flips & 2) != 0, (flips & 4) != 0}});
    } while (std::next_permutation(perm.begin(), perm.end()));
    return all;
}

// Whether a face of the cell holds two inside corners on a diagonal and two outside ones on the other.
bool hasAmbiguousFace(int mcCase) {
    for (int axis = 0; axis < 3; ++axis)
        for (int side = 0; side < 2; ++side) {
            std::vector<int> in;
            for (int c = 0; c < 8; ++c)
                if (mcCornerBit(c, axis) == side && (mcCase >> c & 1)) in.push_back(c);
            if (in.size() == 2 && std::popcount(unsigned(in[0] ^ in[1])) == 2) return true;
        }
    return false;
}

} // namespace

TEST(McTable, EveryCaseHasAMultipleOfThreeVerticesAtMostFifteen) {
    for (const McTable* table : {&mcTable(), &joinTable()})
        for (int c = 0; c < kMcCases; ++c) {
            const McCase& mc = table->cases[c];
            EXPECT_EQ(mc.count % 3, 0) << "case " << c;
            EXPECT_LE(mc.count, kMcMaxVertices) << "case " << c;
            for (int j = 0; j < mc.count; ++j)
                EXPECT_LT(mc.edges[j], 12) << "case " << c;
        }
}

TEST(McTable, KnownCases) {
    const McTable& t = mcTable();
    EXPECT_EQ(t.cases[0].count, 0);
    EXPECT_EQ(t.cases[255].count, 0);
    for (int corner = 0; corner < 8; ++corner) {
        EXPECT_EQ(t.cases[1 << corner].count, 3) << "corner " << corner;
        EXPECT_EQ(t.cases[255 ^ (1 << corner)].count, 3) << "all but corner " << corner;
    }
    EXPECT_EQ(t.cases[0x0F].count, 6);  // the z = 0 face inside: one quad
    EXPECT_EQ(t.cases[0x03].count, 6);  // edge 0 inside: one quad
    EXPECT_EQ(t.cases[0x69].count, 12); // the two checkerboards: four corners cut off
    EXPECT_EQ(t.cases[0x96].count, 12);
    // Corners 0 and 3 on the z = 0 face's diagonal: separated (two triangles) ...
    EXPECT_EQ(boundary(t.cases[0x09]).size(), 6u);
    EXPECT_EQ(t.cases[0x09].edges[0], 0);
    // ... and its complement, whose outside corners 0 and 3 are then joined through the face: one loop of 6
    // around the band they make across the face, 4 triangles.
    EXPECT_EQ(t.cases[0xF6].count, 12);
    EXPECT_EQ(boundary(t.cases[0xF6]).size(), 6u);
    // Both rules: 0 / 3 / 6 / 9 / 12 / 15 vertices in 2 / 16 / 50 / 80 / 76 / 32 cases (the derivation's
    // result, pinned so a change of the rule or the triangulation shows up here).
    std::array<int, 16> histogram{};
    for (const McCase& mc : t.cases)
        ++histogram[mc.count];
    EXPECT_EQ(histogram[0], 2);
    EXPECT_EQ(histogram[3], 16);
    EXPECT_EQ(histogram[6], 50);
    EXPECT_EQ(histogram[9], 80);
    EXPECT_EQ(histogram[12], 76);
    EXPECT_EQ(histogram[15], 32);
}

// The vertices lie on exactly the crossed edges, and the boundary of the triangles is a set of closed loops
// through every crossed edge once (one segment out, one in), each segment on a face of the cube.
TEST(McTable, TrianglesCloseOverTheCrossedEdges) {
    for (const McTable* table : {&mcTable(), &joinTable()})
        for (int c = 0; c < kMcCases; ++c) {
            const McCase& mc = table->cases[c];
            std::set<int> used(mc.edges.begin(), mc.edges.begin() + mc.count);
            for (int e = 0; e < 12; ++e)
                EXPECT_EQ(used.count(e) == 1, crossed(c, e)) << "case " << c << " edge " << e;
            std::array<int, 12> out{}, in{};
            for (const auto& [a, b] : boundary(mc)) {
                ++out[a];
                ++in[b];
                // A face holds both edges: some coordinate is the same constant on both (e.g. both at x = 0).
                bool sameFace = false;
                for (int axis = 0; axis < 3; ++axis) {
                    const auto& ca = kMcEdgeCorners[a];
                    const auto& cb = kMcEdgeCorners[b];
                    const int v = mcCornerBit(ca[0], axis);
                    sameFace |=
                        mcEdgeAxis(a) != axis && mcEdgeAxis(b) != axis && mcCornerBit(cb[0], axis) == v;
                }
                EXPECT_TRUE(sameFace) << "case " << c << " segment " << a << " -> " << b;
            }
            for (int e = 0; e < 12; ++e) {
                EXPECT_EQ(out[e], crossed(c, e) ? 1 : 0) << "case " << c << " edge " << e;
                EXPECT_EQ(in[e], crossed(c, e) ? 1 : 0) << "case " << c << " edge " << e;
            }
        }
}

// The sides of the triangles that are not loop segments (the diagonals inside a loop) never join two edges of
// one face: on a face, only the segments may be shared with the neighbouring cell (which draws them the other
// way); a diagonal there could be drawn by the neighbour too, and four triangles would meet at a mesh edge.
TEST(McTable, DiagonalsNeverLieOnAFace) {
    auto shareFace = [](int a, int b) {
        for (int axis = 0; axis < 3; ++axis)
            if (mcEdgeAxis(a) != axis && mcEdgeAxis(b) != axis &&
                mcCornerBit(kMcEdgeCorners[a][0], axis) == mcCornerBit(kMcEdgeCorners[b][0], axis))
                return true;
        return false;
    };
    for (const McTable* table : {&mcTable(), &joinTable()})
        for (int c = 0; c < kMcCases; ++c) {
            const McCase& mc = table->cases[c];
            const std::set<Segment> segments = boundary(mc);
            for (int j = 0; j < mc.count; j += 3)
                for (int k = 0; k < 3; ++k) {
                    const int a = mc.edges[j + k], b = mc.edges[j + (k + 1) % 3];
                    if (segments.count({a, b})) continue;
                    EXPECT_FALSE(shareFace(a, b)) << "case " << c << " diagonal " << a << " - " << b;
                }
        }
}

// Triangles are counter-clockwise seen from outside: with the vertices at the edge midpoints, each triangle's
// normal has a positive component along the inside-to-outside directions of its three edges.
TEST(McTable, TrianglesFaceTheOutsideCorners) {
    auto midpoint = [](int e) {
        std::array<double, 3> p{};
        for (int axis = 0; axis < 3; ++axis)
            p[axis] =
                (mcCornerBit(kMcEdgeCorners[e][0], axis) + mcCornerBit(kMcEdgeCorners[e][1], axis)) / 2.0;
        return p;
    };
    for (const McTable* table : {&mcTable(), &joinTable()})
        for (int c = 0; c < kMcCases; ++c) {
            const McCase& mc = table->cases[c];
            double total = 0;
            for (int j = 0; j < mc.count; j += 3) {
                const auto a = midpoint(mc.edges[j]), b = midpoint(mc.edges[j + 1]),
                           d = midpoint(mc.edges[j + 2]);
                const std::array<double, 3> u = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
                const std::array<double, 3> v = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
                const std::array<double, 3> n = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                                 u[0] * v[1] - u[1] * v[0]};
                std::array<double, 3> out{}; // sum over the three edges of (outside corner - inside corner)
                for (int k = 0; k < 3; ++k) {
                    const int e = mc.edges[j + k], axis = mcEdgeAxis(e);
                    out[axis] += (c >> kMcEdgeCorners[e][0] & 1) ? 1.0 : -1.0;
                }
                // >= 0: with midpoints some triangles are edge-on (e.g. three midpoints in one plane with the
                // edges' directions); the case's sum must be positive.
                const double facing = n[0] * out[0] + n[1] * out[1] + n[2] * out[2];
                EXPECT_GE(facing, 0) << "case " << c << " triangle " << j / 3;
                total += facing;
            }
            if (mc.count > 0) {
                EXPECT_GT(total, 0) << "case " << c;
            }
        }
}

// The face rule is the same on every face seen from any side, so the table commutes with the cube's 48
// symmetries: the loops of the image of a case are the images of its loops (reversed by a reflection).
TEST(McTable, CommutesWithTheCubesSymmetries) {
    const std::vector<Symmetry> symmetries = cubeSymmetries();
    ASSERT_EQ(symmetries.size(), 48u);
    for (const McTable* table : {&mcTable(), &joinTable()})
        for (const Symmetry& s : symmetries)
            for (int c = 0; c < kMcCases; ++c) {
                std::set<Segment> mapped;
                for (const auto& [a, b] : boundary(table->cases[c]))
                    mapped.insert({s.edge(a), s.edge(b)});
                if (!s.preservesOrientation()) mapped = reversed(mapped);
                ASSERT_EQ(boundary(table->cases[s.mcCase(c)]), mapped) << "case " << c;
            }
}

// Complement: inside and outside swap, so SeparateInside on ~c is JoinInside on c with every loop reversed.
// Where no face is ambiguous the two rules agree and the complement is just the reversed case; where one is,
// the table is NOT complement-symmetric (that symmetry is what leaves holes in the classic 15-class tables).
TEST(McTable, ComplementIsTheOtherRuleReversed) {
    int asymmetric = 0;
    for (int c = 0; c < kMcCases; ++c) {
        const std::set<Segment> separate = boundary(mcTable().cases[255 ^ c]);
        EXPECT_EQ(separate, reversed(boundary(joinTable().cases[c]))) << "case " << c;
        const bool symmetric = separate == reversed(boundary(mcTable().cases[c]));
        EXPECT_EQ(symmetric, !hasAmbiguousFace(c)) << "case " << c;
        asymmetric += !symmetric;
    }
    EXPECT_GT(asymmetric, 0);
}

TEST(McTable, PackedFormReadsBackEveryCase) {
    const McTable& t = mcTable();
    for (int c = 0; c < kMcCases; ++c) {
        ASSERT_EQ(mcPackedCount(t, c), t.cases[c].count) << "case " << c;
        for (int j = 0; j < kMcMaxVertices; ++j)
            EXPECT_EQ(mcPackedEdge(t, c, j), j < t.cases[c].count ? t.cases[c].edges[j] : 0xF)
                << "case " << c << " vertex " << j;
    }
    EXPECT_EQ(sizeof(t.packed), 2048u); // 2 KiB: fits any uniform block (GL 4.5 guarantees 16 KiB)
}

TEST(McTable, EdgeNumbering) {
    for (int e = 0; e < 12; ++e) {
        const int a = kMcEdgeCorners[e][0], b = kMcEdgeCorners[e][1];
        EXPECT_EQ(a ^ b, 1 << mcEdgeAxis(e)) << "edge " << e;
        EXPECT_EQ(mcCornerBit(a, mcEdgeAxis(e)), 0) << "edge " << e;
        // e % 4: the other two coordinates, lower axis in bit 0.
        int bitsOfOthers = 0, k = 0;
        for (int axis = 0; axis < 3; ++axis)
            if (axis != mcEdgeAxis(e)) bitsOfOthers |= mcCornerBit(a, axis) << k++;
        EXPECT_EQ(bitsOfOthers, e % 4) << "edge " << e;
    }
}
