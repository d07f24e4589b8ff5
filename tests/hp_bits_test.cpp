// The occupancy bits' CPU side (occupancy_bits.h, bits_reference.h): the layout's words and Morton bits, the
// conversion from an atlas, and the reference over bits, which must give the atlas reference's key-index
// entries exactly (the CPU HistoPyramid of hp_reference.h, an independent computation).
#include "bits_reference.h"
#include "hp_compute.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "occupancy_bits.h"
#include "point_method.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace dicer;

TEST(OccupancyBits, WordsAndBitsFollowTheLayout) {
    EXPECT_EQ(hp::bitsWordCount(1), 2u);
    EXPECT_EQ(hp::bitsWordCount(8), 2u);
    EXPECT_EQ(hp::bitsWordCount(9), 8u);
    EXPECT_EQ(hp::bitsWordCount(32768), std::size_t(4096) * 4096 * 2); // 1024^3: 128 MiB
    EXPECT_EQ(hp::hpBitsBytes(32768), std::int64_t(128) << 20);
    // Morton inside a block: x in the even bits; (1,0) is bit 1... (7,7) bit 63, in the high word.
    EXPECT_EQ(hp::hpBitsMorton({1, 0}), 1u);
    EXPECT_EQ(hp::hpBitsMorton({0, 1}), 2u);
    EXPECT_EQ(hp::hpBitsMorton({7, 7}), 63u);
    EXPECT_EQ(hp::hpBitsWord({7, 7}, 2), 1u);
    EXPECT_EQ(hp::hpBitsWord({8, 0}, 2), 2u);
    EXPECT_EQ(hp::hpBitsWord({0, 8}, 2), 4u);
    std::vector<std::uint32_t> words(hp::bitsWordCount(20), 0);
    hp::setBit(words, 20, {19, 17});
    EXPECT_TRUE(hp::bitAt(words, 20, {19, 17}));
    EXPECT_FALSE(hp::bitAt(words, 20, {17, 19}));
    EXPECT_EQ(hp::bitsCount(words), 1u);
}

// The levels 1-3 of hp_compute are popcounts of consecutive Morton bits: key-index order over the bits is the
// texels' Morton order.
TEST(OccupancyBits, KeyIndexOrderIsMortonOrder) {
    auto alpha = test::randomAlpha(77, 50, 0.3, 4);
    const auto words = hp::atlasToBits(alpha, 77, 50, test::kTestThreshold, {}, 77);
    std::vector<glm::ivec2> texels = hp::bitsKeyIndexTexels(words, 77);
    ASSERT_FALSE(texels.empty());
    EXPECT_TRUE(std::is_sorted(texels.begin(), texels.end(), [](glm::ivec2 a, glm::ivec2 b) {
        return hp::mortonCode(a) < hp::mortonCode(b);
    }));
}

// Random atlases (sizes across the 8x8 block and the dispatch block, non-square, tiled with unused tiles),
// converted to bits, give exactly the CPU HistoPyramid's key-index entries and count.
TEST(OccupancyBits, ReferenceOverBitsEqualsTheAtlasReference) {
    struct Case {
        int w, h;
        double density;
        hp::AtlasTiling tiling;
    };
    const Case cases[] = {{1, 1, 1.0, {}},
                          {2, 2, 0.5, {}},
                          {8, 8, 1.0, {}},
                          {9, 9, 0.5, {}},
                          {37, 23, 0.4, {}},
                          {100, 1, 0.5, {}},
                          {64, 64, 0.5, {{16, 16}, 4, 13}},
                          {65, 65, 0.3, {}},
                          {300, 5, 0.7, {}},
                          {513, 300, 0.2, {}},
                          {256, 256, 0.0, {}}};
    for (const Case& c : cases)
        for (std::uint32_t threshold : {0u, 1u, 128u, 255u}) {
            SCOPED_TRACE(std::to_string(c.w) + "x" + std::to_string(c.h) + " threshold " +
                         std::to_string(threshold));
            auto alpha = test::randomAlpha(c.w, c.h, c.density, std::uint32_t(c.w * 13 + c.h));
            const int side = std::max(c.w, c.h);
            const auto words = hp::atlasToBits(alpha, c.w, c.h, threshold, c.tiling, side);
            const auto expected =
                hp::expectedEntries(alpha, c.w, c.h, threshold, c.tiling, hp::EntryOrder::KeyIndex);
            EXPECT_EQ(hp::bitsCount(words), expected.size());
            EXPECT_TRUE(hp::bitsKeyIndexEntries(words, side, c.tiling) == expected);
            // A larger virtual atlas than the atlas: the same entries (padding bits are 0).
            const auto wider = hp::atlasToBits(alpha, c.w, c.h, threshold, c.tiling, side + 9);
            EXPECT_TRUE(hp::bitsKeyIndexEntries(wider, side + 9, c.tiling) == expected);
        }
}

TEST(OccupancyBits, RgbaConversionReadsTheAlphaByte) {
    auto alpha = test::randomAlpha(30, 20, 0.5, 9);
    std::vector<std::uint8_t> rgba(alpha.size() * 4, 0x77);
    for (std::size_t i = 0; i < alpha.size(); ++i)
        rgba[i * 4 + 3] = alpha[i];
    EXPECT_TRUE(hp::rgbaToBits(rgba, 30, 20, 128, {}, 30) == hp::atlasToBits(alpha, 30, 20, 128, {}, 30));
}

// The bits pyramid needs 16 levels at the largest virtual atlas.
TEST(OccupancyBits, TheLargestVirtualAtlasFitsThePyramidsLevels) {
    EXPECT_EQ(hp::computeLevels({HP_BITS_MAX_ATLAS, HP_BITS_MAX_ATLAS}), HPC_MAX_LEVELS);
    EXPECT_EQ(hp::computeLevelSize({HP_BITS_MAX_ATLAS, HP_BITS_MAX_ATLAS}, 4), glm::ivec2(4096)); // a texture
}
