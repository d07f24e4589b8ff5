// Brick statistics (engine/volume/brick_stats.h): hand-made volumes with known answers (one
// voxel inside a brick, on a brick's corner, at the volume's corner in a cut brick, an empty and a full band,
// NaN, values on both sides of the band but none inside, the atlas brick 32x32x1, the bytes), then random
// float volumes with NaN against a naive count built on the marching-cubes reference's own cell counts.
#include "brick_stats.h"

#include "mc_reference.h"
#include "mc_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace dicer;
using volume::Band;
using volume::BrickCount;
using volume::BrickStats;
using volume::ScalarType;
using volume::ScalarVolume;

namespace {

ScalarVolume bytes(glm::ivec3 size, std::uint8_t fill = 0) {
    return test::makeVolume(size, ScalarType::Uint8,
                            std::vector<std::uint8_t>(std::size_t(size.x) * size.y * size.z, fill));
}

void set(ScalarVolume& v, glm::ivec3 at, std::uint8_t value) {
    v.data[std::size_t(v.index(at))] = std::byte(value);
}

BrickStats stats(const ScalarVolume& v, Band band, std::vector<glm::ivec3> shapes) {
    Result<BrickStats> r = volume::brickStats(v, band, shapes);
    EXPECT_TRUE(r) << (r ? "" : r.error());
    return r ? *r : BrickStats{};
}

TEST(BrickStats, OneVoxelInsideOneBrick) {
    ScalarVolume v = bytes(glm::ivec3(16));
    set(v, glm::ivec3(5), 1);
    const BrickStats s = stats(v, {1, 1}, {glm::ivec3(4)});
    EXPECT_EQ(s.voxels, 4096);
    EXPECT_EQ(s.cells, 15 * 15 * 15);
    EXPECT_EQ(s.bandVoxels, 1);
    EXPECT_EQ(s.surfaceCells, 8); // the cells (4..5)^3 have voxel 5 as a corner
    ASSERT_EQ(s.shapes.size(), 1u);
    const BrickCount& b = s.shapes[0];
    EXPECT_EQ(b.grid, glm::ivec3(4));
    EXPECT_EQ(b.bricks, 64);
    EXPECT_EQ(b.bandBricks, 1);
    EXPECT_EQ(b.bandMinMaxBricks, 1);
    EXPECT_EQ(b.bandBrickVoxels, 64);
    EXPECT_EQ(b.surfaceBricks, 1);
    EXPECT_EQ(b.surfaceBrickCells, 64);
    EXPECT_EQ(b.countBricks, 1); // brick 0's corners reach voxel 4 only
    EXPECT_EQ(b.countBrickCells, 64);
    // BYTES (brick_stats.h).
    EXPECT_EQ(s.denseBitsBytes, 512);
    EXPECT_EQ(b.sparseBitsBytes, 2 * 4 * 2 + 1 * (8 + 4));
    EXPECT_EQ(s.denseMcBytes, 8 * 4 * 15 * 15); // ceil(15/4) base words a row
    EXPECT_EQ(b.sparseMcBytes, 8 * 64 + 2 * 4 * 2 + 1 * (2 * 64 + 4));
}

TEST(BrickStats, VoxelOnABricksCornerReachesEightBricks) {
    ScalarVolume v = bytes(glm::ivec3(16));
    set(v, glm::ivec3(4), 1);
    const BrickCount b = stats(v, {1, 1}, {glm::ivec3(4)}).shapes.at(0);
    EXPECT_EQ(b.bandBricks, 1);
    EXPECT_EQ(b.surfaceBricks, 8); // the cells (3..4)^3 lie in bricks 0 and 1 per axis
    EXPECT_EQ(b.countBricks, 8);   // voxel 4 is a corner of brick 0's last cells
    EXPECT_EQ(b.countBrickCells, 8 * 64);
}

TEST(BrickStats, VolumeCornerInACutBrick) {
    ScalarVolume v = bytes(glm::ivec3(9));
    set(v, glm::ivec3(8), 7);
    const BrickStats s = stats(v, {7, 7}, {glm::ivec3(4)});
    const BrickCount& b = s.shapes.at(0);
    EXPECT_EQ(b.grid, glm::ivec3(3));
    EXPECT_EQ(b.bandBricks, 1);
    EXPECT_EQ(b.bandBrickVoxels, 1); // brick (2,2,2) is 1 voxel of the volume
    EXPECT_EQ(s.surfaceCells, 1);    // cell (7,7,7)
    EXPECT_EQ(b.surfaceBricks, 1);
    EXPECT_EQ(b.surfaceBrickCells, 64);
    EXPECT_EQ(b.countBricks, 1); // brick (2,2,2) has no cells
}

TEST(BrickStats, EmptyAndFullBands) {
    const ScalarVolume v = bytes(glm::ivec3(8, 12, 5), 3);
    const BrickStats empty = stats(v, {4, 9}, {glm::ivec3(4)});
    const BrickCount& e = empty.shapes.at(0);
    EXPECT_EQ(e.bricks, 2 * 3 * 2);
    EXPECT_EQ(empty.bandVoxels + empty.surfaceCells, 0);
    EXPECT_EQ(e.bandBricks + e.bandMinMaxBricks + e.surfaceBricks + e.countBricks, 0);
    EXPECT_EQ(e.sparseBitsBytes, 2 * 4); // the coarse map and bases only

    const BrickStats full = stats(v, {0, 3}, {glm::ivec3(4)});
    const BrickCount& f = full.shapes.at(0);
    EXPECT_EQ(full.bandVoxels, full.voxels);
    EXPECT_EQ(f.bandBricks, f.bricks);
    EXPECT_EQ(f.bandMinMaxBricks, f.bricks);
    EXPECT_EQ(f.bandBrickVoxels, full.voxels);
    EXPECT_EQ(f.surfaceBricks, 0);
    EXPECT_EQ(f.countBricks, 0); // every corner inside: min/max skips them all

    const BrickCount none = stats(v, {5, 3}, {glm::ivec3(4)}).shapes.at(0); // lo > hi holds nothing
    EXPECT_EQ(none.bandBricks + none.bandMinMaxBricks + none.countBricks, 0);
}

TEST(BrickStats, NanIsOutside) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> values(512, 0.5f);
    values[std::size_t((2 * 8 + 2) * 8 + 2)] = nan;
    const BrickStats s =
        stats(test::makeVolume(glm::ivec3(8), ScalarType::Float32, values), {0, 1}, {glm::ivec3(4)});
    const BrickCount& b = s.shapes.at(0);
    EXPECT_EQ(s.bandVoxels, 511);
    EXPECT_EQ(b.bandBricks, 8);
    EXPECT_EQ(s.surfaceCells, 8);
    EXPECT_EQ(b.surfaceBricks, 1);
    EXPECT_EQ(b.countBricks, 1); // the others' corners are all inside; NaN spoils "all inside"

    const BrickCount allNan =
        stats(test::makeVolume(glm::ivec3(8), ScalarType::Float32, std::vector<float>(512, nan)), {0, 1},
              {glm::ivec3(4)})
            .shapes.at(0);
    EXPECT_EQ(allNan.bandBricks + allNan.bandMinMaxBricks + allNan.surfaceBricks + allNan.countBricks, 0);
}

TEST(BrickStats, BothSidesOfTheBandButNoneInsideIsReadNotMarked) {
    ScalarVolume v = bytes(glm::ivec3(8));
    for (int i = 0; i < 512; ++i)
        v.data[std::size_t(i)] = std::byte(i % 2 ? 10 : 0);
    const BrickStats s = stats(v, {5, 6}, {glm::ivec3(4)});
    const BrickCount& b = s.shapes.at(0);
    EXPECT_EQ(b.bandBricks, 0);
    EXPECT_EQ(b.surfaceBricks, 0);
    EXPECT_EQ(b.bandMinMaxBricks, 8); // min 0 <= hi, max 10 >= lo: a min/max cannot prove them empty
    EXPECT_EQ(b.countBricks, 8);
}

TEST(BrickStats, AtlasBrickIsOneSlice) {
    ScalarVolume v = bytes(glm::ivec3(64, 64, 4));
    set(v, glm::ivec3(40, 10, 2), 1);
    const BrickCount b = stats(v, {1, 1}, {glm::ivec3(32, 32, 1)}).shapes.at(0);
    EXPECT_EQ(b.grid, glm::ivec3(2, 2, 4));
    EXPECT_EQ(b.bandBricks, 1);
    EXPECT_EQ(b.surfaceBricks, 2); // cells at z = 1 and z = 2
    EXPECT_EQ(b.countBricks, 2);
    EXPECT_EQ(b.sparseBitsBytes, 2 * 4 + 132); // SPARSE.md's slot: 128 bytes of bits and the brick index
}

TEST(BrickStats, DefaultShapes) {
    const std::vector<glm::ivec3> shapes = volume::defaultBrickShapes();
    ASSERT_EQ(shapes.size(), 5u);
    EXPECT_EQ(shapes[0], glm::ivec3(4));
    EXPECT_EQ(shapes[3], glm::ivec3(32));
    EXPECT_EQ(shapes[4], glm::ivec3(32, 32, 1));
}

TEST(BrickStats, BadInputs) {
    const ScalarVolume v = bytes(glm::ivec3(4));
    const std::vector<glm::ivec3> zero = {glm::ivec3(4, 0, 4)};
    Result<BrickStats> r = volume::brickStats(v, {0, 1}, zero);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("4x0x4 has a side < 1"), std::string::npos) << r.error();
    ScalarVolume shortData = v;
    shortData.data.pop_back();
    const std::vector<glm::ivec3> four = {glm::ivec3(4)};
    EXPECT_FALSE(volume::brickStats(shortData, {0, 1}, four));
}

// A naive count per brick of shape `sh` from the definitions: the reference's cell counts, min/max in doubles.
BrickCount naiveCount(const ScalarVolume& v, Band band, const surface::McSurface& ref, glm::ivec3 sh) {
    const glm::ivec3 size = v.size;
    const glm::ivec3 grid = (size + sh - 1) / sh;
    BrickCount want;
    for (int bz = 0; bz < grid.z; ++bz)
        for (int by = 0; by < grid.y; ++by)
            for (int bx = 0; bx < grid.x; ++bx) {
                const glm::ivec3 lo = glm::ivec3(bx, by, bz) * sh;
                bool in = false, surf = false, anyNotIn = false;
                double mn = INFINITY, mx = -INFINITY, cmn = INFINITY, cmx = -INFINITY;
                std::int64_t voxels = 0, cells = 0;
                for (int z = lo.z; z < std::min(lo.z + sh.z + 1, size.z); ++z)
                    for (int y = lo.y; y < std::min(lo.y + sh.y + 1, size.y); ++y)
                        for (int x = lo.x; x < std::min(lo.x + sh.x + 1, size.x); ++x) {
                            const double val = v.value(v.index({x, y, z}));
                            const bool own = x < lo.x + sh.x && y < lo.y + sh.y && z < lo.z + sh.z;
                            const bool cell = own && x < size.x - 1 && y < size.y - 1 && z < size.z - 1;
                            if (own) {
                                ++voxels;
                                in = in || volume::inBand(val, band);
                                if (!std::isnan(val)) mn = std::min(mn, val), mx = std::max(mx, val);
                            }
                            if (cell) {
                                ++cells;
                                const std::int64_t c =
                                    (std::int64_t(z) * (size.y - 1) + y) * (size.x - 1) + x;
                                surf = surf || ref.counts[std::size_t(c)] > 0;
                            }
                            if (!std::isnan(val)) cmn = std::min(cmn, val), cmx = std::max(cmx, val);
                            anyNotIn = anyNotIn || !volume::inBand(val, band);
                        }
                ++want.bricks;
                want.bandBricks += in;
                want.bandBrickVoxels += in ? voxels : 0;
                want.bandMinMaxBricks += !(std::isinf(mn) || mx < band.lo || mn > band.hi);
                want.surfaceBricks += surf;
                want.surfaceBrickCells += surf ? cells : 0;
                const bool skip = std::isinf(cmn) || cmx < band.lo || cmn > band.hi || !anyNotIn;
                want.countBricks += cells > 0 && !skip;
                want.countBrickCells += cells > 0 && !skip ? cells : 0;
            }
    return want;
}

// The counts naiveCount recomputes, as one tuple: a mismatch prints both sides whole.
auto counts(const BrickCount& c) {
    return std::tuple{c.bricks,        c.bandBricks,        c.bandBrickVoxels, c.bandMinMaxBricks,
                      c.surfaceBricks, c.surfaceBrickCells, c.countBricks,     c.countBrickCells};
}

TEST(BrickStats, RandomVolumesMatchTheReference) {
    const std::vector<glm::ivec3> shapes = {glm::ivec3(1), glm::ivec3(2), glm::ivec3(3, 2, 5), glm::ivec3(4),
                                            glm::ivec3(32, 32, 1)};
    const glm::ivec3 sizes[] = {{13, 9, 7}, {5, 6, 17}, {1, 8, 8}, {2, 2, 2}};
    for (glm::ivec3 size : sizes) {
        for (unsigned seed : {1u, 2u}) {
            const ScalarVolume v = test::randomFloatVolume(size, seed, 0.05);
            const Band band{0.3, 0.7};
            const surface::McSurface ref = surface::marchingCubesReference(v, band);
            const BrickStats s = stats(v, band, shapes);
            SCOPED_TRACE(testing::Message() << size.x << "x" << size.y << "x" << size.z << " seed " << seed);
            EXPECT_EQ(s.cells, ref.cellCount());
            EXPECT_EQ(s.surfaceCells,
                      std::count_if(ref.counts.begin(), ref.counts.end(), [](auto n) { return n > 0; }));
            for (std::size_t k = 0; k < shapes.size(); ++k) {
                const glm::ivec3 sh = shapes[k];
                const BrickCount& got = s.shapes.at(k);
                SCOPED_TRACE(testing::Message() << "shape " << sh.x << "x" << sh.y << "x" << sh.z);
                EXPECT_EQ(counts(got), counts(naiveCount(v, band, ref, sh)));
                EXPECT_GE(got.countBricks, got.surfaceBricks);
                EXPECT_GE(got.bandMinMaxBricks, got.bandBricks);
            }
        }
    }
}

} // namespace
