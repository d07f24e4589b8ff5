// The X-ray's path (engine/hp/xray.h) against the CPU reference walk, level by level: for the compute
// HistoPyramids (hp_compute over the atlas, hp_bits over its occupancy bits), on random atlases of several sizes
// and densities, at k = 0, the last index, each top-level child's first index and the one before it, and random
// keys, the path their own list traversal records on the GPU (hpc_list.comp.glsl with HP_XRAY) equals
// cpuComputeXray over the CPU pyramid of the same texels; the cell found is the k-th entry's texel of the list;
// every level's total is the count; a key beyond the count is one clear error. hp_sparse likewise, its list's
// climb read top-down against cpuSparseXray over its pool's masks. 0 GL errors.
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"
#include "occupancy_sparse.h"
#include "xray.h"

#include <numeric>
#include <random>
#include <set>

using namespace dicer;
using namespace dicer::test;

namespace {

struct Case {
    int w, h;
    double density;
    std::uint32_t seed;
};

// The keys the issue names: 0, the last, every top child's first index and the one before, and randoms.
std::set<std::uint32_t> keysFor(const hp::XrayPath& first, std::uint32_t count, std::uint32_t seed) {
    std::set<std::uint32_t> keys{0u, count - 1};
    std::uint32_t start = 0;
    for (int i = 0; i < 4; ++i) {
        if (start > 0 && start < count) keys.insert(start - 1);
        if (start < count) keys.insert(start);
        start += first.steps.front().sums[i];
    }
    std::mt19937 rng(seed);
    for (int i = 0; i < 12; ++i) keys.insert(std::uniform_int_distribution<std::uint32_t>(0, count - 1)(rng));
    return keys;
}

void expectXrayExact(const char* row, const Case& c) {
    SCOPED_TRACE(std::string(row) + " " + std::to_string(c.w) + "x" + std::to_string(c.h) + " density " +
                 std::to_string(c.density));
    const std::vector<std::uint8_t> alpha = randomAlpha(c.w, c.h, c.density, c.seed);
    gl::Texture atlas = makeAtlas(alpha, c.w, c.h);
    const hp::MethodInput in = rowInput(row, atlas.id(), c.w, c.h);
    hp::PointMethod* m = methodFor(row);
    ASSERT_TRUE(m);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, c.w, c.h, hp::thresholdToByte(0.5f));
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, cpu.count());
    ASSERT_GT(count, 0u);
    const std::vector<glm::uvec4> entries = m->points().read(count);

    // Every level's total is the count (the X-ray view's totals).
    auto* pyramid = dynamic_cast<hp::ComputeHistoPyramid*>(m);
    ASSERT_TRUE(pyramid);
    for (int level = HPC_MASK_LEVEL + 1; level <= pyramid->levels(); ++level) {
        const std::vector<std::uint32_t> sums = pyramid->readLevel(level);
        EXPECT_EQ(std::accumulate(sums.begin(), sums.end(), std::uint64_t(0)), count) << "level " << level;
    }

    Result<hp::XrayPath> first = m->trace(0);
    ASSERT_TRUE(first) << first.error();
    ASSERT_EQ(first->steps.front().level, pyramid->levels());
    int checked = 0;
    for (std::uint32_t k : keysFor(*first, count, c.seed)) {
        Result<hp::XrayPath> gpu = m->trace(k);
        ASSERT_TRUE(gpu) << "k " << k << ": " << gpu.error();
        const hp::XrayPath reference = hp::cpuComputeXray(cpu, pyramid->levels(), k);
        EXPECT_EQ(hp::compareXray(*gpu, reference), "") << "k " << k;
        const glm::ivec2 texel(int(entries[k].w & 0xffffu), int(entries[k].w >> 16));
        EXPECT_EQ(gpu->cell, texel) << "k " << k << ": the cell found is not the list's entry k";
        EXPECT_EQ(gpu->steps.size(), std::size_t(pyramid->levels() - HPC_MASK_LEVEL + 1)) << "k " << k;
        ++checked;
    }
    EXPECT_GE(checked, 8);
    Result<hp::XrayPath> beyond = m->trace(count);
    ASSERT_FALSE(beyond);
    EXPECT_NE(beyond.error().find("output " + std::to_string(count) + " is beyond the " + std::to_string(count) +
                                  " outputs"),
              std::string::npos)
        << beyond.error();
    DICER_EXPECT_NO_GL_ERROR();
}

// The paper's variants: the list's own hpFind (hp_traverse.glsl) with HP_XRAY against cpuPaperXray, step for
// step down to level 1, the cell = the list's entry k.
void expectPaperXrayExact(const char* row, hp::Storage storage, const Case& c) {
    SCOPED_TRACE(std::string(row) + " " + hp::storageName(storage) + " " + std::to_string(c.w) + "x" +
                 std::to_string(c.h));
    const std::vector<std::uint8_t> alpha = randomAlpha(c.w, c.h, c.density, c.seed);
    gl::Texture atlas = makeAtlas(alpha, c.w, c.h);
    const hp::MethodInput in = rowInput(row, atlas.id(), c.w, c.h);
    hp::MethodOptions options;
    options.storage = storage;
    hp::PointMethod* m = methodFor(row, options);
    ASSERT_TRUE(m);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, c.w, c.h, hp::thresholdToByte(0.5f));
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, cpu.count());
    const std::vector<glm::uvec4> entries = m->points().read(count);
    Result<hp::XrayPath> first = m->trace(0);
    ASSERT_TRUE(first) << first.error();
    for (std::uint32_t k : keysFor(*first, count, c.seed)) {
        Result<hp::XrayPath> gpu = m->trace(k);
        ASSERT_TRUE(gpu) << "k " << k << ": " << gpu.error();
        EXPECT_EQ(hp::compareXray(*gpu, hp::cpuPaperXray(cpu, k)), "") << "k " << k;
        const glm::ivec2 texel(int(entries[k].w & 0xffffu), int(entries[k].w >> 16));
        EXPECT_EQ(gpu->cell, texel) << "k " << k;
        EXPECT_EQ(gpu->steps.size(), std::size_t(cpu.storedLevels())) << "k " << k;
    }
    EXPECT_FALSE(m->trace(count));
    DICER_EXPECT_NO_GL_ERROR();
}

const Case kCases[] = {{200, 150, 0.3, 1u}, {300, 300, 0.01, 2u}, {64, 64, 1.0, 3u}, {513, 97, 0.5, 4u}};

// hp_sparse: the list's own climb with HP_XRAY (hps_list.comp.glsl) against cpuSparseXray over the pool's masks of
// this frame's used slots, step for step from the top (sized for the pool's capacity) to the mask level; the
// cell = the list's entry k.
void expectSparseXrayExact(const Case& c) {
    SCOPED_TRACE("hp_sparse " + std::to_string(c.w) + "x" + std::to_string(c.h) + " density " +
                 std::to_string(c.density));
    const std::vector<std::uint8_t> alpha = randomAlpha(c.w, c.h, c.density, c.seed);
    gl::Texture atlas = makeAtlas(alpha, c.w, c.h);
    const hp::MethodInput in = rowInput("hp_sparse", atlas.id(), c.w, c.h);
    hp::PointMethod* m = methodFor("hp_sparse");
    ASSERT_TRUE(m);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, hp::buildCpuPyramid(alpha, c.w, c.h, hp::thresholdToByte(0.5f)).count());
    ASSERT_GT(count, 0u);
    const std::vector<glm::uvec4> entries = m->points().read(count);
    std::uint32_t used = 0;
    glGetNamedBufferSubData(in.sparseIndex, SPARSE_USED * 4, 4, &used);
    std::vector<std::uint32_t> pool(std::size_t(used) * SPARSE_BRICK_WORDS);
    glGetNamedBufferSubData(in.sparsePool, 0, GLsizeiptr(pool.size() * 4), pool.data());
    const int top = hp::xrayPyramidLevels(m->xrayLevels()) - 1;
    Result<hp::XrayPath> first = m->trace(0);
    ASSERT_TRUE(first) << first.error();
    int checked = 0;
    for (std::uint32_t k : keysFor(*first, count, c.seed)) {
        Result<hp::XrayPath> gpu = m->trace(k);
        ASSERT_TRUE(gpu) << "k " << k << ": " << gpu.error();
        const glm::ivec2 texel(int(entries[k].w & 0xffffu), int(entries[k].w >> 16));
        EXPECT_EQ(gpu->cell, texel) << "k " << k << ": the cell found is not the list's entry k";
        hp::XrayPath reference = hp::cpuSparseXray(pool, top, k);
        reference.cell = gpu->cell; // the walk knows no bricks: the texel is checked against the list above
        EXPECT_EQ(hp::compareXray(*gpu, reference), "") << "k " << k;
        EXPECT_EQ(gpu->steps.size(), std::size_t(top + 1)) << "k " << k;
        ++checked;
    }
    EXPECT_GE(checked, 8);
    Result<hp::XrayPath> beyond = m->trace(count);
    ASSERT_FALSE(beyond);
    EXPECT_NE(beyond.error().find("is beyond the " + std::to_string(count) + " outputs"), std::string::npos)
        << beyond.error();
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

TEST(XrayCompute, PathEqualsTheCpuWalkLevelByLevel) {
    for (const Case& c : kCases) expectXrayExact("hp_compute", c);
}

TEST(XrayBits, PathEqualsTheCpuWalkLevelByLevel) {
    for (const Case& c : kCases) expectXrayExact("hp_bits", c);
}

TEST(XrayPaper, PathEqualsTheCpuWalkLevelByLevel) {
    for (const char* row : {"dicer_single", "dicer_vec4", "dicer_rect"})
        for (hp::Storage storage : hp::kStorages)
            expectPaperXrayExact(row, storage, kCases[0]);
    expectPaperXrayExact("dicer_bil", hp::Storage::Float32, kCases[3]);
    expectPaperXrayExact("dicer_vec4", hp::Storage::Uint32, kCases[1]);
}

TEST(XraySparse, PathEqualsTheCpuWalkLevelByLevel) {
    for (const Case& c : kCases) expectSparseXrayExact(c);
}

// Methods whose traversal records no path say so, in one line naming the method.
TEST(XrayOthers, MethodsWithoutAPathSaySo) {
    hp::PointMethod* m = methodFor("atomic_append");
    ASSERT_TRUE(m);
    Result<hp::XrayPath> r = m->trace(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("atomic_append"), std::string::npos) << r.error();
}
