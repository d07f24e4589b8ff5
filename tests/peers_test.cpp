// The peers' bookkeeping without GL: the compute pyramid's level sizes and formats, Horn's scan levels and
// the point entries every method must agree on.
#include "horn_scan.h"
#include "hp_compute.h"
#include "hp_reference.h"
#include "peers.h"

#include <gtest/gtest.h>

using namespace dicer;

TEST(ComputeLevels, CoverTheInputWithoutPadding) {
    EXPECT_EQ(hp::computeLevels({1, 1}), 3); // at least the 8x8 masks
    EXPECT_EQ(hp::computeLevels({8, 8}), 3);
    EXPECT_EQ(hp::computeLevels({9, 1}), 4);
    EXPECT_EQ(hp::computeLevels({4096, 4096}), 12);
    EXPECT_EQ(hp::computeLevels({16384, 8192}), 14);
    EXPECT_EQ(hp::computeLevels({32768, 32768}), 15);
    EXPECT_EQ(hp::computeLevelSize({300, 77}, 1), glm::ivec2(150, 39));
    EXPECT_EQ(hp::computeLevelSize({300, 77}, 3), glm::ivec2(38, 10));
    EXPECT_EQ(hp::computeLevelSize({300, 77}, 7), glm::ivec2(3, 1));
    EXPECT_EQ(hp::computeLevelSize({300, 77}, 9), glm::ivec2(1, 1));
    EXPECT_EQ(hp::computeDispatches({64, 64}), 1);
    EXPECT_EQ(hp::computeDispatches({4096, 4096}), 2);
    EXPECT_EQ(hp::computeDispatches({16384, 8192}), 3);
}

TEST(ComputeLevels, FormatsHoldTheLargestChildSum) {
    EXPECT_EQ(hp::computeLevelFormat(1), GLenum(GL_NONE));     // inside the masks
    EXPECT_EQ(hp::computeLevelFormat(2), GLenum(GL_NONE));     // inside the masks
    EXPECT_EQ(hp::computeLevelFormat(3), GLenum(GL_RG32UI));   // 64-bit mask of 8x8 base cells
    EXPECT_EQ(hp::computeLevelFormat(4), GLenum(GL_RGBA8UI));  // children <= 64
    EXPECT_EQ(hp::computeLevelFormat(5), GLenum(GL_RGBA16UI)); // children <= 256: one past a byte
    EXPECT_EQ(hp::computeLevelFormat(8), GLenum(GL_RGBA16UI)); // children <= 16384
    EXPECT_EQ(hp::computeLevelFormat(9), GLenum(GL_RGBA32UI)); // children <= 65536: one past 16 bits
    EXPECT_EQ(hp::computeLevelTexture(2), -1);
    EXPECT_EQ(hp::computeLevelTexture(3), 0);
    EXPECT_EQ(hp::computeLevelTexture(15), 3);
    EXPECT_STREQ(hp::computeLevelFormatName(3), "rg32ui");
    EXPECT_STREQ(hp::computeLevelFormatName(15), "rgba32ui");
    // 4096^2: 2 MiB of masks (one bit per atlas texel) + 256 KiB of level 4 + the rest.
    std::int64_t bytes = hp::computePyramidBytes({4096, 4096});
    EXPECT_GT(bytes, 2 << 20);
    EXPECT_LT(bytes, 3 << 20);
}

TEST(ScanLevels, OneLevelPerThousandfoldReduction) {
    auto one = peers::scanLevels(1024, 256);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].blocks, 1u);
    auto two = peers::scanLevels(1025, 256);
    ASSERT_EQ(two.size(), 2u);
    EXPECT_EQ(two[1].elements, 2u);
    EXPECT_EQ(two[1].offset, 4352); // 1025 * 4 rounded up to 256
    auto big = peers::scanLevels(4096ull * 4096ull, 256);
    ASSERT_EQ(big.size(), 3u); // 16M -> 16384 -> 16 -> (one block)
    EXPECT_EQ(big[1].elements, 16384u);
    EXPECT_EQ(big[2].elements, 16u);
    for (const auto& l : big)
        EXPECT_EQ(l.offset % 256, 0);
    EXPECT_EQ(peers::scanBufferBytes(big, 256), big[2].offset + 256 + 256);
}

TEST(PointEntries, MatchTheShaderLayoutAndSortByAtlasPosition) {
    hp::AtlasTiling tiling{{16, 16}, 4};
    EXPECT_EQ(hp::pointEntry({17, 33}, tiling, {64, 64}), glm::uvec4(1, 1, 9, 17u | (33u << 16)));
    EXPECT_EQ(hp::pointEntry({5, 6}, {}, {37, 23}), glm::uvec4(5, 6, 0, 5u | (6u << 16)));
    std::vector<std::uint8_t> alpha{0, 255, 255, 0, 0, 200};
    auto entries = hp::referenceEntries(alpha, 3, 2, 128, {});
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[0].w, 1u);
    EXPECT_EQ(entries[2].w, 2u | (1u << 16));
    std::vector<glm::uvec4> reversed(entries.rbegin(), entries.rend());
    EXPECT_TRUE(hp::sortedEntries(reversed) == entries);
}
