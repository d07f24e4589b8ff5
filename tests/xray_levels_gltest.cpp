// The X-ray view's levels (engine/hp/xray_levels.h) drawn from the GPU structures, against the CPU: for the
// compute HistoPyramids (hp_compute over the atlas, hp_bits over its occupancy bits) on random atlases, every
// tile of every level, whole and zoomed, reduced to a few pixels or not at all, holds exactly the CPU
// pyramid's node sums over each pixel's block; every level's total over the whole window is the count (the
// top's one node included); pixels outside the tiles are untouched. A method without a pyramid says so.
#include "gl_test_util.h"
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"
#include "occupancy_sparse.h"
#include "xray_canvas_util.h"
#include "xray_levels.h"

#include <bit>
#include <numeric>

using namespace dicer;
using namespace dicer::test;

namespace {

void expectComputeLevels(const char* row, int w, int h, double density, std::uint32_t seed,
                         hp::Storage storage = hp::Storage::Uint32) {
    SCOPED_TRACE(std::string(row) + " " + hp::storageName(storage) + " " + std::to_string(w) + "x" + std::to_string(h));
    const std::vector<std::uint8_t> alpha = randomAlpha(w, h, density, seed);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    const hp::MethodInput in = rowInput(row, atlas.id(), w, h);
    hp::MethodOptions options;
    options.storage = storage;
    hp::PointMethod* m = methodFor(row, options);
    ASSERT_TRUE(m);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, w, h, hp::thresholdToByte(0.5f));
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, cpu.count());
    auto node = [&](int level, int x, int y) -> std::uint64_t {
        if (level >= int(cpu.levels.size())) return x == 0 && y == 0 ? cpu.count() : 0; // above the CPU's top
        const int n = cpu.baseSize >> level;
        return x < n && y < n ? cpu.at(level, x, y) : 0;
    };
    const std::vector<hp::XrayLevel> levels = m->xrayLevels();
    ASSERT_GE(levels.size(), 5u);
    ASSERT_EQ(levels.front().nodes.x, std::max(levels.front().nodes.x, w)); // the base holds the input
    EXPECT_EQ(levels.front().level, 0);
    EXPECT_EQ(levels.back().nodes, glm::ivec2(1)) << "the top is one node";
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.3f, 0.2f, 0.55f, 0.6f), glm::vec4(0.9f, 0.95f, 1, 1)})
        for (int side : {4, 24, 520}) {
            SCOPED_TRACE("window " + std::to_string(window.x) + ".." + std::to_string(window.z) + " side " +
                         std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(levels, window, side, 4);
            const DrawnCanvas c = drawXrayCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m->drawXray(tiles, canvas);
            });
            ASSERT_FALSE(c.pixels.empty());
            EXPECT_EQ(compareXrayCanvas(c, tiles, node), 0);
            if (window == glm::vec4(0, 0, 1, 1)) {
                for (const hp::XrayTile& t : tiles)
                    EXPECT_EQ(c.totals[std::size_t(t.slot)], count) << "level " << t.level;
            }
        }
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

TEST(XrayLevels, ComputeTilesEqualTheCpuPyramid) {
    expectComputeLevels("hp_compute", 200, 150, 0.3, 11u);
    expectComputeLevels("hp_compute", 513, 97, 0.6, 12u);
}

TEST(XrayLevels, BitsTilesEqualTheCpuPyramid) {
    expectComputeLevels("hp_bits", 200, 150, 0.3, 13u);
    expectComputeLevels("hp_bits", 300, 300, 0.02, 14u);
}

// The paper's four variants: their stored levels (one channel, vec4, rectangle, float), uint32 and float32.
TEST(XrayLevels, PaperVariantsTilesEqualTheCpuPyramid) {
    for (const char* row : {"dicer_single", "dicer_vec4", "dicer_rect", "dicer_bil"})
        expectComputeLevels(row, 200, 150, 0.3, 16u, std::string(row) == "dicer_bil" ? hp::Storage::Float32 : hp::Storage::Uint32);
    expectComputeLevels("dicer_vec4", 97, 130, 0.5, 17u, hp::Storage::Float32);
    expectComputeLevels("dicer_rect", 97, 130, 0.5, 18u, hp::Storage::Float32);
}

// Horn's scan: its scan levels drawn as the elements they scan (level 0 the texels' 0/1, each level above the sums
// of 1024 below, in Z order, then the total) equal the same levels computed on the CPU from the atlas, whole and
// zoomed; every level's total is the count. 1500 x 800 texels: three scan levels and the total.
TEST(XrayLevels, HornScanTilesEqualItsScannedElements) {
    const int w = 1500, h = 800;
    const std::vector<std::uint8_t> alpha = randomAlpha(w, h, 0.3, 19u);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    const hp::MethodInput in = rowInput("horn_scan", atlas.id(), w, h);
    hp::PointMethod* m = methodFor("horn_scan");
    ASSERT_TRUE(m);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const std::uint32_t count = m->readCount();
    std::vector<std::vector<std::uint64_t>> levels(1);
    const std::uint32_t threshold = hp::thresholdToByte(0.5f);
    for (std::uint8_t a : alpha) levels[0].push_back(a >= threshold ? 1u : 0u);
    while (levels.back().size() > 1) {
        std::vector<std::uint64_t> up((levels.back().size() + 1023) / 1024, 0);
        for (std::size_t i = 0; i < levels.back().size(); ++i) up[i / 1024] += levels.back()[i];
        levels.push_back(up);
    }
    ASSERT_EQ(levels.back()[0], count);
    const std::vector<hp::XrayLevel> drawn = m->xrayLevels();
    ASSERT_EQ(drawn.size(), levels.size());
    EXPECT_EQ(drawn[0].nodes, glm::ivec2(w, h));
    const auto node = [&](int level, int x, int y) -> std::uint64_t {
        const std::vector<std::uint64_t>& l = levels[std::size_t(level)];
        const std::uint64_t i = level == 0 ? std::uint64_t(y) * w + std::uint64_t(x) : hp::zOrderIndex({x, y});
        return (level == 0 ? x < w && y < h : i < l.size()) ? l[std::size_t(i)] : 0;
    };
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.2f, 0.1f, 0.45f, 0.4f)})
        for (int side : {4, 24, 520}) {
            SCOPED_TRACE("side " + std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(drawn, window, side, 4);
            const DrawnCanvas c = drawXrayCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m->drawXray(tiles, canvas);
            });
            EXPECT_EQ(compareXrayCanvas(c, tiles, node), 0);
            if (window != glm::vec4(0, 0, 1, 1)) continue;
            for (const hp::XrayTile& t : tiles) EXPECT_EQ(c.totals[std::size_t(t.slot)], count) << "level " << t.level;
        }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(XrayLevels, MethodsWithoutAPyramidSaySo) {
    hp::PointMethod* m = methodFor("atomic_append");
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->xrayLevels().empty());
    Result<void> r = m->drawXray({}, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("atomic_append: builds no pyramid"), std::string::npos) << r.error();
}

// hp_sparse: its 1D pyramid over the pool's masks (slot order, Z order drawn) equals the CPU's sums of the
// masks the pool holds for this frame's used slots (past them: 0), whole and zoomed; every level's total is the
// count.
TEST(XrayLevels, SparseTilesEqualThePoolsMasks) {
    const int w = 300, h = 200;
    const std::vector<std::uint8_t> alpha = randomAlpha(w, h, 0.05, 15u);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    const hp::MethodInput in = rowInput("hp_sparse", atlas.id(), w, h);
    hp::PointMethod* m = methodFor("hp_sparse");
    ASSERT_TRUE(m);
    ASSERT_TRUE(in.sparsePool && in.sparseIndex);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, hp::buildCpuPyramid(alpha, w, h, hp::thresholdToByte(0.5f)).count());
    std::uint32_t used = 0;
    glGetNamedBufferSubData(in.sparseIndex, SPARSE_USED * 4, 4, &used);
    ASSERT_GT(used, 0u);
    std::vector<std::uint32_t> pool(std::size_t(used) * SPARSE_BRICK_WORDS);
    glGetNamedBufferSubData(in.sparsePool, 0, GLsizeiptr(pool.size() * 4), pool.data());
    std::vector<std::vector<std::uint64_t>> levels(1);
    for (std::size_t i = 0; i < pool.size() / 2; ++i)
        levels[0].push_back(std::uint64_t(std::popcount(pool[2 * i]) + std::popcount(pool[2 * i + 1])));
    while (levels.back().size() > 1) {
        std::vector<std::uint64_t> up((levels.back().size() + 3) / 4, 0);
        for (std::size_t i = 0; i < levels.back().size(); ++i) up[i / 4] += levels.back()[i];
        levels.push_back(up);
    }
    const std::vector<hp::XrayLevel> drawn = m->xrayLevels();
    ASSERT_GE(drawn.size(), 4u);
    // After the top, the brick map: each 32x32 brick of the atlas holds its points, counted here from the atlas.
    const hp::XrayLevel& bricks = drawn.back();
    ASSERT_TRUE(bricks.name);
    EXPECT_EQ(bricks.texelsPerNode, 32);
    EXPECT_EQ(bricks.level, drawn[drawn.size() - 2].level + 1);
    const std::uint32_t threshold = hp::thresholdToByte(0.5f);
    const auto brickPoints = [&](int bx, int by) {
        std::uint64_t n = 0;
        for (int y = by * 32; y < std::min(by * 32 + 32, h); ++y)
            for (int x = bx * 32; x < std::min(bx * 32 + 32, w); ++x)
                n += alpha[std::size_t(y) * w + std::size_t(x)] >= threshold ? 1u : 0u;
        return n;
    };
    const auto node = [&](int level, int x, int y) -> std::uint64_t {
        if (level == bricks.level) return brickPoints(x, y);
        if (level >= int(levels.size())) return x == 0 && y == 0 ? count : 0; // above the used slots' top
        const std::uint64_t i = hp::zOrderIndex({x, y});
        return i < levels[std::size_t(level)].size() ? levels[std::size_t(level)][std::size_t(i)] : 0;
    };
    EXPECT_EQ(drawn[drawn.size() - 2].nodes, glm::ivec2(1));
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.0f, 0.0f, 0.3f, 0.2f)})
        for (int side : {4, 24, 520}) {
            SCOPED_TRACE("side " + std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(drawn, window, side, 4);
            const DrawnCanvas c = drawXrayCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m->drawXray(tiles, canvas);
            });
            EXPECT_EQ(compareXrayCanvas(c, tiles, node), 0);
            if (window == glm::vec4(0, 0, 1, 1)) {
                for (const hp::XrayTile& t : tiles)
                    EXPECT_EQ(c.totals[std::size_t(t.slot)], count) << "level " << t.level;
            }
        }
    DICER_EXPECT_NO_GL_ERROR();
}
