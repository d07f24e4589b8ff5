// HP5's 5:1 pyramid (hp5_pyramid.h) level by level against the CPU: the layout, and every level's nodes (the
// running sums of their first four children) and totals over a base of counts and a base of occupancy words,
// with partial last nodes at every level. The lists it gives are the method rows' tests (hp5, hp5_mc).
#include "gl_test_util.h"
#include "hp5_pyramid.h"

#include <bit>
#include <random>

namespace dicer::test {
namespace {

TEST(Hp5Layout, LevelsOfFiveToOne) {
    EXPECT_EQ(hp::hp5Layout(0).levels, 0);
    const hp::Hp5Layout one = hp::hp5Layout(1);
    EXPECT_EQ(one.levels, 1);
    EXPECT_EQ(one.sizes[1], 1u);
    EXPECT_EQ(hp::hp5Layout(5).levels, 1);
    const hp::Hp5Layout six = hp::hp5Layout(6);
    ASSERT_EQ(six.levels, 2);
    EXPECT_EQ(six.sizes[1], 2u);
    EXPECT_EQ(six.offsets[2], 2u);
    EXPECT_EQ(six.nodes, 3u);
    const hp::Hp5Layout big = hp::hp5Layout(0xffffffffu); // the largest base: 14 levels, within HP5_MAX_LEVELS
    EXPECT_EQ(big.levels, 14);
    EXPECT_EQ(big.sizes[14], 1u);
    EXPECT_EQ(big.sizes[1], 858993459u); // 2^32 - 1 = 5 x 858993459
}

// The level above `below` as the build makes it: running sums of 4, totals of 5 (0 past the end).
void cpuLevel(const std::vector<std::uint32_t>& below, std::vector<glm::uvec4>& nodes,
              std::vector<std::uint32_t>& totals) {
    const std::size_t n = (below.size() + 4) / 5;
    nodes.assign(n, glm::uvec4(0));
    totals.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t sum = 0;
        for (std::size_t c = 0; c < 5; ++c) {
            sum += 5 * i + c < below.size() ? below[5 * i + c] : 0u;
            if (c < 4) nodes[i][int(c)] = sum;
        }
        totals[i] = sum;
    }
}

TEST(Hp5Pyramid, EveryLevelIsTheCpusOverCountsAndWords) {
    gl::ShaderLibrary shaders;
    std::mt19937 rng(5);
    for (hp::Hp5Base kind : {hp::Hp5Base::Counts, hp::Hp5Base::Words}) {
        auto pyramid = hp::Hp5Pyramid::create(shaders, kind, "hp5 test");
        ASSERT_TRUE(pyramid) << pyramid.error();
        for (std::uint32_t n : {1u, 7u, 3126u, 100003u}) { // 3126 = 5^5 + 1: a lone node at every level
            SCOPED_TRACE(std::to_string(n) + (kind == hp::Hp5Base::Words ? " words" : " counts"));
            std::vector<std::uint32_t> base(n), counts(n);
            for (std::uint32_t i = 0; i < n; ++i) {
                const bool empty = rng() % 3 == 0; // runs of zeros: the descent's tie rule
                base[i] = empty ? 0u : kind == hp::Hp5Base::Words ? std::uint32_t(rng()) : std::uint32_t(rng() % 61);
                counts[i] = kind == hp::Hp5Base::Words ? std::uint32_t(std::popcount(base[i])) : base[i];
            }
            gl::Buffer buffer = bufferStorage(GLsizeiptr(n) * 4, base.data(), 0, "hp5 test base");
            ASSERT_TRUE(pyramid->reserve(n, context().info(), "hp5 test"));
            pyramid->build(buffer.id());
            std::vector<std::uint32_t> below = counts;
            const int levels = pyramid->layout().levels;
            for (int level = 1; level <= levels; ++level) {
                std::vector<glm::uvec4> nodes;
                std::vector<std::uint32_t> totals;
                cpuLevel(below, nodes, totals);
                EXPECT_EQ(pyramid->readNodes(level), nodes) << "level " << level;
                EXPECT_EQ(pyramid->readTotals(level), totals) << "level " << level;
                below = totals;
            }
            ASSERT_EQ(below.size(), 1u);
            std::uint64_t sum = 0;
            for (std::uint32_t c : counts)
                sum += c;
            EXPECT_EQ(below[0], sum);
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(Hp5Pyramid, NodesBeyondAStorageBlockAreOneClearErrorAndKeepThePrevious) {
    gl::ShaderLibrary shaders;
    auto pyramid = hp::Hp5Pyramid::create(shaders, hp::Hp5Base::Counts, "hp5 test");
    ASSERT_TRUE(pyramid) << pyramid.error();
    ASSERT_TRUE(pyramid->reserve(1000, context().info(), "hp5 test"));
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 1 << 12; // 1024 packed level-1 nodes, 256 nodes above: about 5000 base elements
    EXPECT_TRUE(pyramid->reserve(4000, small, "hp5 test"));
    Result<void> r = pyramid->reserve(6000, small, "hp5 test");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_EQ(pyramid->layout().base, 4000u);
}

} // namespace
} // namespace dicer::test
