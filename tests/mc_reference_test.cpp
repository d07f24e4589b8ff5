// The CPU marching-cubes reference: the surface of random fields is WATERTIGHT away
// from the volume's boundary (welded by grid edge, every interior mesh edge is used by exactly two triangles
// in opposite directions), on several sizes (non-cubic too), seeds, bands, types and with NaN;
// counter-example tables (complementary symmetry, rules that differ between neighbouring cells, one case
// reversed) must fail that check. Then the analytic sphere (positions on it, normals outward, anisotropic
// spacing, a closed surface of Euler characteristic 2), NaN corners, side 1, empty and full bands, the
// placement and order of a single cell, the binary-field midpoint and determinism.
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "mc_reference.h"
#include "mc_test_util.h"
#include "volume_file.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <utility>

using namespace dicer;
using namespace dicer::test; // and the surface wing, Band, ScalarType, ScalarVolume (mc_test_util.h)

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct RandomField {
    glm::ivec3 size;
    unsigned seed;
};
const RandomField kRandomFields[] = {
    {{2, 2, 2}, 1},  {{3, 3, 3}, 2},   {{5, 7, 3}, 3},    {{16, 16, 16}, 4}, {{17, 9, 23}, 5},
    {{31, 4, 6}, 6}, {{2, 19, 11}, 7}, {{24, 24, 24}, 8}, {{12, 33, 5}, 9},
};

// A random band inside [0, 1): two uniform ends, sorted; sometimes one end open (-inf or +inf).
Band randomBand(std::mt19937& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    double lo = u(rng), hi = u(rng);
    if (lo > hi) std::swap(lo, hi);
    const double r = u(rng);
    if (r < 0.2) lo = -kInf;
    if (r > 0.8) hi = kInf;
    return {lo, hi};
}

} // namespace

// --- watertight --------------------------------------------------------------------------------------------

TEST(McWatertight, RandomFloatFieldsWithNan) {
    std::int64_t triangles = 0, zeroArea = 0;
    for (const RandomField& field : kRandomFields)
        for (double nanFraction : {0.0, 0.05}) {
            const ScalarVolume volume = randomFloatVolume(field.size, field.seed, nanFraction);
            std::mt19937 rng(field.seed * 101);
            for (int b = 0; b < 4; ++b) {
                const Band band = randomBand(rng);
                const McSurface s = marchingCubesReference(volume, band);
                const EdgeCheck check = checkEdges(volume.size, s.vertices);
                SCOPED_TRACE(testing::Message() << "size " << field.size.x << "x" << field.size.y << "x"
                                                << field.size.z << " seed " << field.seed << " band ["
                                                << band.lo << ", " << band.hi << "] nan " << nanFraction);
                EXPECT_EQ(check.interiorBad, 0);
                EXPECT_EQ(check.boundaryBad, 0);
                EXPECT_EQ(check.degenerate, 0);
                triangles += check.triangles;
                zeroArea += check.zeroArea;
            }
        }
    EXPECT_GT(triangles, 100000); // the check saw real surfaces
    std::printf("random float fields: %lld triangles, %lld of zero area\n", (long long)triangles,
                (long long)zeroArea);
}

// Integer data: band ends on sample values put vertices on samples (t = 0 or 1), so some triangles have zero
// area; the welded topology is still closed. A 2-level field is binary: midpoints.
TEST(McWatertight, RandomByteFields) {
    std::int64_t triangles = 0, zeroArea = 0;
    for (const RandomField& field : kRandomFields)
        for (int levels : {2, 5, 256}) {
            const ScalarVolume volume = randomByteVolume(field.size, field.seed + 1000, levels);
            std::mt19937 rng(field.seed);
            std::uniform_int_distribution<int> end(0, levels - 1);
            for (int b = 0; b < 3; ++b) {
                int lo = end(rng), hi = end(rng);
                if (lo > hi) std::swap(lo, hi);
                const McSurface s = marchingCubesReference(volume, {double(lo), double(hi)});
                EXPECT_EQ(s.placement, levels == 2 ? McPlacement::Midpoint : McPlacement::Interpolate);
                const EdgeCheck check = checkEdges(volume.size, s.vertices);
                EXPECT_EQ(check.interiorBad, 0) << "levels " << levels << " band " << lo << ", " << hi;
                EXPECT_EQ(check.boundaryBad, 0);
                EXPECT_EQ(check.degenerate, 0);
                triangles += check.triangles;
                zeroArea += check.zeroArea;
            }
        }
    EXPECT_GT(triangles, 10000);
    std::printf("random byte fields: %lld triangles, %lld of zero area\n", (long long)triangles,
                (long long)zeroArea);
}

// The real scans (non-cubic, anisotropic, int16 and uint8) and the built-in metaballs' shell band (a band
// with both ends crossed): watertight at several bands, with the placement interpolated.
TEST(McWatertight, RealScansAndMetaballs) {
    std::vector<ScalarVolume> volumes;
    for (const char* name : {"headsq", "head_mr"}) {
        Result<ScalarVolume> scan = volume::loadVolumeFile(volume::bundledVolumePath(name));
        ASSERT_TRUE(scan) << name << ": " << scan.error();
        volumes.push_back(std::move(*scan));
    }
    Result<ScalarVolume> metaballs = volume::loadBuiltinVolume("metaballs:40x48x36");
    ASSERT_TRUE(metaballs) << metaballs.error();
    volumes.push_back(std::move(*metaballs));
    for (const ScalarVolume& volume : volumes) {
        const std::optional<volume::ValueRange> range = volume::valueRange(volume);
        ASSERT_TRUE(range);
        std::vector<Band> bands;
        for (double f : {0.1, 0.3, 0.5}) // [f of the range, max] and the middle third
            bands.push_back({range->min + f * (range->max - range->min), range->max});
        bands.push_back(
            {range->min + (range->max - range->min) / 3, range->min + 2 * (range->max - range->min) / 3});
        if (volume.name.starts_with("metaballs")) bands.push_back(volume::kMetaballsShellBand);
        for (const Band& band : bands) {
            const McSurface s = marchingCubesReference(volume, band);
            EXPECT_EQ(s.placement, McPlacement::Interpolate);
            const EdgeCheck check = checkEdges(volume.size, s.vertices);
            EXPECT_GT(check.triangles, 100) << volume.name << " " << volume::bandText(band);
            EXPECT_EQ(check.interiorBad, 0) << volume.name << " " << volume::bandText(band);
            EXPECT_EQ(check.boundaryBad, 0) << volume.name << " " << volume::bandText(band);
        }
    }
}

// The check above can fail: the classic way (a 15-class table used with complementary symmetry, here: the
// SeparateInside case for at most 4 inside corners, the complement's JoinInside case otherwise) opens holes.
TEST(McWatertight, ComplementarySymmetryLeavesHoles) {
    const McTable separate = deriveMcTable(AmbiguousFace::SeparateInside);
    const McTable join = deriveMcTable(AmbiguousFace::JoinInside);
    McTable classic = separate;
    for (int c = 0; c < kMcCases; ++c)
        if (std::popcount(unsigned(c)) > 4) classic.cases[c] = join.cases[c];
    const ScalarVolume volume = randomFloatVolume({16, 16, 16}, 4, 0);
    McOptions options;
    options.table = &classic;
    const EdgeCheck bad =
        checkEdges(volume.size, marchingCubesReference(volume, {0.5, kInf}, options).vertices);
    EXPECT_GT(bad.interiorBad, 0);
    // JoinInside everywhere is as closed as SeparateInside: only the agreement between cells matters.
    options.table = &join;
    EXPECT_EQ(
        checkEdges(volume.size, marchingCubesReference(volume, {0.5, kInf}, options).vertices).interiorBad,
        0);
}

// ... and so does a rule that differs between neighbouring cells (SeparateInside where x is even, JoinInside
// where it is odd: every ambiguous face between two cells is drawn both ways).
TEST(McWatertight, RulesThatDisagreeAcrossAFaceLeaveHoles) {
    const McTable join = deriveMcTable(AmbiguousFace::JoinInside);
    const ScalarVolume volume = randomFloatVolume({17, 9, 23}, 5, 0);
    const McSurface s = marchingCubesReference(volume, {0.3, 0.7});
    std::vector<McVertex> mixed;
    for (std::size_t i = 0; i < s.cases.size(); ++i) {
        const glm::ivec3 cell(int(i % s.cells.x), int(i / s.cells.x % s.cells.y),
                              int(i / s.cells.x / s.cells.y));
        const McCase& mc = (cell.x % 2 ? join : mcTable()).cases[s.cases[i]];
        for (int j = 0; j < mc.count; ++j) {
            McVertex v;
            v.cell = cell;
            v.edge = mc.edges[j];
            mixed.push_back(v);
        }
    }
    EXPECT_GT(checkEdges(volume.size, mixed).interiorBad, 0);
}

// ... and a single case with its triangles' orientation flipped breaks the "opposite directions" half.
TEST(McWatertight, OneReversedCaseIsCaught) {
    McTable flipped = mcTable();
    McCase& mc = flipped.cases[0x0F]; // the z = 0 face inside: common in a random field
    for (int j = 0; j < mc.count; j += 3)
        std::swap(mc.edges[j + 1], mc.edges[j + 2]);
    McOptions options;
    options.table = &flipped;
    const ScalarVolume volume = randomFloatVolume({16, 16, 16}, 4, 0);
    EXPECT_GT(
        checkEdges(volume.size, marchingCubesReference(volume, {0.5, kInf}, options).vertices).interiorBad,
        0);
}

// --- the analytic sphere ---------------------------------------------------------------------------------

namespace {
// The distance to `centre` (physical units) of each sample, float32; spacing per axis.
ScalarVolume distanceField(glm::ivec3 size, glm::dvec3 spacing, glm::dvec3 centre) {
    std::vector<float> values;
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                values.push_back(float(glm::length(glm::dvec3(x, y, z) * spacing - centre)));
    ScalarVolume v = makeVolume(size, ScalarType::Float32, values);
    v.spacing = glm::vec3(spacing);
    return v;
}
} // namespace

// The ball [0, R] of a distance field: vertices within h^2 / (8 R) of the sphere (what linear interpolation
// of a distance along an edge of length h can be off by: 0.0125 for h = 1, R = 10), normals radial and
// outward (out of the band region), a closed surface (every edge interior, used once each way) with
// V - E + F = 2.
TEST(McSphere, VerticesOnTheSphereNormalsOutward) {
    const double radius = 10;
    for (glm::dvec3 spacing : {glm::dvec3(1, 1, 1), glm::dvec3(1, 0.5, 2)}) {
        const glm::ivec3 size = glm::ivec3(glm::ceil(glm::dvec3(26.0) / spacing));
        const glm::dvec3 centre = glm::dvec3(12.3, 12.1, 11.7);
        const ScalarVolume volume = distanceField(size, spacing, centre);
        const McSurface s = marchingCubesReference(volume, {0, radius});
        ASSERT_EQ(s.placement, McPlacement::Interpolate);
        ASSERT_GT(s.triangleCount(), 1000);
        double worstDistance = 0, worstDot = 1;
        for (const McVertex& v : s.vertices) {
            const glm::dvec3 radial = v.position - centre;
            worstDistance = std::max(worstDistance, std::abs(glm::length(radial) - radius));
            worstDot = std::min(worstDot, glm::dot(v.normal, glm::normalize(radial)));
            EXPECT_NEAR(glm::length(v.normal), 1, 1e-12);
            EXPECT_EQ(v.crossing, McCrossing::Hi);
            EXPECT_FALSE(v.normalFallback);
            EXPECT_EQ(v.position, v.index * spacing);
        }
        const double h = std::max({spacing.x, spacing.y, spacing.z});
        EXPECT_LT(worstDistance, 1.01 * h * h / (8 * radius));
        EXPECT_GT(worstDot, 0.99);
        const EdgeCheck check = checkEdges(volume.size, s.vertices);
        EXPECT_EQ(check.interiorBad, 0);
        EXPECT_EQ(check.boundaryEdges, 0);
        EXPECT_EQ(check.vertices - check.interiorEdges + check.triangles, 2); // a sphere
        // The geometric orientation agrees with the normals: each triangle's winding faces out of the ball.
        for (std::size_t t = 0; t < s.vertices.size(); t += 3) {
            const glm::dvec3 a = s.vertices[t].position, b = s.vertices[t + 1].position,
                             c = s.vertices[t + 2].position;
            EXPECT_GE(glm::dot(glm::cross(b - a, c - a), (a + b + c) / 3.0 - centre), 0)
                << "triangle " << t / 3;
        }
    }
}

// The complement band (everything outside the ball): the same sphere, crossed at lo, normals toward the
// centre.
TEST(McSphere, OutsideBandNormalsPointInward) {
    const glm::dvec3 centre(8.5, 8.5, 8.5);
    const ScalarVolume volume = distanceField({18, 18, 18}, glm::dvec3(1), centre);
    const McSurface s = marchingCubesReference(volume, {6, kInf});
    ASSERT_GT(s.triangleCount(), 100);
    for (const McVertex& v : s.vertices) {
        EXPECT_EQ(v.crossing, McCrossing::Lo);
        EXPECT_LT(glm::dot(v.normal, v.position - centre), 0);
    }
}

// --- edge cases ------------------------------------------------------------------------------------------

TEST(McReference, SideOneHasNoCells) {
    for (glm::ivec3 size :
         {glm::ivec3(1, 5, 5), glm::ivec3(5, 1, 5), glm::ivec3(5, 5, 1), glm::ivec3(1, 1, 1)}) {
        const ScalarVolume volume = randomFloatVolume(size, 3, 0);
        const McSurface s = marchingCubesReference(volume, {0.2, 0.6});
        EXPECT_EQ(s.cells, glm::ivec3(0));
        EXPECT_EQ(s.cellCount(), 0);
        EXPECT_TRUE(s.cases.empty());
        EXPECT_TRUE(s.vertices.empty());
    }
}

TEST(McReference, EmptyAndFullBandsGiveNoTriangles) {
    const ScalarVolume volume = randomFloatVolume({9, 8, 7}, 11, 0);
    const McSurface empty = marchingCubesReference(volume, {0.7, 0.3}); // lo > hi holds nothing
    EXPECT_EQ(empty.triangleCount(), 0);
    for (std::uint8_t c : empty.cases)
        EXPECT_EQ(c, 0);
    const McSurface full = marchingCubesReference(volume, {-kInf, kInf});
    EXPECT_EQ(full.triangleCount(), 0);
    EXPECT_EQ(full.cellCount(), 8 * 7 * 6);
    for (std::uint8_t c : full.cases)
        EXPECT_EQ(c, 255);
}

// NaN is never in a band, even the full one: NaN corners are outside, their vertices at the midpoint with the
// fallback normal (from the inside corner toward the NaN one).
TEST(McReference, NanCornersAreOutside) {
    std::vector<float> values(8, 1.f);
    values[0] = std::numeric_limits<float>::quiet_NaN();
    const ScalarVolume volume = makeVolume({2, 2, 2}, ScalarType::Float32, values);
    const McSurface s = marchingCubesReference(volume, {-kInf, kInf});
    ASSERT_EQ(s.cases.size(), 1u);
    EXPECT_EQ(s.cases[0], 0xFE);
    ASSERT_EQ(s.vertices.size(), 3u);
    for (const McVertex& v : s.vertices) {
        EXPECT_EQ(v.crossing, McCrossing::None);
        EXPECT_EQ(v.t, 0.5);
        EXPECT_TRUE(v.normalFallback);
        glm::dvec3 expected(0.0);
        expected[mcEdgeAxis(v.edge)] = -1; // the NaN corner is the edge's lower corner
        EXPECT_EQ(v.normal, expected);
    }
    EXPECT_EQ(checkEdges(volume.size, s.vertices).degenerate, 0);
}

// One cell by hand: corner 0 = 1, the others 0, band [0.25, 2]: case 1, edges 0, 4, 8 in the table's order,
// crossing lo at t = (0.25 - 1) / (0 - 1) = 0.75 from corner 0, normals away from corner 0.
TEST(McReference, OneCellByHand) {
    std::vector<float> values(8, 0.f);
    values[0] = 1.f;
    ScalarVolume volume = makeVolume({2, 2, 2}, ScalarType::Float32, values);
    volume.spacing = {2.f, 3.f, 4.f};
    McOptions options;
    options.placement = McPlacement::Interpolate; // 0 and 1 only: a binary field, which defaults to midpoints
    const McSurface s = marchingCubesReference(volume, {0.25, 2}, options);
    ASSERT_EQ(s.vertices.size(), 3u);
    EXPECT_EQ(s.counts[0], 3);
    for (std::size_t j = 0; j < 3; ++j) {
        const McVertex& v = s.vertices[j];
        EXPECT_EQ(v.cell, glm::ivec3(0));
        EXPECT_EQ(v.mcCase, 1);
        EXPECT_EQ(v.edge, mcTable().cases[1].edges[j]);
        EXPECT_EQ(v.crossing, McCrossing::Lo);
        glm::dvec3 index(0.0);
        index[mcEdgeAxis(v.edge)] = 0.75;
        EXPECT_EQ(v.index, index);
        EXPECT_EQ(v.position, index * glm::dvec3(2, 3, 4));
        EXPECT_GT(v.normal[mcEdgeAxis(v.edge)], 0);
    }
}

// A binary field (at most two distinct values, NaN aside) places every vertex at its edge's midpoint, where
// interpolation toward a band end equal to a sample value would put it on the sample.
TEST(McReference, BinaryFieldUsesMidpoints) {
    std::vector<std::uint8_t> values(27, 0);
    values[13] = 255; // the centre sample
    const ScalarVolume binary = makeVolume({3, 3, 3}, ScalarType::Uint8, values);
    EXPECT_TRUE(isBinaryField(binary));
    const McSurface s = marchingCubesReference(binary, {255, 255});
    EXPECT_EQ(s.placement, McPlacement::Midpoint);
    ASSERT_EQ(s.triangleCount(), 8); // one corner of each of the 8 cells around the centre
    for (const McVertex& v : s.vertices)
        EXPECT_EQ(v.t, 0.5);
    const EdgeCheck check = checkEdges(binary.size, s.vertices);
    EXPECT_EQ(check.interiorBad, 0);
    EXPECT_EQ(check.vertices - check.interiorEdges + check.triangles, 2); // a closed octahedron
    values[0] = 7;
    EXPECT_FALSE(isBinaryField(makeVolume({3, 3, 3}, ScalarType::Uint8, values)));
    McOptions interpolate;
    interpolate.placement = McPlacement::Interpolate;
    for (const McVertex& v : marchingCubesReference(binary, {255, 255}, interpolate).vertices)
        EXPECT_EQ(std::abs(v.index.x - 1) + std::abs(v.index.y - 1) + std::abs(v.index.z - 1),
                  0); // on the sample
}

// Cells x fastest, then y, then z; per cell its case and count; the vertices grouped by cell in that order
// with the table's edges; triangles = sum of counts / 3.
TEST(McReference, CellOrderCasesAndCounts) {
    const ScalarVolume volume = randomFloatVolume({6, 5, 4}, 21, 0.02);
    const McSurface s = marchingCubesReference(volume, {0.4, 0.8});
    ASSERT_EQ(s.cells, glm::ivec3(5, 4, 3));
    ASSERT_EQ(s.cases.size(), 60u);
    std::size_t next = 0, total = 0;
    for (std::size_t i = 0; i < s.cases.size(); ++i) {
        const glm::ivec3 cell(int(i % 5), int(i / 5 % 4), int(i / 20));
        int mcCase = 0;
        for (int c = 0; c < 8; ++c) {
            const glm::ivec3 p = cell + glm::ivec3(mcCornerBit(c, 0), mcCornerBit(c, 1), mcCornerBit(c, 2));
            mcCase |= int(volume::inBand(volume.value(volume.index(p)), {0.4, 0.8})) << c;
        }
        EXPECT_EQ(s.cases[i], mcCase);
        EXPECT_EQ(s.counts[i], mcTable().cases[mcCase].count);
        for (int j = 0; j < s.counts[i]; ++j, ++next) {
            ASSERT_LT(next, s.vertices.size());
            EXPECT_EQ(s.vertices[next].cell, cell);
            EXPECT_EQ(s.vertices[next].mcCase, mcCase);
            EXPECT_EQ(s.vertices[next].edge, mcTable().cases[mcCase].edges[j]);
        }
        total += s.counts[i];
    }
    EXPECT_EQ(next, s.vertices.size());
    EXPECT_EQ(std::int64_t(total / 3), s.triangleCount());
}

// Every cell sharing a grid edge places its vertex identically (bit for bit), and two runs agree bit for bit.
TEST(McReference, SharedEdgesAndRunsAreBitIdentical) {
    const ScalarVolume volume = randomFloatVolume({13, 11, 9}, 31, 0.03);
    const McSurface a = marchingCubesReference(volume, {0.2, 0.75});
    const McSurface b = marchingCubesReference(volume, {0.2, 0.75});
    ASSERT_EQ(a.vertices.size(), b.vertices.size());
    std::map<std::int64_t, const McVertex*> byEdge;
    for (std::size_t i = 0; i < a.vertices.size(); ++i) {
        const McVertex& v = a.vertices[i];
        EXPECT_EQ(std::memcmp(&v.position, &b.vertices[i].position, sizeof(v.position)), 0);
        EXPECT_EQ(std::memcmp(&v.normal, &b.vertices[i].normal, sizeof(v.normal)), 0);
        const auto [it, first] = byEdge.try_emplace(gridEdgeId(volume.size, v.cell, v.edge), &v);
        if (!first) {
            EXPECT_EQ(it->second->position, v.position);
            EXPECT_EQ(it->second->normal, v.normal);
        }
        EXPECT_GE(v.t, 0);
        EXPECT_LE(v.t, 1);
        EXPECT_NEAR(glm::length(v.normal), 1, 1e-12);
    }
}

// The gradient is one-sided at the border and next to NaN: on the ramp v = x (spacing 2 along x) with NaN
// samples sprinkled in, every vertex that crosses the band's end sits at x = lo exactly and has the normal
// (-1, 0, 0) exactly, wherever it is; a NaN neighbour read as a number (or a difference across it) would tilt
// the normals beside it. The vertices around the NaN samples cross no band end: midpoints, fallback normals.
TEST(McReference, OneSidedGradientsAtTheBorderAndNextToNan) {
    const glm::ivec3 size(8, 6, 5);
    std::vector<float> values;
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                values.push_back(float(x));
    for (int i : {3 + 8 * 2, 4 + 8 * (3 + 6 * 1), 2 + 8 * (5 + 6 * 4), 4 + 8 * (0 + 6 * 2)})
        values[std::size_t(i)] = std::numeric_limits<float>::quiet_NaN();
    ScalarVolume volume = makeVolume(size, ScalarType::Float32, values);
    volume.spacing = {2.f, 1.f, 1.f};
    const McSurface s = marchingCubesReference(volume, {3.25, kInf});
    int crossing = 0, fallback = 0;
    for (const McVertex& v : s.vertices) {
        if (v.crossing == McCrossing::None) {
            EXPECT_TRUE(v.normalFallback);
            EXPECT_EQ(v.t, 0.5);
            ++fallback;
            continue;
        }
        ++crossing;
        EXPECT_EQ(v.crossing, McCrossing::Lo);
        EXPECT_FALSE(v.normalFallback); // (the fallback's axis would be (-1, 0, 0) here too)
        EXPECT_EQ(v.index.x, 3.25);
        EXPECT_EQ(v.position.x, 6.5);
        EXPECT_EQ(v.normal, glm::dvec3(-1, 0, 0))
            << "at " << v.index.x << ", " << v.index.y << ", " << v.index.z;
    }
    EXPECT_GT(crossing, 20);
    EXPECT_GT(fallback, 0);
}

// SUBNORMALS (mc_reference.h): a float32 subnormal value or band end places as 0, since GPUs may flush it
// (the NVIDIA H200 did: its vertices differed from a reference that divided the subnormals); inside or
// outside still follows the exact values. Here the band starts at the smallest subnormal and the upper samples
// hold it: 0 / 0 for the GPU, so the midpoint, where subnormal arithmetic would give t = 1.
TEST(McReference, SubnormalValuesAndBandEndsPlaceAsZero) {
    const float tiny = std::numeric_limits<float>::denorm_min();
    std::vector<float> values(8, 0.f);
    for (int i = 0; i < 8; ++i)
        if (i & 1) values[std::size_t(i)] = tiny; // x = 1
    ScalarVolume volume = makeVolume({2, 2, 2}, ScalarType::Float32, values);
    McOptions interpolate;
    interpolate.placement = McPlacement::Interpolate;
    const McSurface s = marchingCubesReference(volume, {double(tiny), kInf}, interpolate);
    ASSERT_EQ(s.vertices.size(), 6u); // the plane between x = 0 (outside) and x = 1 (inside): two triangles
    for (const McVertex& v : s.vertices) {
        EXPECT_EQ(v.crossing, McCrossing::Lo);
        EXPECT_EQ(v.t, 0.5);
        EXPECT_TRUE(v.normalFallback); // the gradient of values that all place as 0
        EXPECT_EQ(v.normal, glm::dvec3(-1, 0, 0));
    }
    EXPECT_EQ(placementValue(tiny), 0.0);
    EXPECT_EQ(placementValue(-double(std::numeric_limits<float>::min()) / 2), 0.0);
    EXPECT_EQ(placementValue(std::numeric_limits<float>::min()), double(std::numeric_limits<float>::min()));
    EXPECT_EQ(placementValue(-kInf), -kInf);
    EXPECT_TRUE(std::isnan(placementValue(std::numeric_limits<double>::quiet_NaN())));
}
