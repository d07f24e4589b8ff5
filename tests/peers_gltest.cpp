// The peers (compute HistoPyramid, Horn's scan + gather, atomic append, the CPU path single- and multi-
// threaded) against the CPU reference and against a paper HistoPyramid variant: the same set of entries,
// exactly, on random atlases of every size regime and density; the row-major and key-index peers in their
// exact order too. Then each peer's own mechanics (Horn's scan levels, the compute pyramid's levels, capacity
// clamping, tiling) and bad inputs.
#include "atomic_append.h"
#include "compactor.h"
#include "cpu_compaction.h"
#include "horn_scan.h"
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"

#include <map>
#include <memory>

using namespace dicer;
using namespace dicer::peers;
using namespace dicer::test;

namespace {

// Peers are created once per executable: compiling their programs would dominate the small cases.
gl::ShaderLibrary& peerShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}
Compactor* peer(const std::string& name) {
    static std::map<std::string, std::unique_ptr<Compactor>> cache;
    auto& slot = cache[name];
    if (!slot) {
        auto created = createPeer(name, peerShaders(), context().info());
        if (!created) {
            ADD_FAILURE() << created.error();
            return nullptr;
        }
        slot = std::move(created.value());
    }
    return slot.get();
}
std::vector<std::string> peerNames() {
    std::vector<std::string> names;
    for (const PeerInfo& p : peerTable())
        names.push_back(p.name);
    return names;
}

// The entries a paper variant (dicer_vec4, uint32) lists for the same atlas: the HistoPyramid the peers must
// match.
std::vector<glm::uvec4> histoPyramidEntries(GLuint atlas, float threshold, const hp::AtlasTiling& tiling) {
    hp::HistoPyramid* pyr = pyramidFor({"dicer_vec4", hp::Storage::Uint32});
    hp::PointList* list = sharedPointList();
    if (!pyr || !list || !pyr->build(atlas, threshold, tiling) || !list->build(*pyr)) {
        ADD_FAILURE() << "dicer_vec4 failed";
        return {};
    }
    return list->readPoints(list->count());
}

void expectSameEntries(const std::string& name, const std::vector<std::uint8_t>& alpha, int w, int h,
                       float threshold, const hp::AtlasTiling& tiling = {}, bool againstHistoPyramid = true) {
    SCOPED_TRACE(name + " " + std::to_string(w) + "x" + std::to_string(h));
    Compactor* p = peer(name);
    ASSERT_TRUE(p);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    const std::uint32_t byte = hp::thresholdToByte(threshold);
    std::vector<glm::uvec4> expected = referenceEntries(alpha, w, h, byte, tiling);
    CompactionInput in{atlas.id(), threshold, tiling,
                       std::max<std::uint32_t>(std::uint32_t(expected.size()), 1)};
    ASSERT_TRUE(p->run(in));
    ASSERT_EQ(p->readCount(), expected.size());
    std::vector<glm::uvec4> got = p->readPoints(std::uint32_t(expected.size()));
    switch (p->order()) {
    case EntryOrder::RowMajor:
        EXPECT_TRUE(got == expected) << "row-major order differs";
        break;
    case EntryOrder::KeyIndex: {
        hp::CpuPyramid ref = hp::buildCpuPyramid(alpha, w, h, byte, tiling);
        std::vector<glm::uvec4> keyOrder;
        for (glm::ivec2 cell : hp::cpuPointList(ref))
            keyOrder.push_back(pointEntry(cell, tiling, {w, h}));
        EXPECT_TRUE(got == keyOrder) << "key-index order differs";
        break;
    }
    case EntryOrder::Unordered:
        break;
    }
    std::vector<glm::uvec4> sorted = sortedEntries(got);
    EXPECT_TRUE(sorted == sortedEntries(expected)) << "entry set differs from the CPU reference";
    // The paper variants pad to a power of two, which only matters for the default tiling (one slice).
    if (againstHistoPyramid && (tiling.tileSize.x > 0 || (w == h && hp::nextPowerOfTwo(w) == w))) {
        EXPECT_TRUE(sorted == sortedEntries(histoPyramidEntries(atlas.id(), threshold, tiling)))
            << "entry set differs from dicer_vec4's";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

struct RandomCase {
    int w, h;
    double density; // < 0: exactly one active cell
};

} // namespace

// Empty and full, one cell, non-power-of-two and non-square sizes, sizes across Horn's block (1024) and scan
// levels (1024^2 + 1) and the compute pyramid's mask block (8) and dispatch boundary (64 cells, 6 levels).
const RandomCase kPeerCases[] = {
    {1, 1, 0.0},     {1, 1, 1.0},         {2, 2, 0.5},        {3, 3, 1.0},       {5, 1, 1.0},
    {1, 7, 0.5},     {8, 8, 1.0},         {9, 9, 0.5},        {16, 16, 0.0},     {16, 16, 1.0},
    {37, 23, 0.4},   {64, 64, -1},        {64, 64, 0.5},      {65, 65, 0.3},     {100, 1, 0.5},
    {32, 33, 1.0},   {256, 256, 0.0},     {256, 256, 0.01},   {256, 256, 1.0},   {300, 5, 0.7},
    {513, 300, 0.2}, {1024, 1024, 0.001}, {1025, 1024, 0.01}, {1024, 1024, 1.0}, {2048, 2048, -1},
};

// One test per peer walks the whole table: a test process per case would spend most of its time creating the
// context and compiling the programs.
class PeerRandom : public ::testing::TestWithParam<std::string> {};

TEST_P(PeerRandom, SameEntriesAsTheReferenceAndTheHistoPyramid) {
    for (const RandomCase& rc : kPeerCases) {
        std::uint32_t seed = std::uint32_t(rc.w * 131 + rc.h * 7 + int(rc.density * 1000));
        auto alpha = rc.density < 0 ? singleCell(rc.w, rc.h, rc.w / 3, rc.h - 1)
                                    : randomAlpha(rc.w, rc.h, rc.density, seed);
        SCOPED_TRACE("density " + std::to_string(rc.density));
        expectSameEntries(GetParam(), alpha, rc.w, rc.h, float(kTestThreshold) / 255.0f);
    }
}

INSTANTIATE_TEST_SUITE_P(AllPeers, PeerRandom, ::testing::ValuesIn(peerNames()),
                         [](const auto& param) { return param.param; });

class PeerCases : public ::testing::TestWithParam<std::string> {};

TEST_P(PeerCases, AtlasTilingGivesVoxelCoordinates) {
    // 64x64 atlas of 16 slices of 16x16 voxels, 4 tiles per row.
    expectSameEntries(GetParam(), randomAlpha(64, 64, 0.05, 99), 64, 64, 0.5f, hp::AtlasTiling{{16, 16}, 4});
}

TEST_P(PeerCases, ThresholdExactlyAtACellsAlphaIsActive) {
    std::vector<std::uint8_t> ramp(256);
    for (int i = 0; i < 256; ++i)
        ramp[size_t(i)] = std::uint8_t(i);
    for (int a : {0, 1, 128, 255})
        expectSameEntries(GetParam(), ramp, 16, 16, float(a) / 255.0f);
}

TEST_P(PeerCases, CapacityBelowTheCountKeepsTheCountAndDropsTheRest) {
    Compactor* p = peer(GetParam());
    ASSERT_TRUE(p);
    auto alpha = randomAlpha(32, 32, 0.5, 5);
    std::vector<glm::uvec4> expected = referenceEntries(alpha, 32, 32, kTestThreshold, {});
    ASSERT_GT(expected.size(), 100u);
    gl::Texture atlas = makeAtlas(alpha, 32, 32);
    ASSERT_TRUE(p->run({atlas.id(), 0.5f, {}, 100}));
    EXPECT_EQ(p->readCount(), expected.size()); // the count is complete even when the entries are not
    std::vector<glm::uvec4> got = sortedEntries(p->readPoints(100));
    std::vector<glm::uvec4> all = sortedEntries(expected);
    EXPECT_TRUE(std::includes(all.begin(), all.end(), got.begin(), got.end(),
                              [](const glm::uvec4& a, const glm::uvec4& b) { return a.w < b.w; }))
        << "the 100 entries kept are not all active cells";
    if (p->order() == EntryOrder::RowMajor) {
        EXPECT_TRUE(p->readPoints(100) == std::vector<glm::uvec4>(expected.begin(), expected.begin() + 100));
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(PeerCases, BadInputsAreClearErrors) {
    Compactor* p = peer(GetParam());
    ASSERT_TRUE(p);
    auto expectError = [&](const CompactionInput& in, const char* mentions) {
        Result<void> r = p->run(in);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_NE(r.error().find(p->name()), std::string::npos) << r.error();
    };
    gl::Texture r8 = gl::createTexture2D(32, 32, GL_R8, 1);
    expectError({r8.id(), 0.5f, {}, 16}, "RGBA8");
    gl::Texture f32 = gl::createTexture2D(32, 32, GL_RGBA32F, 1);
    expectError({f32.id(), 0.5f, {}, 16}, "RGBA8");
    gl::Texture volume = gl::createTexture(GL_TEXTURE_3D);
    glTextureStorage3D(volume.id(), 1, GL_RGBA8, 4, 4, 4);
    expectError({volume.id(), 0.5f, {}, 16}, "GL_TEXTURE_2D");
    expectError({0, 0.5f, {}, 16}, "not a texture");
    gl::Texture good = makeAtlas(randomAlpha(8, 8, 0.5, 3), 8, 8);
    expectError({good.id(), std::nanf(""), {}, 16}, "finite");
    expectError({good.id(), 0.5f, {}, 0}, "capacity");
    expectError({good.id(), 0.5f, {}, 0xffffffffu}, "limit");
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(AllPeers, PeerCases, ::testing::ValuesIn(peerNames()),
                         [](const auto& param) { return param.param; });

TEST(PeerTable, NamesEveryPeerAndRejectsUnknownOnes) {
    EXPECT_EQ(peerNames(), (std::vector<std::string>{"hp_compute", "horn_scan", "atomic_append",
                                                     "cpu_linewise", "cpu_threaded"}));
    gl::ShaderLibrary shaders;
    auto bad = createPeer("bitonic_sort", shaders, context().info());
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("horn_scan"), std::string::npos) << bad.error();
}

TEST(PeerLimits, InputSidesBeyondAMethodsLimitAreClearErrors) {
    gl::Texture atlas = makeAtlas(randomAlpha(40, 20, 0.5, 1), 40, 20);
    auto r = checkInput("limit probe", {atlas.id(), 0.5f, {}, 1}, 32);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("limit of 32"), std::string::npos) << r.error();
    EXPECT_TRUE(checkInput("limit probe", {atlas.id(), 0.5f, {}, 1}, 40));
}

// Horn's scan needs 4 bytes per texel in one storage block: an atlas past GL_MAX_SHADER_STORAGE_BLOCK_SIZE /
// 4 texels is refused with the limit named (llvmpipe: 128 MiB, so 8192 x 4097).
TEST(PeerLimits, HornScanRefusesAScanBeyondTheStorageBlockLimit) {
    const std::int64_t texels = maxStorageBlockBytes() / 4 + 1;
    const int w = context().info().maxTextureSize;
    const std::int64_t h = (texels + w - 1) / w;
    if (h > w) GTEST_SKIP() << "the storage block limit is beyond the largest texture";
    gl::Texture big =
        gl::createTexture2D(w, GLsizei(h), GL_RGBA8, 1, "too large for horn_scan"); // never filled
    Compactor* p = peer("horn_scan");
    ASSERT_TRUE(p);
    Result<void> r = p->run({big.id(), 0.5f, {}, 16});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    DICER_EXPECT_NO_GL_ERROR();
}

// The scan itself, across one block, two blocks and three levels: the inclusive prefix sums of the
// discriminator, exactly.
TEST(HornScan, InclusiveScanEqualsTheCpuPrefixSum) {
    Compactor* p = peer("horn_scan");
    ASSERT_TRUE(p);
    auto* horn = static_cast<HornScan*>(p);
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
    Compactor* p = peer("hp_compute");
    ASSERT_TRUE(p);
    auto* hpc = static_cast<hp::ComputeHistoPyramid*>(p);
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
    auto single = CpuCompaction::create(peerShaders(), 1);
    auto threaded = CpuCompaction::create(peerShaders(), 3); // 3 chunks even on a 2-core machine
    ASSERT_TRUE(single && threaded);
    EXPECT_STREQ((*single)->name(), "cpu_linewise");
    EXPECT_STREQ((*threaded)->name(), "cpu_threaded");
    auto alpha = randomAlpha(129, 67, 0.2, 4);
    gl::Texture atlas = makeAtlas(alpha, 129, 67);
    CompactionInput in{atlas.id(), 0.5f, {}, 129 * 67};
    ASSERT_TRUE((*single)->download(in));
    (*single)->traverse();
    (*single)->upload();
    ASSERT_TRUE((*threaded)->run(in));
    std::vector<glm::uvec4> expected = referenceEntries(alpha, 129, 67, kTestThreshold, {});
    EXPECT_EQ((*single)->count(), expected.size());
    EXPECT_TRUE((*single)->readPoints(std::uint32_t(expected.size())) == expected);
    EXPECT_TRUE((*threaded)->readPoints(std::uint32_t(expected.size())) == expected);
    EXPECT_EQ((*threaded)->readCount(), expected.size());
    DICER_EXPECT_NO_GL_ERROR();
}

// run() lets the build write the list's indirect arguments; a list with another capacity computes its own,
// and a list after a build without a capacity too.
TEST(ComputeHistoPyramid, ListArgumentsFollowTheCapacityAskedFor) {
    Compactor* p = peer("hp_compute");
    ASSERT_TRUE(p);
    auto* hpc = static_cast<hp::ComputeHistoPyramid*>(p);
    auto alpha = randomAlpha(40, 30, 0.5, 8);
    gl::Texture atlas = makeAtlas(alpha, 40, 30);
    hp::CpuPyramid ref = hp::buildCpuPyramid(alpha, 40, 30, kTestThreshold);
    std::vector<glm::uvec4> keyOrder;
    for (glm::ivec2 cell : hp::cpuPointList(ref))
        keyOrder.push_back(pointEntry(cell, {}, {40, 30}));
    auto expectPrefix = [&](std::uint32_t n) {
        EXPECT_TRUE(hpc->readPoints(n) == std::vector<glm::uvec4>(keyOrder.begin(), keyOrder.begin() + n))
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
