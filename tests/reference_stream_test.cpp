// The streamed CPU reference (reference_stream.h) against the whole-list references it replaces in Verify: the
// same entries in the same order for every budget, from the smallest (one block, one entry a chunk) up; the
// bounded comparisons find every kind of difference; the bytes they hold stay within the budget.
#include "bits_reference.h"
#include "hp_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "reference_stream.h"
#include "sparse_reference.h"

#include <gtest/gtest.h>

#include <random>

namespace dicer {
namespace {

std::vector<std::uint32_t> randomBits(int side, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    std::vector<std::uint32_t> words(hp::bitsWordCount(side), 0);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            if (on(rng)) hp::setBit(words, side, {x, y});
    return words;
}

std::vector<glm::uvec4> drain(hp::EntryStream& stream, std::size_t chunk) {
    std::vector<glm::uvec4> all, part(chunk);
    for (std::size_t n = chunk; n == chunk;) {
        n = stream.next(part);
        all.insert(all.end(), part.begin(), part.begin() + std::ptrdiff_t(n));
    }
    return all;
}

// Sides that are and are not powers of two, one block, one tile; budgets from one mask up to all of them.
constexpr int kSides[] = {1, 8, 13, 64, 100, 256};
constexpr std::size_t kBudgets[] = {8, 64, 1000, 1u << 20};

hp::AtlasTiling tilingFor(int side) { // 4 tiles a row when the side allows, one slice otherwise
    return side >= 64 ? hp::AtlasTiling{glm::ivec2(side / 4), 4, 13} : hp::AtlasTiling{};
}

TEST(ReferenceStream, KeyIndexEqualsTheWholeListReference) {
    for (int side : kSides)
        for (double density : {0.0, 0.03, 0.5, 1.0}) {
            const std::vector<std::uint32_t> bits = randomBits(side, density, std::uint32_t(side * 7));
            const hp::AtlasTiling tiling = tilingFor(side);
            const std::vector<glm::uvec4> expected = hp::bitsKeyIndexEntries(bits, side, tiling);
            for (std::size_t budget : kBudgets)
                for (std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(4096)}) {
                    hp::WordsBlockSource source(bits, side);
                    auto stream = hp::keyIndexStream(source, tiling, budget);
                    EXPECT_EQ(drain(*stream, chunk), expected)
                        << "side " << side << " density " << density << " budget " << budget << " chunk " << chunk;
                    EXPECT_LE(stream->heldBytes(), std::max<std::size_t>(budget, 8));
                }
        }
}

TEST(ReferenceStream, RowMajorEqualsTheLinewiseReference) {
    for (int side : kSides) {
        const std::vector<std::uint32_t> bits = randomBits(side, 0.2, std::uint32_t(side * 11));
        const hp::AtlasTiling tiling = tilingFor(side);
        std::vector<glm::uvec4> expected;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x)
                if (hp::bitAt(bits, side, {x, y})) expected.push_back(hp::pointEntry({x, y}, tiling, glm::ivec2(side)));
        for (std::size_t budget : kBudgets) {
            hp::WordsBlockSource source(bits, side);
            auto stream = hp::rowMajorStream(source, tiling, budget);
            EXPECT_EQ(drain(*stream, 5), expected) << "side " << side << " budget " << budget;
        }
    }
}

TEST(ReferenceStream, SparseEqualsTheSlotWalk) {
    for (int side : {64, 100, 256}) {
        const std::vector<std::uint32_t> bits = randomBits(side, 0.01, std::uint32_t(side));
        for (std::uint32_t capacity : {64u, 3u}) { // every brick, and an overflowed pool
            const hp::SparseOccupancyCpu s = hp::sparseFromBits(bits, side, capacity);
            const hp::AtlasTiling tiling = tilingFor(side);
            const std::vector<glm::uvec4> expected = hp::sparseKeyIndexEntries(s.index, s.pool, capacity, side, tiling);
            auto reader = [](const std::vector<std::uint32_t>& v) {
                return [&v](std::size_t offset, std::span<std::uint32_t> out) {
                    std::copy_n(v.begin() + std::ptrdiff_t(offset), out.size(), out.begin());
                };
            };
            for (std::size_t budget : kBudgets) {
                auto stream = hp::sparseStream(reader(s.index), reader(s.pool), capacity, side, tiling, budget);
                EXPECT_EQ(drain(*stream, 3), expected) << "side " << side << " capacity " << capacity;
            }
        }
    }
}

hp::EntryReader readerOf(const std::vector<glm::uvec4>& entries) {
    return [&entries](std::size_t first, std::span<glm::uvec4> out) {
        std::copy_n(entries.begin() + std::ptrdiff_t(first), out.size(), out.begin());
    };
}

TEST(ReferenceStream, OrderedComparisonCountsLikeTheWholeOne) {
    const int side = 100;
    const std::vector<std::uint32_t> bits = randomBits(side, 0.3, 5);
    const hp::AtlasTiling tiling = tilingFor(side);
    const std::vector<glm::uvec4> expected = hp::bitsKeyIndexEntries(bits, side, tiling);
    const auto n = std::uint32_t(expected.size());
    std::vector<glm::uvec4> wrong = expected;
    wrong[0].x += 1;
    wrong[n / 2].w += 1;
    std::vector<glm::uvec4> shorter(expected.begin(), expected.end() - 5);
    std::vector<glm::uvec4> longer = expected;
    longer.insert(longer.end(), 3, glm::uvec4(7));
    for (std::size_t budget : {std::size_t(64), std::size_t(1000), std::size_t(1) << 22}) {
        auto check = [&](const std::vector<glm::uvec4>& got, std::uint32_t count, std::uint32_t held) {
            hp::WordsBlockSource source(bits, side);
            auto stream = hp::keyIndexStream(source, tiling, budget / 2);
            return hp::compareOrdered(readerOf(got), count, held, *stream, budget / 2);
        };
        hp::VerifyReport same = check(expected, n, n);
        EXPECT_TRUE(same.ok());
        EXPECT_EQ(same.cpuCount, n);
        EXPECT_LE(same.peakBytes, std::max<std::size_t>(budget, 64));
        hp::VerifyReport two = check(wrong, n, n);
        EXPECT_EQ(two.mismatches, 2u);
        EXPECT_EQ(two.verdict(), hp::VerifyReport::Verdict::Mismatch);
        // Counts that differ count every missing or extra entry, as the whole comparison does.
        EXPECT_EQ(check(shorter, n - 5, n - 5).mismatches, 5u);
        EXPECT_EQ(check(longer, n + 3, n + 3).mismatches, 3u);
        EXPECT_EQ(hp::compareEntries(longer, n + 3, expected, hp::EntryOrder::KeyIndex).mismatches, 3u);
        // A list cut after its first entries: what it holds is compared, the verdict says INCOMPLETE.
        hp::VerifyReport cut = check(expected, n, n / 3);
        EXPECT_EQ(cut.verdict(), hp::VerifyReport::Verdict::Incomplete);
        EXPECT_EQ(cut.held, n / 3);
        EXPECT_EQ(cut.cpuCount, n);
        EXPECT_EQ(check(wrong, n, n / 3).verdict(), hp::VerifyReport::Verdict::Mismatch); // wrong[0] is held
    }
}

TEST(ReferenceStream, UnorderedComparisonIsASetComparison) {
    const int side = 100;
    const std::vector<std::uint32_t> bits = randomBits(side, 0.3, 9);
    const hp::AtlasTiling tiling = tilingFor(side);
    std::vector<glm::uvec4> entries = hp::bitsKeyIndexEntries(bits, side, tiling);
    std::mt19937 rng(3);
    std::shuffle(entries.begin(), entries.end(), rng);
    const auto n = std::uint32_t(entries.size());
    for (std::size_t budget : {std::size_t(64), std::size_t(4096), std::size_t(1) << 22}) {
        auto check = [&](const std::vector<glm::uvec4>& got, std::uint32_t count, std::uint32_t held) {
            hp::WordsBlockSource source(bits, side);
            return hp::compareUnordered(readerOf(got), count, held, source, tiling, budget);
        };
        hp::VerifyReport same = check(entries, n, n);
        EXPECT_TRUE(same.ok()) << same.describe();
        EXPECT_LE(same.peakBytes, std::max<std::size_t>(budget, 2 * 13 * 8 + 32)); // at least a band of one block row
        std::vector<glm::uvec4> twice = entries;
        twice.back() = twice.front(); // one listed twice, one missing
        EXPECT_EQ(check(twice, n, n).mismatches, 2u);
        std::vector<glm::uvec4> foreign = entries;
        foreign[1].x ^= 1u; // not its texel's entry
        EXPECT_EQ(check(foreign, n, n).verdict(), hp::VerifyReport::Verdict::Mismatch);
        EXPECT_EQ(check(entries, n, n / 2).verdict(), hp::VerifyReport::Verdict::Incomplete);
    }
}

TEST(ReferenceStream, DescriptionAgreesWithTheVerdict) {
    hp::VerifyReport r;
    r.gpuCount = r.cpuCount = 134217728;
    r.held = 33554432;
    r.incomplete = true;
    r.limit = "the driver's storage blocks hold 33554432 points";
    EXPECT_EQ(r.describe(), "INCOMPLETE: the list holds the first 33554432 of 134217728 points (the driver's "
                            "storage blocks hold 33554432 points); what it holds equals the CPU reference");
    r.mismatches = 2;
    EXPECT_EQ(r.describe().rfind("MISMATCH: 2 entries differ", 0), 0u);
    r = {};
    r.gpuCount = r.cpuCount = r.held = 9433;
    EXPECT_EQ(r.describe(), "OK: the 9433 points equal the CPU reference");
}

} // namespace
} // namespace dicer
