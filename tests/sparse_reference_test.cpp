// The sparse occupancy on the CPU (occupancy_sparse.h, hp/sparse_reference.h): the claim the design
// rests on, that bricks in Morton order and each brick's bits in its Morton order list the same texels in the
// same order as hp_bits' key-index walk of the dense bits (bits_reference.h), checked against that walk for
// random bits of many sides; the brick maths; the round trip; what a too-small pool keeps.
#include "bits_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"

#include <gtest/gtest.h>

#include <random>

using namespace dicer;

namespace {

// Random bits in a virtual atlas of `side`: each brick is empty with probability `emptyBricks`, else each texel
// is set with probability `density`.
std::vector<std::uint32_t> randomBits(int side, double emptyBricks, double density, std::uint32_t seed) {
    std::vector<std::uint32_t> bits(hp::bitsWordCount(side), 0);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const int bricks = (side + SPARSE_BRICK - 1) / SPARSE_BRICK;
    for (int by = 0; by < bricks; ++by)
        for (int bx = 0; bx < bricks; ++bx) {
            if (u(rng) < emptyBricks) continue;
            for (int y = by * SPARSE_BRICK; y < std::min(side, (by + 1) * SPARSE_BRICK); ++y)
                for (int x = bx * SPARSE_BRICK; x < std::min(side, (bx + 1) * SPARSE_BRICK); ++x)
                    if (u(rng) < density) hp::setBit(bits, side, {x, y});
        }
    return bits;
}

} // namespace

TEST(SparseReference, BrickMortonMathsRoundTrips) {
    for (std::uint32_t m : {0u, 1u, 2u, 3u, 1023u, 0x155555u, 0x2AAAAAu, 0x3FFFFFu}) {
        const glm::ivec2 c = hp::hpDemorton2(m);
        EXPECT_EQ(hp::hpMorton2(c), m);
        EXPECT_EQ(std::uint64_t(m), hp::mortonCode(c)); // the pyramid's key-index order of a texel
    }
    // A texel's index in its brick: its low six bits are the bits' own mask index (occupancy_bits.h).
    for (glm::ivec2 t : {glm::ivec2(0, 0), glm::ivec2(7, 3), glm::ivec2(31, 31), glm::ivec2(45, 90)}) {
        EXPECT_EQ(hp::hpSparseInBrick(t) & 63u, hp::hpBitsMorton(t));
        EXPECT_EQ(hp::hpSparseTexel(hp::hpSparseBrick(t), hp::hpSparseInBrick(t)), t);
        EXPECT_EQ((std::uint64_t(hp::hpSparseBrick(t)) << 10) | hp::hpSparseInBrick(t), hp::mortonCode(t));
    }
    EXPECT_EQ(hp::hpSparseGrid(1), 1);
    EXPECT_EQ(hp::hpSparseGrid(32), 1);
    EXPECT_EQ(hp::hpSparseGrid(33), 2);
    EXPECT_EQ(hp::hpSparseGrid(513), 32); // 17 bricks a side: the Morton grid is the next power of two
    EXPECT_EQ(hp::hpSparseGrid(32768), 1024);
    EXPECT_EQ(hp::hpSparseCoarseWords(32768), 32768); // 1024^3: 128 KiB of coarse bits
    EXPECT_EQ(hp::hpSparseCoarseWords(8), 1);
}

// The claim: the sparse walk lists exactly hp_bits' key-index texels, entry for entry, for any side (powers of
// two, others, smaller than a brick), sparse and dense, as long as the pool holds every marked brick.
TEST(SparseReference, SameTexelsInTheSameOrderAsTheDenseBits) {
    struct Case {
        int side;
        double emptyBricks, density;
    };
    const Case cases[] = {{1, 0, 1},        {8, 0, 0.5},     {31, 0, 0.3},      {32, 0, 1},
                          {33, 0.2, 0.5},   {64, 0.5, 0.05}, {100, 0.3, 0.2},   {513, 0.9, 0.5},
                          {512, 0.97, 0.3}, {1024, 0.99, 1}, {4096, 0.999, 0.1}};
    for (const Case& c : cases) {
        SCOPED_TRACE("side " + std::to_string(c.side));
        const std::vector<std::uint32_t> bits =
            randomBits(c.side, c.emptyBricks, c.density, std::uint32_t(c.side));
        const std::uint32_t all = std::uint32_t(hp::hpSparseGrid(c.side) * hp::hpSparseGrid(c.side));
        const hp::SparseOccupancyCpu s = hp::sparseFromBits(bits, c.side, all);
        EXPECT_FALSE(s.overflowed());
        EXPECT_EQ(hp::sparseKeyIndexTexels(s.index, s.pool, s.capacity),
                  hp::bitsKeyIndexTexels(bits, c.side));
        EXPECT_EQ(hp::sparseToBits(s.index, s.pool, c.side, s.capacity), bits);
        const hp::AtlasTiling tiling{{c.side, c.side}, 1, 1};
        EXPECT_EQ(hp::sparseKeyIndexEntries(s.index, s.pool, s.capacity, c.side, tiling),
                  hp::bitsKeyIndexEntries(bits, c.side, tiling));
    }
}

// A pool smaller than the marked bricks keeps the first bricks in key-index order, so its list is a prefix of the
// true list, flagged.
TEST(SparseReference, ATooSmallPoolKeepsAFlaggedKeyIndexPrefix) {
    const int side = 256;
    const std::vector<std::uint32_t> bits = randomBits(side, 0.5, 0.2, 7);
    const hp::SparseOccupancyCpu all = hp::sparseFromBits(bits, side, 64);
    ASSERT_GT(all.marked(), 10u);
    const hp::SparseOccupancyCpu few = hp::sparseFromBits(bits, side, 10);
    EXPECT_TRUE(few.overflowed());
    EXPECT_EQ(few.marked(), all.marked());
    EXPECT_EQ(few.used(), 10u);
    const std::vector<glm::ivec2> whole = hp::bitsKeyIndexTexels(bits, side);
    const std::vector<glm::ivec2> kept = hp::sparseKeyIndexTexels(few.index, few.pool, few.capacity);
    ASSERT_LT(kept.size(), whole.size());
    EXPECT_TRUE(std::equal(kept.begin(), kept.end(), whole.begin()));
}

// The shaders' slot lookup (hpSparseSlot: the coarse word's base + the marked bricks below in the word) finds
// every brick at the slot the reference gave it by counting the marked bricks in Morton order.
TEST(SparseReference, SlotLookupFindsEachBricksSlot) {
    for (int side : {100, 513, 1024}) {
        SCOPED_TRACE("side " + std::to_string(side));
        const std::vector<std::uint32_t> bits = randomBits(side, 0.5, 0.1, std::uint32_t(side) + 1);
        const std::uint32_t all = std::uint32_t(hp::hpSparseGrid(side) * hp::hpSparseGrid(side));
        const hp::SparseOccupancyCpu s = hp::sparseFromBits(bits, side, all);
        ASSERT_GT(s.used(), 1u);
        for (std::uint32_t slot = 0; slot < s.used(); ++slot) {
            const std::uint32_t brick = s.pool[size_t(s.capacity) * SPARSE_BRICK_WORDS + slot];
            const size_t word = brick >> 5;
            EXPECT_EQ(hp::hpSparseSlot(s.index[SPARSE_HEADER + word],
                                       s.index[size_t(hp::hpSparseBaseOffset(side)) + word], brick),
                      slot);
        }
    }
}
