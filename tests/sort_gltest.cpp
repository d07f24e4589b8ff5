// The GPU sorts against std::stable_sort, exactly: every sort of the table on every size regime (n = 0, 1, non
// powers of two, m = 1, m > n, m = 2^20, all keys equal, skewed), keys exact and the permutation a valid one
// (the stable one where the sort is stable); the worked example (docs/SORT.md) through the HistoPyramid's own levels;
// keys >= m flagged in the status word with no out-of-bounds write; reuse of one sorter across sizes.
#include "cpu_sort.h"
#include "gl_test_util.h"
#include "hp_counting_sort.h"
#include "sorter.h"

#include <algorithm>
#include <map>
#include <memory>

using namespace dicer;
using namespace dicer::sort;
using U32 = std::vector<std::uint32_t>;

namespace {

gl::ShaderLibrary& sortShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}
// Created once per executable: compiling their programs would dominate the small cases.
Sorter* sorter(const SorterInfo& info) {
    static std::map<std::string, std::unique_ptr<Sorter>> cache;
    auto& slot = cache[info.name];
    if (!slot) {
        auto created = info.create(sortShaders(), gl::queryGlInfo());
        if (!created) {
            ADD_FAILURE() << created.error();
            return nullptr;
        }
        slot = std::move(created.value());
    }
    return slot.get();
}
HpCountingSort* hpSort() {
    return static_cast<HpCountingSort*>(
        sorter(sorterTable()[0])); // the table's first entry (sort_test checks)
}

gl::Buffer upload(const U32& keys) {
    return test::bufferStorage(GLsizeiptr(std::max<std::size_t>(keys.size(), 1) * 4),
                               keys.empty() ? nullptr : keys.data(), 0, "sort test keys");
}

// Sorts on the GPU and checks against std::stable_sort; "" or what differs.
std::string sortAndCheck(Sorter& s, const U32& keys, std::uint32_t m) {
    gl::Buffer buffer = upload(keys);
    if (Result<void> r = s.sort({buffer.id(), std::uint32_t(keys.size()), m}); !r) return r.error();
    if (Result<void> r = s.checkStatus(); !r) return r.error();
    SortResult got{s.readKeys(std::uint32_t(keys.size())), s.readPermutation(std::uint32_t(keys.size()))};
    return checkSorted(got, keys, cpuStableSort(keys), s.stable());
}

// The HP sort's pyramid over `keys` (range m), level 0 (the histogram) first; empty, with the test failed, if
// the sort refused them or flagged a key.
std::vector<U32> pyramidOf(HpCountingSort& s, const U32& keys, std::uint32_t m) {
    gl::Buffer buffer = upload(keys); // alive until checkStatus, which reads a flagged key from it
    Result<void> r = s.sort({buffer.id(), std::uint32_t(keys.size()), m});
    if (r) r = s.checkStatus();
    if (!r) {
        ADD_FAILURE() << r.error();
        return {};
    }
    return s.readPyramid();
}

// counts[b] keys of value b, in order: the keys whose histogram is `counts`.
U32 keysWithCounts(const U32& counts) {
    U32 keys;
    for (std::uint32_t b = 0; b < counts.size(); ++b)
        keys.insert(keys.end(), counts[b], b);
    return keys;
}

class SortGl : public ::testing::TestWithParam<int> {
protected:
    const SorterInfo& info() const { return sorterTable()[std::size_t(GetParam())]; }
};

TEST_P(SortGl, matchesStableSortInEverySizeRegime) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    struct Case {
        std::uint32_t n, m;
        KeyDistribution d;
    } cases[] = {
        {0, 1, KeyDistribution::Uniform},          {0, 1000, KeyDistribution::Uniform},
        {1, 1, KeyDistribution::Uniform},          {1, 1u << 20, KeyDistribution::Uniform},
        {2, 2, KeyDistribution::Uniform},          {255, 7, KeyDistribution::Uniform},
        {257, 1, KeyDistribution::Uniform},        {1000, 3, KeyDistribution::Skewed},
        {100, 100000, KeyDistribution::Uniform},   {4099, 1u << 20, KeyDistribution::Uniform},
        {5000, 1u << 20, KeyDistribution::Skewed}, {70001, 16, KeyDistribution::Uniform},
        {70001, 4096, KeyDistribution::Skewed},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(s->name()) + " n " + std::to_string(c.n) + " m " + std::to_string(c.m) +
                     " " + distributionName(c.d));
        EXPECT_EQ(sortAndCheck(*s, makeKeys(c.n, c.m, c.d, c.n + c.m), c.m), "");
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(SortGl, allKeysEqual) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(sortAndCheck(*s, U32(3001, 5u), 6), "");
    EXPECT_EQ(sortAndCheck(*s, U32(3001, 0u), 1), "");
    EXPECT_EQ(sortAndCheck(*s, U32(513, (1u << 20) - 1), 1u << 20), "");
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(SortGl, workedExampleWithM10) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    const U32 keys = {3, 1, 4, 1, 5, 9, 2, 6};
    gl::Buffer buffer = upload(keys);
    ASSERT_TRUE(s->sort({buffer.id(), 8, 10}));
    ASSERT_TRUE(s->checkStatus());
    EXPECT_EQ(s->readKeys(8), (U32{1, 1, 2, 3, 4, 5, 6, 9}));
    if (s->stable()) {
        EXPECT_EQ(s->readPermutation(8), (U32{1, 3, 6, 0, 2, 4, 7, 5}));
    }
    EXPECT_EQ(checkSorted({s->readKeys(8), s->readPermutation(8)}, keys, cpuStableSort(keys), s->stable()),
              "");
}

// The worked example as written (docs/SORT.md: [3,1,4,1,5,9,2,6] with m = 8) holds key 9 >= m: it must be rejected with a
// clear error, and no write may land outside the n output slots (a guard word after them stays untouched).
TEST_P(SortGl, keysAtOrAboveMAreFlaggedNeverWritten) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    const U32 keys = {3, 1, 4, 1, 5, 9, 2, 6, 8, 12};
    gl::Buffer buffer = upload(keys);
    ASSERT_TRUE(s->sort({buffer.id(), 10, 8}));
    Result<void> status = s->checkStatus();
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error(),
              std::string(s->name()) + ": 3 key(s) out of range; the first, key 9 at index 5, is >= m = 8");
    // The next sort with valid keys clears the status.
    EXPECT_EQ(sortAndCheck(*s, {3, 1, 4, 1, 5, 7, 2, 6}, 8), "");
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(SortGl, oneSorterAcrossShrinkingAndGrowingInputs) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    for (std::uint32_t n : {20000u, 10u, 30000u, 0u, 1u})
        EXPECT_EQ(sortAndCheck(*s, makeKeys(n, 300, KeyDistribution::Uniform, n), 300), "") << n;
}

TEST_P(SortGl, rejectsAKeyRangeOutsideOneTo2Pow20) {
    Sorter* s = sorter(info());
    ASSERT_NE(s, nullptr);
    gl::Buffer buffer = upload({0});
    Result<void> r = s->sort({buffer.id(), 1, (1u << 20) + 1});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("outside [1, 2^20]"), std::string::npos) << r.error();
    EXPECT_FALSE(s->sort({buffer.id(), 1, 0}));
}

INSTANTIATE_TEST_SUITE_P(Sorters, SortGl, ::testing::Range(0, int(sorterTable().size())),
                         [](const ::testing::TestParamInfo<int>& p) {
                             return std::string(sorterTable()[std::size_t(p.param)].name);
                         });

// The worked example's levels [4,5,14,8] -> [9,22] -> [31] on the GPU: they are the pyramid of the histogram
// [3,1,4,1,5,9,2,6], i.e. of 31 keys (three 0s, one 1, four 2s, ...) over m = 8 buckets.
TEST(HpCountingSortGl, workedExampleLevelsOnTheGpu) {
    HpCountingSort* s = hpSort();
    ASSERT_NE(s, nullptr);
    const U32 counts = {3, 1, 4, 1, 5, 9, 2, 6};
    U32 keys = keysWithCounts(counts);
    std::reverse(keys.begin(), keys.end()); // not already sorted
    const std::vector<U32> levels = pyramidOf(*s, keys, 8);
    ASSERT_EQ(levels.size(), 4u);
    EXPECT_EQ(levels[0], counts);
    EXPECT_EQ(levels[1], (U32{4, 5, 14, 8}));
    EXPECT_EQ(levels[2], (U32{9, 22}));
    EXPECT_EQ(levels[3], (U32{31}));
    EXPECT_EQ(checkSorted({s->readKeys(31), s->readPermutation(31)}, keys, cpuStableSort(keys), false), "");
}

// The 4:1 pyramid of the same 31 keys: [3,1,4,1 | 5,9,2,6 | 0.. | 0..] -> [9,22,0,0] -> [31].
TEST(HpCountingSortGl, workedExampleLevelsWithFanIn4) {
    auto* s = static_cast<HpCountingSort*>(sorter(sorterTable()[1])); // hp_counting_sort_4 (sort_test checks)
    ASSERT_NE(s, nullptr);
    ASSERT_EQ(s->fanIn(), 4u);
    const U32 counts = {3, 1, 4, 1, 5, 9, 2, 6};
    const U32 keys = keysWithCounts(counts);
    const std::vector<U32> levels = pyramidOf(*s, keys, 8);
    ASSERT_EQ(levels.size(), 3u);
    EXPECT_EQ(levels[0], (U32{3, 1, 4, 1, 5, 9, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(levels[1], (U32{9, 22, 0, 0}));
    EXPECT_EQ(levels[2], (U32{31}));
    EXPECT_EQ(s->readKeys(31), keys);
}

TEST(HpCountingSortGl, histogramLevelsOfTheWorkedExampleWithM10) {
    HpCountingSort* s = hpSort();
    ASSERT_NE(s, nullptr);
    const std::vector<U32> levels = pyramidOf(*s, {3, 1, 4, 1, 5, 9, 2, 6}, 10);
    ASSERT_EQ(levels.size(), 5u);
    EXPECT_EQ(levels[0], (U32{0, 2, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(levels[2], (U32{4, 3, 1, 0}));
    EXPECT_EQ(levels[4], (U32{8}));
}

// Sorted keys only (no permutation pass): the descent alone gives them.
TEST(HpCountingSortGl, sortedKeysWithoutThePermutation) {
    HpCountingSort* s = hpSort();
    ASSERT_NE(s, nullptr);
    const U32 keys = makeKeys(9999, 1u << 20, KeyDistribution::Skewed, 3);
    gl::Buffer buffer = upload(keys);
    ASSERT_TRUE(s->sort({buffer.id(), 9999, 1u << 20, /*permutation=*/false}));
    EXPECT_EQ(s->readKeys(9999), cpuStableSort(keys).keys);
}

} // namespace
