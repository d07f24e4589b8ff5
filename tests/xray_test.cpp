// CPU tests of the X-ray's reference walk and record parsing (engine/hp/xray.h): the walk over the CPU pyramid
// finds the k-th cell of the reference's key-index list for every k, its steps' sums add up to the count at
// every level and the key stays inside the child taken; a record is parsed as written, and a short or empty one
// is one error.
#include "hp_compute.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "hp_xray.h"
#include "xray.h"
#include "xray_levels.h"

#include <gtest/gtest.h>

using namespace dicer;

TEST(XrayCpu, WalkFindsTheKthCellOfTheReferenceList) {
    for (auto [w, h, density] : {std::tuple{37, 29, 0.4}, std::tuple{128, 64, 0.05}, std::tuple{16, 16, 1.0}}) {
        const std::vector<std::uint8_t> alpha = test::randomAlpha(w, h, density, 7u);
        const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, w, h, test::kTestThreshold);
        const std::vector<glm::ivec2> cells = hp::cpuPointList(cpu);
        const int levels = std::max(hp::computeLevels({w, h}), HPC_MASK_LEVEL + 1);
        ASSERT_EQ(cells.size(), cpu.count());
        for (std::uint32_t k = 0; k < cpu.count(); ++k) {
            const hp::XrayPath path = hp::cpuComputeXray(cpu, levels, k);
            ASSERT_EQ(path.cell, cells[k]) << w << "x" << h << " k " << k;
            ASSERT_EQ(path.steps.size(), std::size_t(levels - HPC_MASK_LEVEL + 1));
            std::uint32_t key = k;
            for (const hp::XrayStep& s : path.steps) {
                ASSERT_EQ(s.key, key);
                if (s.mask) break;
                std::uint32_t start = 0;
                for (std::uint32_t i = 0; i < s.child; ++i) start += s.sums[int(i)];
                ASSERT_LE(start, key);
                ASSERT_LT(key - start, s.sums[int(s.child)]); // the key lies in the child taken
                ASSERT_EQ(s.keyDown, key - start);
                key = s.keyDown;
            }
        }
        EXPECT_EQ(hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[0] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[1] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[2] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[3],
                  cpu.count());
    }
}

TEST(XrayCpu, RecordsParseAsWrittenAndBadOnesAreOneError) {
    std::vector<std::uint32_t> words(HP_XRAY_WORDS, 0u);
    words[0] = 2;
    words[1] = 17;
    words[2] = 9;
    words[3] = 1;
    const std::uint32_t steps[2][HP_XRAY_STEP_WORDS] = {{4, 1, 0, 5, 3, 1, 2, 0, 1, 2, 0, 0},
                                                        {3, 2, 1, 2, 0x16u, 0, 0, 0, 4, 0, 0, 0}};
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < HP_XRAY_STEP_WORDS; ++j) words[HP_XRAY_HEADER_WORDS + i * HP_XRAY_STEP_WORDS + j] = steps[i][j];
    Result<hp::XrayPath> path = hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL);
    ASSERT_TRUE(path) << path.error();
    EXPECT_EQ(path->cell, glm::ivec2(17, 9));
    ASSERT_EQ(path->steps.size(), 2u);
    EXPECT_EQ(path->steps[0].sums, glm::uvec4(3, 1, 2, 0));
    EXPECT_EQ(path->steps[0].child, 1u);
    EXPECT_FALSE(path->steps[0].mask);
    EXPECT_TRUE(path->steps[1].mask);
    EXPECT_EQ(hp::describeXray(*path).back(), "output 5 is texel (17, 9)");
    words[3] = 0;
    EXPECT_FALSE(hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL)); // nothing found
    words[3] = 1;
    words[0] = HP_XRAY_MAX_STEPS + 1;
    Result<hp::XrayPath> bad = hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("more than it holds"), std::string::npos) << bad.error();
    EXPECT_FALSE(hp::parseXrayRecord(std::span<const std::uint32_t>(words.data(), 2), 5, HPC_MASK_LEVEL));
}

// The view's plan (xray_levels.h): a tile's pixels never exceed the side, its block is the smallest power of two
// that fits, aligned, and its pixels cover the window; tiles sit in the canvas' grid.
TEST(XrayCpu, TilesCoverTheWindowWithinTheSide) {
    const std::vector<hp::XrayLevel> levels{{0, {513, 97}}, {1, {257, 49}}, {2, {129, 25}}, {9, {2, 1}}, {10, {1, 1}}};
    const std::vector<hp::XrayTile> whole = hp::planXrayTiles(levels, {0, 0, 1, 1}, 1024, 4);
    ASSERT_EQ(whole.size(), levels.size());
    for (const hp::XrayTile& t : whole) {
        EXPECT_EQ(t.block, 1);
        EXPECT_EQ(t.pixels, t.nodes);
        EXPECT_EQ(t.origin, glm::ivec2(0));
    }
    const std::vector<hp::XrayTile> small = hp::planXrayTiles(levels, {0, 0, 1, 1}, 4, 4);
    EXPECT_EQ(small[0].block, 256); // 513 nodes: 128 would take 5 pixels
    EXPECT_EQ(small[0].pixels, glm::ivec2(3, 1));
    EXPECT_EQ(small[4].at, glm::ivec2(0, 4)); // the fifth tile starts the second row
    EXPECT_EQ(hp::xrayCanvasSize(small, 4, 4), glm::ivec2(16, 8));
    for (glm::vec4 window : {glm::vec4(0.3f, 0.2f, 0.55f, 0.6f), glm::vec4(0.99f, 0.f, 1.f, 0.01f)})
        for (int side : {1, 3, 16, 100})
            for (const hp::XrayTile& t : hp::planXrayTiles(levels, window, side, 3)) {
                EXPECT_TRUE(t.pixels.x <= side && t.pixels.y <= side);
                EXPECT_EQ(t.origin % t.block, glm::ivec2(0));
                EXPECT_EQ(t.block & (t.block - 1), 0);
                const glm::ivec2 lo = glm::ivec2(glm::floor(glm::vec2(window.x, window.y) * glm::vec2(t.nodes)));
                const glm::ivec2 hi = glm::ivec2(glm::ceil(glm::vec2(window.z, window.w) * glm::vec2(t.nodes)));
                EXPECT_TRUE(t.origin.x <= glm::min(lo.x, t.nodes.x - 1) && t.origin.y <= glm::min(lo.y, t.nodes.y - 1));
                EXPECT_TRUE(t.origin.x + t.pixels.x * t.block >= glm::min(hi.x, t.nodes.x));
                EXPECT_TRUE(t.origin.y + t.pixels.y * t.block >= glm::min(hi.y, t.nodes.y));
                if (t.block > 1) { // half the block would not fit
                    EXPECT_TRUE((glm::min(hi, t.nodes).x - lo.x / (t.block / 2) * (t.block / 2) + t.block / 2 - 1) /
                                        (t.block / 2) > side ||
                                (glm::min(hi, t.nodes).y - lo.y / (t.block / 2) * (t.block / 2) + t.block / 2 - 1) /
                                        (t.block / 2) > side);
                }
            }
}

// A 1D 4:1 level in Z order: entry i's four children are the 2x2 nodes under node(i), and a level's extent
// holds all its entries, halved a level up.
TEST(XrayCpu, ZOrderMakesA1dPyramidAQuadtree) {
    for (std::uint64_t i : {0ull, 1ull, 5ull, 63ull, 64ull, 1000ull, 123456789ull}) {
        EXPECT_EQ(hp::zOrderIndex(hp::zOrderNode(i)), i);
        for (std::uint64_t c = 0; c < 4; ++c)
            EXPECT_EQ(hp::zOrderNode(4 * i + c), 2 * hp::zOrderNode(i) + glm::ivec2(int(c & 1), int(c >> 1)));
    }
    for (std::uint64_t n : {1ull, 2ull, 4ull, 5ull, 17ull, 1000ull, 4096ull, 4097ull}) {
        const glm::ivec2 e = hp::zOrderExtent(n);
        EXPECT_GE(e.x, e.y);
        EXPECT_GE(std::uint64_t(e.x) * std::uint64_t(e.y), n);
        EXPECT_LT(std::uint64_t(e.x) * std::uint64_t(e.y), 4 * n);
        const glm::ivec2 last = hp::zOrderNode(n - 1);
        EXPECT_TRUE(last.x < e.x && last.y < e.y) << n;
        if (n > 4) {
            EXPECT_EQ(hp::zOrderExtent((n + 3) / 4), e / 2) << n;
        }
    }
}
