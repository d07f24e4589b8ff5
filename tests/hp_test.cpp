// HistoPyramid bookkeeping and the CPU reference (no GL): sizes, padding, threshold bytes, traversal order.
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace dicer;
using namespace dicer::hp;

TEST(HpMath, PaddingToSquarePowerOfTwo) {
    EXPECT_EQ(paddedBaseSize(1, 1), 2); // at least one reduction
    EXPECT_EQ(paddedBaseSize(2, 2), 2);
    EXPECT_EQ(paddedBaseSize(3, 1), 4);
    EXPECT_EQ(paddedBaseSize(5, 17), 32);
    EXPECT_EQ(paddedBaseSize(4096, 4096), 4096);
    EXPECT_EQ(paddedBaseSize(4097, 1), 8192);
    EXPECT_EQ(storedLevels(2), 1);
    EXPECT_EQ(storedLevels(4096), 12);
    EXPECT_EQ(levelSize(4096, 12), 1);
}

TEST(HpMath, RectPseudoMipmapPacksLevelsSideBySide) {
    EXPECT_EQ(rectOffset(16, 1), 0);
    EXPECT_EQ(rectOffset(16, 2), 8);
    EXPECT_EQ(rectOffset(16, 3), 12);
    EXPECT_EQ(rectOffset(16, 4), 14);
    EXPECT_EQ(rectWidth(16), 15); // last level (1 wide) ends at 14 + 1
    for (int n = 2; n <= 16384; n *= 2)
        EXPECT_EQ(rectOffset(n, storedLevels(n)) + 1, rectWidth(n)) << n;
}

TEST(HpMath, ThresholdExactlyAtAnAlphaIsInclusive) {
    for (int a = 0; a <= 255; ++a)
        EXPECT_EQ(thresholdToByte(float(a) / 255.0f), std::uint32_t(a)) << a;
    EXPECT_EQ(thresholdToByte(0.0f), 0u);
    EXPECT_EQ(thresholdToByte(-1.0f), 0u);
    EXPECT_EQ(thresholdToByte(1.5f), 256u); // nothing is active
    EXPECT_EQ(thresholdToByte(0.5f), 128u); // 127.5 -> alpha >= 128
}

TEST(HpMath, ListSizeIsRoughlySquare) {
    EXPECT_EQ(listSizeFor(0), glm::ivec2(1, 1));
    EXPECT_EQ(listSizeFor(1), glm::ivec2(1, 1));
    EXPECT_EQ(listSizeFor(8), glm::ivec2(3, 3)); // the report's example
    EXPECT_EQ(listSizeFor(9), glm::ivec2(3, 3));
    EXPECT_EQ(listSizeFor(10), glm::ivec2(4, 3));
    EXPECT_EQ(listSizeFor(16777216), glm::ivec2(4096, 4096));
    for (std::uint32_t c : {2u, 3u, 33989u, 8595u, 2130u, 16777215u}) {
        glm::ivec2 s = listSizeFor(c);
        EXPECT_GE(std::uint64_t(s.x) * std::uint64_t(s.y), c);
        EXPECT_LT(std::uint64_t(s.x) * std::uint64_t(s.y - 1), c);
    }
}

TEST(CpuReference, WorkedExampleFromTheReport) {
    auto alpha = test::workedExample();
    CpuPyramid p = buildCpuPyramid(alpha, 8, 8, 128);
    EXPECT_EQ(p.count(), 8u);
    EXPECT_EQ(listSizeFor(p.count()), glm::ivec2(3, 3));
    // List entry (1, 1) of the 3x3 list has key index k = 1 * 3 + 1 = 4.
    EXPECT_EQ(cpuFind(p, 4), glm::ivec2(2, 3));
}

TEST(CpuReference, ListVisitsEveryActiveCellOnceInQuadrantOrder) {
    auto alpha = test::randomAlpha(37, 23, 0.3, 7);
    CpuPyramid p = buildCpuPyramid(alpha, 37, 23, test::kTestThreshold);
    auto hp = cpuPointList(p);
    auto line = cpuLinewiseList(alpha, 37, 23, test::kTestThreshold);
    ASSERT_EQ(hp.size(), line.size());
    auto key = [](glm::ivec2 c) { return std::pair(c.y, c.x); };
    std::set<std::pair<int, int>> a, b;
    for (auto c : hp)
        a.insert(key(c));
    for (auto c : line)
        b.insert(key(c));
    EXPECT_EQ(a, b);                // same set
    EXPECT_EQ(a.size(), hp.size()); // no duplicates
    // Quadrant order: the first 2x2 block's cells come first, (1,0) before (0,1).
    auto tiny = buildCpuPyramid(std::vector<std::uint8_t>{255, 255, 255, 255}, 2, 2, 1);
    EXPECT_EQ(cpuPointList(tiny), (std::vector<glm::ivec2>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
}

TEST(CpuReference, EmptyAndPaddedInputs) {
    CpuPyramid empty = buildCpuPyramid(std::vector<std::uint8_t>(9, 0), 3, 3, 1);
    EXPECT_EQ(empty.count(), 0u);
    EXPECT_EQ(empty.baseSize, 4);
    EXPECT_TRUE(cpuPointList(empty).empty());
    CpuPyramid one = buildCpuPyramid(std::vector<std::uint8_t>{200}, 1, 1, 128);
    EXPECT_EQ(one.baseSize, 2);
    EXPECT_EQ(one.count(), 1u);
    EXPECT_EQ(cpuFind(one, 0), glm::ivec2(0, 0));
}

TEST(CpuReference, PointEntryFollowsTheTiling) {
    AtlasTiling tiling{{4, 4}, 2}; // 2 tiles per row of 4x4 voxels
    EXPECT_EQ(cpuPointEntry({5, 6}, tiling, 8), glm::uvec4(1, 2, 3, 5u | (6u << 16)));
    EXPECT_EQ(cpuPointEntry({3, 0}, AtlasTiling{}, 8), glm::uvec4(3, 0, 0, 3u));
}
