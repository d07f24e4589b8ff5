// The sorts' CPU side: the worked example (docs/SORT.md) as a 1D sum pyramid over values and as a histogram pyramid
// over keys (m = 10), the CPU sorts against std::stable_sort, the key check, the result check's verdicts, the
// pyramid level layout and the radix pass count in every size regime, and the sorter table.
#include "cpu_sort.h"
#include "hp_counting_sort.h"
#include "scan_sorts.h"
#include "sorter.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace dicer::sort;
using U32 = std::vector<std::uint32_t>;
using U64 = std::vector<std::uint64_t>;

// The worked example as written (docs/SORT.md): [4,5,14,8] -> [9,22] -> [31] are the pairwise sums of the KEYS 3,1,4,1,5,9,2,6
// (a 1D pyramid over those values), not of their histogram (which sums to n = 8, and key 9 needs m >= 10).
TEST(SortWorkedExample, pyramidOverTheKeyValuesGivesTheIssuesLevels) {
    auto levels = sumPyramid(U32{3, 1, 4, 1, 5, 9, 2, 6});
    ASSERT_EQ(levels.size(), 4u);
    EXPECT_EQ(levels[1], (U64{4, 5, 14, 8}));
    EXPECT_EQ(levels[2], (U64{9, 22}));
    EXPECT_EQ(levels[3], (U64{31}));
}

TEST(SortWorkedExample, histogramPyramidOfTheKeysWithM10) {
    const U32 keys = {3, 1, 4, 1, 5, 9, 2, 6};
    EXPECT_EQ(histogram(keys, 10), (U32{0, 2, 1, 1, 1, 1, 1, 0, 0, 1}));
    auto levels = sumPyramid(histogram(keys, 10)); // padded to 16 buckets
    ASSERT_EQ(levels.size(), 5u);
    EXPECT_EQ(levels[1], (U64{2, 2, 2, 1, 1, 0, 0, 0}));
    EXPECT_EQ(levels[2], (U64{4, 3, 1, 0}));
    EXPECT_EQ(levels[3], (U64{7, 1}));
    EXPECT_EQ(levels[4], (U64{8}));
    auto sorted = cpuCountingSort(keys, 10);
    ASSERT_TRUE(sorted) << sorted.error();
    EXPECT_EQ(sorted->keys, (U32{1, 1, 2, 3, 4, 5, 6, 9}));
    EXPECT_EQ(sorted->perm, (U32{1, 3, 6, 0, 2, 4, 7, 5})); // stable: the first 1 (index 1) first
}

TEST(SortCpu, keysAtOrAboveMAreRejectedNamingTheFirst) {
    const U32 keys = {3, 1, 4, 1, 5, 9, 2, 6};
    auto r = checkKeys(keys, 8);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), "key 9 at index 5 is >= m = 8");
    auto sorted = cpuCountingSort(keys, 8);
    ASSERT_FALSE(sorted);
    EXPECT_EQ(sorted.error(), "key 9 at index 5 is >= m = 8");
    EXPECT_TRUE(checkKeys(keys, 10));
}

TEST(SortCpu, everyCpuSortMatchesStableSortInEverySizeRegime) {
    struct Case {
        std::uint32_t n, m;
        KeyDistribution d;
    } cases[] = {{0, 1, KeyDistribution::Uniform},        {1, 1, KeyDistribution::Uniform},
                 {1, 1u << 20, KeyDistribution::Uniform}, {7, 3, KeyDistribution::Uniform},
                 {1000, 1, KeyDistribution::Uniform},     {100, 5000, KeyDistribution::Uniform},
                 {4097, 16, KeyDistribution::Skewed},     {3000, 1u << 20, KeyDistribution::Skewed}};
    for (const Case& c : cases) {
        SCOPED_TRACE("n " + std::to_string(c.n) + " m " + std::to_string(c.m));
        const U32 keys = makeKeys(c.n, c.m, c.d, 7);
        ASSERT_TRUE(checkKeys(keys, c.m));
        const SortResult ref = cpuStableSort(keys);
        auto counting = cpuCountingSort(keys, c.m);
        ASSERT_TRUE(counting);
        EXPECT_EQ(checkSorted(*counting, keys, ref, /*stable=*/true), "");
        EXPECT_EQ(checkSorted(cpuStdSort(keys), keys, ref, /*stable=*/false), "");
    }
}

TEST(SortCpu, skewedKeysGiveHalfTheInputToOneKey) {
    const U32 keys = makeKeys(10000, 256, KeyDistribution::Skewed, 1);
    const U32 h = histogram(keys, 256);
    EXPECT_GT(h[128], 4900u);
    EXPECT_LT(h[128], 5300u);
}

TEST(SortCpu, checkSortedNamesWhatDiffers) {
    const U32 keys = {2, 0, 2, 1};
    const SortResult ref = cpuStableSort(keys); // keys 0 1 2 2, perm 1 3 0 2
    EXPECT_EQ(checkSorted({{0, 1, 2, 2}, {1, 3, 2, 0}}, keys, ref, /*stable=*/false), "");
    EXPECT_EQ(checkSorted({{0, 1, 2, 2}, {1, 3, 2, 0}}, keys, ref, /*stable=*/true),
              "permutation slot 2 is 2, stable is 0");
    EXPECT_EQ(checkSorted({{0, 2, 1, 2}, {1, 0, 3, 2}}, keys, ref, false), "key 1 is 2, expected 1");
    EXPECT_EQ(checkSorted({{0, 1, 2, 2}, {1, 3, 0, 0}}, keys, ref, false),
              "permutation slot 3 repeats or exceeds: 0");
    EXPECT_EQ(checkSorted({{0, 1, 2, 2}, {1, 3, 0, 1}}, keys, ref, false),
              "permutation slot 3 repeats or exceeds: 1");
    EXPECT_EQ(checkSorted({{0, 1, 2, 2}, {1, 0, 3, 2}}, keys, ref, false),
              "permutation slot 1 names a different key");
    EXPECT_EQ(checkSorted({{0, 1}, {1, 3}}, keys, ref, false), "size differs");
}

TEST(SortLevels, pyramidLevelsInEverySizeRegime) {
    auto one = pyramidLevels(1);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].size, 1u);
    auto ten = pyramidLevels(10); // padded to 16: 16 8 4 2 1
    ASSERT_EQ(ten.size(), 5u);
    EXPECT_EQ(ten[0].size, 16u);
    EXPECT_EQ(ten[1].offset, 16u);
    EXPECT_EQ(ten[4].offset, 30u);
    EXPECT_EQ(ten[4].size, 1u);
    auto big = pyramidLevels(1u << 20);
    EXPECT_EQ(big.size(), 21u); // SORT_MAX_LEVELS
    EXPECT_EQ(big.back().offset, (2u << 20) - 2);
    EXPECT_EQ(pyramidLevels((1u << 20) - 1).size(), 21u);
    EXPECT_EQ(pyramidLevels(2).size(), 2u);
    EXPECT_EQ(pyramidLevels(3).size(), 3u);
}

TEST(SortLevels, fourToOnePyramidLevels) {
    EXPECT_EQ(pyramidLevels(1, 4).size(), 1u);
    auto ten = pyramidLevels(10, 4); // padded to 16: 16 4 1
    ASSERT_EQ(ten.size(), 3u);
    EXPECT_EQ(ten[1].offset, 16u);
    EXPECT_EQ(ten[1].size, 4u);
    EXPECT_EQ(ten[2].offset, 20u);
    auto big = pyramidLevels(1u << 20, 4);
    EXPECT_EQ(big.size(), 11u);
    EXPECT_EQ(big[0].size, 1u << 20);
    auto odd = pyramidLevels((1u << 19) + 1, 4); // 2^19 + 1 needs 4^10 = 2^20 cells
    EXPECT_EQ(odd[0].size, 1u << 20);
    EXPECT_EQ(pyramidLevels(5, 4)[0].size, 16u);
}

TEST(SortLevels, radixPassesAreTheKeyBitsAtLeastOne) {
    EXPECT_EQ(RadixSort::passes(1), 1);
    EXPECT_EQ(RadixSort::passes(2), 1);
    EXPECT_EQ(RadixSort::passes(3), 2);
    EXPECT_EQ(RadixSort::passes(16), 4);
    EXPECT_EQ(RadixSort::passes(17), 5);
    EXPECT_EQ(RadixSort::passes(1u << 20), 20);
}

TEST(SortTable, namesAreUniqueAndEveryEntryIsComplete) {
    std::set<std::string> names;
    for (const SorterInfo& s : sorterTable()) {
        EXPECT_TRUE(names.insert(s.name).second) << s.name;
        EXPECT_NE(s.isAvailable, nullptr);
        EXPECT_NE(s.create, nullptr);
        EXPECT_TRUE(s.isAvailable(dicer::gl::GlInfo{}));
    }
    EXPECT_EQ(names.size(), 4u);
    EXPECT_EQ(std::string(sorterTable()[0].name), "hp_counting_sort"); // sort_gltest casts these two
    EXPECT_EQ(std::string(sorterTable()[1].name), "hp_counting_sort_4");
}
