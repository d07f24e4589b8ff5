// HistoPyramid bookkeeping and the CPU reference (no GL): sizes, padding, threshold bytes, traversal order.
#include "hp_math.h"
#include "hp_pick.h"
#include "hp_point.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "volume_layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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
    EXPECT_EQ(pointEntry({5, 6}, tiling, {8, 8}), glm::uvec4(1, 2, 3, 5u | (6u << 16)));
    EXPECT_EQ(pointEntry({3, 0}, AtlasTiling{}, {8, 8}), glm::uvec4(3, 0, 0, 3u));
}

// hp_pick.h, the rule every GPU traversal runs: the key's running range picks the child, x before y.
TEST(SharedPick, PicksTheChildWhoseRangeHoldsTheKey) {
    const glm::uvec4 sums{2, 0, 3, 1}; // child (1,0) is empty: no key may land there
    const glm::ivec2 parent{3, 5};
    EXPECT_EQ(hpPick(parent, sums, 0), glm::uvec3(6, 10, 0));
    EXPECT_EQ(hpPick(parent, sums, 1), glm::uvec3(6, 10, 1));
    EXPECT_EQ(hpPick(parent, sums, 2), glm::uvec3(6, 11, 0)); // skips the empty (1,0)
    EXPECT_EQ(hpPick(parent, sums, 4), glm::uvec3(6, 11, 2));
    EXPECT_EQ(hpPick(parent, sums, 5), glm::uvec3(7, 11, 0));
    EXPECT_EQ(hpPick({0, 0}, {0, 0, 0, 1}, 0), glm::uvec3(1, 1, 0));
    EXPECT_EQ(hpPick({0, 0}, {0, 1, 0, 0}, 0), glm::uvec3(1, 0, 0));
}

// hp_point.h: the packing every method writes and the volume test every discriminator applies.
TEST(SharedPoint, PacksVoxelAndAtlasTexel) {
    EXPECT_EQ(hpPointEntry({17, 33}, {16, 16}, 4), glm::uvec4(1, 1, 9, 17u | (33u << 16)));
    EXPECT_EQ(hpPointEntry({65535, 65535}, {65536, 65536}, 1), glm::uvec4(65535, 65535, 0, 0xffffffffu));
    EXPECT_EQ(hpEntryAtlasTexel(17u | (33u << 16)), glm::ivec2(17, 33));
    EXPECT_EQ(HP_POINT_BYTES, 16);
}

// hpQuotient (hp_point.h): floor(a / b) by a float reciprocal, exact for a, b below HP_QUOTIENT_MAX. The worst
// cases are the a next to a multiple of b (the quotient's steps) and the largest a; every b up to 4096 and the
// powers of two and their neighbours past it, with the reciprocal as C++ rounds it and 3 ulp off either way (GLSL
// allows 2.5).
TEST(SharedPoint, QuotientIsExactBelowItsBound) {
    auto quotient = [](int a, float reciprocal) { return int((float(a) + 0.5f) * reciprocal); };
    std::vector<int> divisors;
    for (int b = 1; b <= 4096; ++b)
        divisors.push_back(b);
    for (int p = 8192; p <= HP_QUOTIENT_MAX; p *= 2)
        for (int b : {p - 1, p, p + 1, p + p / 3})
            if (b <= HP_QUOTIENT_MAX) divisors.push_back(b);
    std::int64_t checked = 0;
    for (int b : divisors) {
        const float exact = 1.0f / float(b);
        float off[] = {exact, exact, exact};
        for (int u = 0; u < 3; ++u) {
            off[1] = std::nextafter(off[1], 0.f);
            off[2] = std::nextafter(off[2], 1.f);
        }
        auto check = [&](int a) {
            if (a < 0 || a >= HP_QUOTIENT_MAX) return;
            const int want = a / b;
            ASSERT_EQ(hpQuotient(a, b), want) << a << " / " << b;
            for (float r : off)
                ASSERT_EQ(quotient(a, r), want) << a << " / " << b << " with reciprocal " << r;
            ++checked;
        };
        const int steps = std::min(HP_QUOTIENT_MAX / b, 1024);
        for (int k = 0; k <= steps; ++k) // the steps near 0 and, below, near the bound
            for (int a : {k * b - 1, k * b, (HP_QUOTIENT_MAX / b - k) * b - 1, (HP_QUOTIENT_MAX / b - k) * b})
                check(a);
        check(HP_QUOTIENT_MAX - 1);
    }
    EXPECT_GT(checked, 10'000'000);
}

// Past 65536 a side (the sparse occupancy's 2048^3 and 4096^3 atlases: 64 tiles of 2048 or 4096 a row) the 4th
// word is the texel mod 65536 and the voxel names the texel (hpEntryTexel), exactly, to 262144.
TEST(SharedPoint, PastTheWordTheVoxelNamesTheTexel) {
    const glm::ivec2 cells[] = {
        {131071, 65535}, {65536, 3}, {262143, 262143}, {200000, 70001}, {4095, 258048}};
    for (glm::ivec2 cell : cells)
        for (int tile : {2048, 4096}) {
            if (cell.x >= 64 * tile || cell.y >= 64 * tile) continue;
            const glm::uvec4 e = hpPointEntry(cell, {tile, tile}, 64);
            EXPECT_EQ(hpEntryTexel(e, {tile, tile}, 64), cell);
            EXPECT_EQ(hpEntryAtlasTexel(e.w), cell % 65536);
            EXPECT_EQ(e.z, unsigned(cell.y / tile * 64 + cell.x / tile));
        }
    // At most 65536 a side the word alone is the texel, as before the sparse occupancy's wider atlases.
    const glm::uvec4 last = hpPointEntry({65535, 65534}, {2048, 2048}, 32);
    EXPECT_EQ(hpEntryAtlasTexel(last.w), glm::ivec2(65535, 65534));
    EXPECT_EQ(hpEntryTexel(last, {2048, 2048}, 32), glm::ivec2(65535, 65534));
}

TEST(SharedPoint, TexelsOfUnusedTilesAndPastTheGridHoldNoVoxel) {
    // 3 slices of 4x4 in a 2-wide tile grid of an 8x8 atlas: tile (1,1) is unused.
    EXPECT_TRUE(hpInVolume({0, 0}, {4, 4}, 2, 3));
    EXPECT_TRUE(hpInVolume({7, 3}, {4, 4}, 2, 3));
    EXPECT_TRUE(hpInVolume({3, 7}, {4, 4}, 2, 3));
    EXPECT_FALSE(hpInVolume({4, 4}, {4, 4}, 2, 3));
    EXPECT_FALSE(hpInVolume({7, 7}, {4, 4}, 2, 3));
    // Right of the tile grid (2 columns of 3 texels in an 8-wide atlas).
    EXPECT_FALSE(hpInVolume({6, 0}, {3, 3}, 2, 4));
    EXPECT_TRUE(hpInVolume({5, 0}, {3, 3}, 2, 4));
    EXPECT_TRUE(hpInVolume({7, 7}, {4, 4}, 2, 0)); // no slice count: a plain image
}

// Threshold 0 makes every texel's alpha pass, so only the volume test keeps the padding out. At
// each preset the reference must count exactly the voxels of the volume (128^3 has 128 unused tiles of
// 2048^2).
TEST(CpuReference, ThresholdZeroCountsExactlyTheVoxelsOfEveryPreset) {
    for (std::string_view name : occupancy::presetNames()) {
        auto layout = occupancy::presetLayout(name, 4096); // the 16384^2 preset is left to the GPU tests' limits
        if (!layout) continue;
        SCOPED_TRACE(std::string(name));
        const AtlasTiling tiling{{layout->volume.x, layout->volume.y}, layout->tiles.x, layout->volume.z};
        const int n = layout->atlasSize;
        std::vector<std::uint8_t> alpha(size_t(n) * size_t(n), 0);
        EXPECT_EQ(std::int64_t(cpuLinewiseList(alpha, n, n, 0, tiling).size()), layout->voxelCount());
        if (n <= 2048) {
            EXPECT_EQ(std::int64_t(buildCpuPyramid(alpha, n, n, 0, tiling).count()), layout->voxelCount());
        }
    }
    // A volume whose tiles fill neither a row nor the atlas: 100^3 -> 16 x 7 tiles of 100^2 in 2048^2.
    auto odd = occupancy::VolumeLayout::make({100, 100, 100}, 4096);
    ASSERT_TRUE(odd);
    const AtlasTiling tiling{{100, 100}, odd->tiles.x, 100};
    std::vector<std::uint8_t> alpha(size_t(odd->atlasTexelCount()), 0);
    EXPECT_EQ(buildCpuPyramid(alpha, odd->atlasSize, odd->atlasSize, 0, tiling).count(), 1000000u);
}

// What the demo's panel and summary say of a Verify (an overflowed frame is INCOMPLETE, never OK and
// not a mismatch when what it kept matches).
TEST(VerifyReport, VerdictSeparatesIncompleteFromMismatch) {
    using V = hp::VerifyReport::Verdict;
    hp::VerifyReport r;
    r.gpuCount = r.cpuCount = r.held = 10;
    EXPECT_EQ(r.verdict(), V::Ok);
    EXPECT_STREQ(r.verdictName(), "OK");
    r.incomplete = true;
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.verdict(), V::Incomplete);
    EXPECT_STREQ(r.verdictName(), "INCOMPLETE");
    r.mismatches = 1; // kept entries that differ: a mismatch, incomplete or not
    EXPECT_EQ(r.verdict(), V::Mismatch);
    EXPECT_STREQ(r.verdictName(), "MISMATCH");
    r.cpuCount = 11; // counts differ
    EXPECT_EQ(r.verdict(), V::Mismatch);
}
