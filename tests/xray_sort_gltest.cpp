// The X-ray of the counting sort's 1D HistoPyramid (engine/sort/sort_xray.h), fan-in 2 and 4, on random,
// skewed and one-bucket keys and on the depth order's range (4096 buckets + the retired particles' key): at k = 0,
// the last slot, each top child's first slot and the one before it, and random slots, the path the descent pass
// records on the GPU (sort_hp_descend.comp.glsl with HP_XRAY) equals the walk over a CPU-built pyramid of the same
// keys step for step, and the bucket found is sorted key k; the tiles of its levels equal the CPU pyramid's block
// sums, whole and zoomed, every level's total the count; a slot beyond the keys is one error.
#include "gl_test_util.h"
#include "hp_counting_sort.h"
#include "sort_xray.h"
#include "xray_canvas_util.h"

#include <algorithm>
#include <random>
#include <set>

using namespace dicer;
using U32 = std::vector<std::uint32_t>;

namespace {

struct Keys {
    std::string what;
    U32 keys;
    std::uint32_t m;
};

std::vector<Keys> keySets() {
    std::mt19937 rng(31u);
    std::vector<Keys> sets;
    U32 uniform(5000);
    for (std::uint32_t& k : uniform)
        k = std::uniform_int_distribution<std::uint32_t>(0, 999)(rng);
    sets.push_back({"uniform m 1000", uniform, 1000});
    U32 skewed(3001);
    for (std::uint32_t& k : skewed) {
        const std::uint32_t r = std::uniform_int_distribution<std::uint32_t>(0, 99)(rng);
        k = r < 90 ? 7u : r * 40u;
    }
    sets.push_back({"skewed m 4097 (the depth order's)", skewed, 4097});
    sets.push_back({"one bucket", U32(300, 0u), 1});
    U32 sparse(77);
    for (std::uint32_t& k : sparse)
        k = std::uniform_int_distribution<std::uint32_t>(0, (1u << 20) - 1)(rng);
    sets.push_back({"m 2^20", sparse, 1u << 20});
    return sets;
}

} // namespace

TEST(XraySort, PathEqualsTheCpuWalkLevelByLevel) {
    gl::ShaderLibrary shaders;
    for (std::uint32_t fanIn : {2u, 4u}) {
        auto made = sort::HpCountingSort::create(shaders, gl::queryGlInfo(), fanIn);
        ASSERT_TRUE(made) << made.error();
        sort::HpCountingSort& s = *made.value();
        for (const Keys& set : keySets()) {
            SCOPED_TRACE(std::string(s.name()) + " " + set.what);
            gl::Buffer keys =
                test::bufferStorage(GLsizeiptr(set.keys.size() * 4), set.keys.data(), 0, "keys");
            ASSERT_TRUE(s.sort({keys.id(), std::uint32_t(set.keys.size()), set.m, true}));
            const auto n = std::uint32_t(set.keys.size());
            const std::vector<U32> pyramid = sort::cpuSortPyramid(set.keys, set.m, fanIn);
            ASSERT_EQ(pyramid.back()[0], n);
            const U32 sorted = s.readKeys(n);
            Result<hp::XrayPath> first = s.trace(0);
            ASSERT_TRUE(first) << first.error();
            std::set<std::uint32_t> slots{0u, n - 1};
            std::uint32_t start = 0;
            for (std::uint32_t c = 0; c < fanIn && !first->steps.empty(); ++c) {
                if (start > 0 && start < n) slots.insert(start - 1);
                if (start < n) slots.insert(start);
                start += first->steps.front().sums[int(c)];
            }
            std::mt19937 rng(5u);
            for (int i = 0; i < 12; ++i)
                slots.insert(std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng));
            for (std::uint32_t k : slots) {
                Result<hp::XrayPath> gpu = s.trace(k);
                ASSERT_TRUE(gpu) << "k " << k << ": " << gpu.error();
                EXPECT_EQ(hp::compareXray(*gpu, sort::cpuSortXray(pyramid, fanIn, k)), "") << "k " << k;
                EXPECT_EQ(std::uint32_t(gpu->cell.x), sorted[k]) << "k " << k;
                EXPECT_EQ(gpu->steps.size(), pyramid.size() - 1) << "k " << k;
            }
            Result<hp::XrayPath> beyond = s.trace(n);
            ASSERT_FALSE(beyond);
            EXPECT_NE(beyond.error().find("is beyond the " + std::to_string(n) + " keys"), std::string::npos)
                << beyond.error();
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The tiles of the sort's levels (Z order) equal the CPU pyramid pixel for pixel, whole and zoomed, reduced or not.
TEST(XrayLevels, CountingSortTilesEqualTheCpuPyramid) {
    gl::ShaderLibrary shaders;
    for (std::uint32_t fanIn : {2u, 4u}) {
        auto made = sort::HpCountingSort::create(shaders, gl::queryGlInfo(), fanIn);
        ASSERT_TRUE(made) << made.error();
        sort::HpCountingSort& s = *made.value();
        const Keys set = keySets()[1];
        gl::Buffer keys = test::bufferStorage(GLsizeiptr(set.keys.size() * 4), set.keys.data(), 0, "keys");
        ASSERT_TRUE(s.sort({keys.id(), std::uint32_t(set.keys.size()), set.m, false}));
        const std::vector<U32> pyramid = sort::cpuSortPyramid(set.keys, set.m, fanIn);
        const std::vector<hp::XrayLevel> drawn = s.xrayLevels();
        ASSERT_EQ(drawn.size(), pyramid.size());
        EXPECT_EQ(drawn.back().nodes, glm::ivec2(1));
        const auto node = [&](int level, int x, int y) -> std::uint64_t {
            const std::uint64_t i = hp::zOrderIndex({x, y});
            const U32& l = pyramid[std::size_t(level)];
            return i < l.size() ? l[std::size_t(i)] : 0u;
        };
        for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.3f, 0.2f, 0.55f, 0.6f)})
            for (int side : {4, 24, 520}) {
                SCOPED_TRACE(std::string(s.name()) + " side " + std::to_string(side));
                const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(drawn, window, side, 4);
                const test::DrawnCanvas c = test::drawXrayCanvas(
                    tiles, side, 4, [&](const hp::XrayCanvas& canvas) { return s.drawXray(tiles, canvas); });
                EXPECT_EQ(test::compareXrayCanvas(c, tiles, node), 0);
                if (window != glm::vec4(0, 0, 1, 1)) continue;
                for (const hp::XrayTile& t : tiles)
                    EXPECT_EQ(c.totals[std::size_t(t.slot)], set.keys.size()) << "level " << t.level;
            }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// A sort without a pyramid says so (and one before its first sort: nothing sorted), naming itself.
TEST(XraySort, SortsWithoutAPyramidSaySo) {
    gl::ShaderLibrary shaders;
    for (const sort::SorterInfo& info : sort::sorterTable()) {
        auto made = info.create(shaders, gl::queryGlInfo());
        ASSERT_TRUE(made) << made.error();
        EXPECT_TRUE(made.value()->xrayLevels().empty());
        Result<hp::XrayPath> r = made.value()->trace(0);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(info.name), std::string::npos) << r.error();
    }
}
