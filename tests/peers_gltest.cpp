// The peers' own mechanics: Horn's scan levels, the compute pyramid's levels and list arguments, the CPU
// path's stages and threads, and their limits. Their entries against the CPU reference (every row of the
// method table, exactly) are tests/methods_gltest.cpp.
#include "atomic_append.h"
#include "cpu_compaction.h"
#include "horn_scan.h"
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"
#include "peers.h"

#include <map>
#include <memory>

using namespace dicer;
using namespace dicer::peers;
using namespace dicer::test;

namespace {

hp::PointMethod* peer(const std::string& name) {
    return methodFor(name);
}
gl::ShaderLibrary& peerShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}

} // namespace

TEST(PeerLimits, InputSidesBeyondAMethodsLimitAreClearErrors) {
    gl::Texture atlas = makeAtlas(randomAlpha(40, 20, 0.5, 1), 40, 20);
    auto r = hp::checkInput("limit probe", {atlas.id(), 0.5f, {}, 1}, 32, context().info());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("limit of 32"), std::string::npos) << r.error();
    EXPECT_TRUE(hp::checkInput("limit probe", {atlas.id(), 0.5f, {}, 1}, 40, context().info()));
}

// Horn's scan needs 4 bytes per texel in one storage block: an atlas past GL_MAX_SHADER_STORAGE_BLOCK_SIZE /
// 4 texels is refused with the limit named (llvmpipe: 128 MiB, so 8192 x 4097).
TEST(PeerLimits, HornScanRefusesAScanBeyondTheStorageBlockLimit) {
    const std::int64_t texels = context().info().maxStorageBlockBytes / 4 + 1;
    const int w = context().info().maxTextureSize;
    const std::int64_t h = (texels + w - 1) / w;
    if (h > w) GTEST_SKIP() << "the storage block limit is beyond the largest texture";
    gl::Texture big = test::texture2D(w, GLsizei(h), GL_RGBA8, 1, "too large for horn_scan"); // never filled
    hp::PointMethod* p = peer("horn_scan");
    ASSERT_TRUE(p);
    Result<void> r = p->run({big.id(), 0.5f, {}, 16});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    DICER_EXPECT_NO_GL_ERROR();
}

// The scan itself, across one block, two blocks and three levels: the inclusive prefix sums of the
// discriminator, exactly.
TEST(HornScan, InclusiveScanEqualsTheCpuPrefixSum) {
    auto* horn = dynamic_cast<HornScan*>(peer("horn_scan"));
    ASSERT_TRUE(horn);
    for (glm::ivec2 size : {glm::ivec2(32, 32), glm::ivec2(1025, 1), glm::ivec2(1100, 1000)}) {
        SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
        auto alpha = randomAlpha(size.x, size.y, 0.3, std::uint32_t(size.x));
        gl::Texture atlas = makeAtlas(alpha, size.x, size.y);
        ASSERT_TRUE(horn->run({atlas.id(), 0.5f, {}, 1}));
        std::vector<std::uint32_t> scan = horn->readScan();
        ASSERT_EQ(scan.size(), alpha.size());
        std::uint32_t sum = 0, bad = 0;
        for (size_t i = 0; i < alpha.size(); ++i) {
            sum += alpha[i] >= kTestThreshold;
            if (scan[i] != sum && bad++ < 3)
                ADD_FAILURE() << "i=" << i << " gpu " << scan[i] << " cpu " << sum;
        }
        EXPECT_EQ(bad, 0u);
        EXPECT_EQ(horn->readCount(), sum);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Every level of the compute pyramid holds the sums of the CPU reference (same quadtree, no padding stored).
TEST(ComputeHistoPyramid, LevelsEqualTheCpuPyramid) {
    auto* hpc = dynamic_cast<hp::ComputeHistoPyramid*>(peer("hp_compute"));
    ASSERT_TRUE(hpc);
    for (glm::ivec2 size :
         {glm::ivec2(1, 1), glm::ivec2(64, 64), glm::ivec2(300, 77), glm::ivec2(4096, 4096)}) {
        SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
        auto alpha = randomAlpha(size.x, size.y, 0.3, 11);
        gl::Texture atlas = makeAtlas(alpha, size.x, size.y);
        ASSERT_TRUE(hpc->build(atlas.id(), 0.5f));
        hp::CpuPyramid ref = hp::buildCpuPyramid(alpha, size.x, size.y, kTestThreshold);
        ASSERT_EQ(hpc->levels(), std::max(ref.storedLevels(), 3)); // small inputs: one 8x8 mask block on top
        for (int level = 1; level <= hpc->levels(); ++level) {
            glm::ivec2 s = hp::computeLevelSize(size, level);
            std::vector<std::uint32_t> got = hpc->readLevel(level);
            ASSERT_EQ(got.size(), size_t(s.x) * size_t(s.y));
            std::uint32_t bad = 0;
            for (int y = 0; y < s.y; ++y)
                for (int x = 0; x < s.x; ++x)
                    bad += got[size_t(y) * size_t(s.x) + size_t(x)] !=
                           (level <= ref.storedLevels() ? ref.at(level, x, y) : ref.count());
            EXPECT_EQ(bad, 0u) << "level " << level;
        }
        EXPECT_EQ(hpc->readCount(), ref.count());
    }
    ASSERT_TRUE(hpc->build(makeAtlas({0}, 1, 1).id(), 0.5f)); // leave the 4096^2 levels behind
    DICER_EXPECT_NO_GL_ERROR();
}

// The CPU path's stages one by one give what run() gives; the threaded scan keeps the row-major order.
TEST(CpuCompaction, StagesAndThreadsAgree) {
    auto single = CpuCompaction::create(peerShaders(), context().info(), 1);
    auto threaded = CpuCompaction::create(peerShaders(), context().info(), 3); // 3 chunks even on 2 cores
    ASSERT_TRUE(single && threaded);
    EXPECT_STREQ((*single)->name(), "cpu_linewise");
    EXPECT_STREQ((*threaded)->name(), "cpu_threaded");
    auto alpha = randomAlpha(129, 67, 0.2, 4);
    gl::Texture atlas = makeAtlas(alpha, 129, 67);
    MethodInput in{atlas.id(), 0.5f, {}, 129 * 67};
    ASSERT_TRUE((*single)->download(in));
    (*single)->traverse();
    ASSERT_TRUE((*single)->upload());
    ASSERT_TRUE((*threaded)->run(in));
    std::vector<glm::uvec4> expected = hp::referenceEntries(alpha, 129, 67, kTestThreshold, {});
    EXPECT_EQ((*single)->count(), expected.size());
    EXPECT_TRUE((*single)->points().read(std::uint32_t(expected.size())) == expected);
    EXPECT_TRUE((*threaded)->points().read(std::uint32_t(expected.size())) == expected);
    EXPECT_EQ((*threaded)->readCount(), expected.size());
    DICER_EXPECT_NO_GL_ERROR();
}

// run() lets the build write the list's indirect arguments; a list with another capacity computes its own,
// and a list after a build without a capacity too.
TEST(ComputeHistoPyramid, ListArgumentsFollowTheCapacityAskedFor) {
    auto* hpc = dynamic_cast<hp::ComputeHistoPyramid*>(peer("hp_compute"));
    ASSERT_TRUE(hpc);
    auto alpha = randomAlpha(40, 30, 0.5, 8);
    gl::Texture atlas = makeAtlas(alpha, 40, 30);
    hp::CpuPyramid ref = hp::buildCpuPyramid(alpha, 40, 30, kTestThreshold);
    std::vector<glm::uvec4> keyOrder;
    for (glm::ivec2 cell : hp::cpuPointList(ref))
        keyOrder.push_back(hp::pointEntry(cell, {}, {40, 30}));
    auto expectPrefix = [&](std::uint32_t n) {
        EXPECT_TRUE(hpc->points().read(n) == std::vector<glm::uvec4>(keyOrder.begin(), keyOrder.begin() + n))
            << n;
    };
    ASSERT_TRUE(hpc->build(atlas.id(), 0.5f, 200)); // arguments for 200 written by the build
    ASSERT_TRUE(hpc->list(200));
    expectPrefix(200);
    ASSERT_TRUE(hpc->list(50)); // another capacity: its own argument pass
    expectPrefix(50);
    ASSERT_TRUE(hpc->build(atlas.id(), 0.5f)); // no capacity: list() computes the arguments
    ASSERT_TRUE(hpc->list(std::uint32_t(keyOrder.size())));
    expectPrefix(std::uint32_t(keyOrder.size()));
    EXPECT_EQ(hpc->readCount(), keyOrder.size());
    DICER_EXPECT_NO_GL_ERROR();
}
