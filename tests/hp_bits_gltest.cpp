// The HistoPyramid over bits (hp_bits) against the CPU reference over bits (bits_reference.h),
// exactly: random bit volumes of every density from 1^3 to 1024^3 (a 32768^2 virtual atlas, beyond llvmpipe's
// GL_MAX_TEXTURE_SIZE), both list paths; its list equals hp_compute's over the equivalent atlas entry for
// entry; the GPU atlas -> bits pass equals the CPU one; the rank of every entry's texel is its index; bad inputs
// are one clear error and keep the previous output.
#include "atlas_to_bits.h"
#include "bits_reference.h"
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "occupancy_bits.h"
#include "peers_shared.h"
#include "volume_layout.h"

#include <cmath>
#include <memory>
#include <random>

using namespace dicer;
using namespace dicer::test;
using hp::ListPath;

namespace {

gl::ShaderLibrary& bitsShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}
hp::ComputeHistoPyramid& bitsPyramid() {
    static std::unique_ptr<hp::ComputeHistoPyramid> p = [] {
        auto made = hp::ComputeHistoPyramid::create(bitsShaders(), context().info(), hp::PyramidSource::Bits);
        EXPECT_TRUE(made) << made.error();
        return made ? std::move(made.value()) : nullptr;
    }();
    return *p;
}

// A random bit volume in its slice layout (virtual atlas: VolumeLayout up to HP_BITS_MAX_ATLAS a side).
struct BitVolume {
    occupancy::VolumeLayout layout;
    hp::AtlasTiling tiling;
    std::vector<std::uint32_t> words;
    int side() const { return layout.atlasSize; }
};

BitVolume randomVolume(glm::ivec3 size, double density, std::uint32_t seed) {
    auto layout = occupancy::VolumeLayout::make(size, HP_BITS_MAX_ATLAS);
    EXPECT_TRUE(layout) << layout.error();
    BitVolume v{*layout, {{size.x, size.y}, layout->tiles.x, size.z}, {}};
    v.words.assign(hp::bitsWordCount(v.side()), 0);
    const std::int64_t n = layout->voxelCount();
    auto set = [&](std::int64_t i) {
        const glm::ivec3 voxel{int(i % size.x), int((i / size.x) % size.y),
                               int(i / (std::int64_t(size.x) * size.y))};
        hp::setBit(v.words, v.side(), layout->voxelToTexel(voxel));
    };
    if (density >= 1.0) {
        for (std::int64_t i = 0; i < n; ++i)
            set(i);
        return v;
    }
    if (density <= 0.0) return v;
    // Geometric gaps: a 1024^3 volume at 1e-4 is 10^5 draws, not 10^9.
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double logq = std::log1p(-density);
    for (std::int64_t i = std::int64_t(std::floor(std::log(1.0 - u(rng)) / logq)); i < n;
         i += 1 + std::int64_t(std::floor(std::log(1.0 - u(rng)) / logq)))
        set(i);
    return v;
}

gl::Buffer upload(const std::vector<std::uint32_t>& words) {
    return test::bufferStorage(GLsizeiptr(words.size() * 4), words.data(), 0, "test bits");
}

hp::MethodInput bitsInput(GLuint bits, int side, const hp::AtlasTiling& tiling, std::uint32_t capacity) {
    hp::MethodInput in;
    in.bits = bits;
    in.bitsSide = side;
    in.tiling = tiling;
    in.capacity = std::max(capacity, 1u);
    return in;
}

// hp_bits on both list paths against the reference, exactly; returns the entries.
std::vector<glm::uvec4> expectExact(const BitVolume& v, GLuint bits) {
    const std::vector<glm::uvec4> expected = hp::bitsKeyIndexEntries(v.words, v.side(), v.tiling);
    EXPECT_EQ(expected.size(), hp::bitsCount(v.words));
    const auto n = std::uint32_t(expected.size());
    hp::ComputeHistoPyramid& m = bitsPyramid();
    for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        Result<void> r = m.run(bitsInput(bits, v.side(), v.tiling, n), path);
        EXPECT_TRUE(r) << r.error();
        if (!r) return {};
        EXPECT_EQ(m.readCount(), n);
        hp::VerifyReport rep = hp::compareEntries(m.points().read(n), m.readCount(), expected, m.order());
        EXPECT_TRUE(rep.ok()) << rep.mismatches << " mismatches";
    }
    DICER_EXPECT_NO_GL_ERROR();
    return expected;
}

// rank(texel of entry k) == k for every listed entry (hpb_rank.glsl through bindForRank, as a foreign shader).
void expectRanks(std::uint32_t n) {
    static gl::ProgramId program = [] {
        auto p = bitsShaders().add({"rank check", {{GL_COMPUTE_SHADER, "hpb_rank_check.comp.glsl"}}, {}});
        EXPECT_TRUE(p) << p.error();
        return p ? *p : gl::ProgramId{};
    }();
    hp::ComputeHistoPyramid& m = bitsPyramid();
    const GLuint id = bitsShaders().get(program);
    gl::Buffer ranks = test::bufferStorage(GLsizeiptr(std::max(n, 1u)) * 4, nullptr, GL_DYNAMIC_STORAGE_BIT);
    ASSERT_TRUE(m.bindForRank(id));
    glProgramUniform1ui(id, HP_LOC_CAPACITY, n);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, m.counterBuffer());
    m.points().bind();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PEER_BIND_DATA, ranks.id());
    glUseProgram(id);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
    const GLuint groups = (n + HP_LIST_LOCAL_SIZE - 1) / HP_LIST_LOCAL_SIZE;
    const GLuint x = std::min<GLuint>(groups, PEER_MAX_GROUPS_X);
    if (groups > 0) glDispatchCompute(x, (groups + x - 1) / x, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<std::uint32_t> got(n);
    if (n > 0) glGetNamedBufferSubData(ranks.id(), 0, GLsizeiptr(n) * 4, got.data());
    std::uint32_t wrong = 0;
    for (std::uint32_t k = 0; k < n; ++k)
        wrong += got[k] != k;
    EXPECT_EQ(wrong, 0u) << "of " << n << " ranks";
    DICER_EXPECT_NO_GL_ERROR();
}

struct VolumeCase {
    glm::ivec3 size;
    std::vector<double> densities;
};
const std::vector<double> kEveryDensity = {0.0, 1e-4, 0.01, 0.5, 0.99, 1.0};

void runCases(const std::vector<VolumeCase>& cases, bool ranks) {
    for (const VolumeCase& c : cases)
        for (double density : c.densities) {
            SCOPED_TRACE(std::to_string(c.size.x) + "x" + std::to_string(c.size.y) + "x" +
                         std::to_string(c.size.z) + " density " + std::to_string(density));
            BitVolume v =
                randomVolume(c.size, density, std::uint32_t(c.size.x * 31 + c.size.z + density * 1e6));
            gl::Buffer bits = upload(v.words);
            std::vector<glm::uvec4> entries = expectExact(v, bits.id());
            if (ranks) expectRanks(std::uint32_t(entries.size()));
        }
}

} // namespace

TEST(HpBits, RandomSmallVolumesOfEveryDensityAreExactAndRanked) {
    runCases({{{1, 1, 1}, kEveryDensity},
              {{2, 2, 2}, kEveryDensity},
              {{7, 7, 7}, kEveryDensity},
              {{100, 37, 5}, kEveryDensity},
              {{64, 64, 64}, kEveryDensity}},
             true);
}

// The method takes any virtual atlas side, not only a layout's power of two: 200 is 25 blocks a side, so the
// last column of level-4 cells (2x2 blocks, read from the bits: hpc_shared.h) has one block, and the rank's
// earlier siblings there include one past the atlas (which must count 0, not the next row's first block).
TEST(HpBits, OddBlockCountsAreExactAndRanked) {
    const int side = 200;
    for (double density : {0.01, 0.5, 1.0}) {
        SCOPED_TRACE("density " + std::to_string(density));
        BitVolume v{{}, {{side, side}, 1, 1}, std::vector<std::uint32_t>(hp::bitsWordCount(side), 0)};
        v.layout.atlasSize = side;
        std::mt19937 rng(std::uint32_t(density * 1000) + 3u);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x)
                if (u(rng) < density || density >= 1.0) hp::setBit(v.words, side, {x, y});
        gl::Buffer bits = upload(v.words);
        std::vector<glm::uvec4> entries = expectExact(v, bits.id());
        EXPECT_EQ(entries.size(), hp::bitsCount(v.words));
        expectRanks(std::uint32_t(entries.size()));
    }
}

// The build's first dispatch covers only the tile grid's rows (a 512^3 volume fills half its square atlas), and
// the rows an earlier build wrote: a build over fewer tile rows on the same atlas leaves none of the earlier sums.
TEST(HpBits, FewerTileRowsThanTheLastBuildLeaveNoSums) {
    const int side = 2048, tile = 128, tilesX = side / tile; // first-dispatch groups cover 512 texel rows
    std::mt19937 rng(11u);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int slices : {tilesX * tilesX, tilesX, tilesX * 5 + 3, tilesX * tilesX}) {
        SCOPED_TRACE(std::to_string(slices) + " slices");
        BitVolume v{{}, {{tile, tile}, tilesX, slices}, std::vector<std::uint32_t>(hp::bitsWordCount(side), 0)};
        v.layout.atlasSize = side;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x)
                if ((y / tile) * tilesX + x / tile < slices && u(rng) < 0.01) hp::setBit(v.words, side, {x, y});
        gl::Buffer bits = upload(v.words);
        std::vector<glm::uvec4> entries = expectExact(v, bits.id());
        EXPECT_EQ(entries.size(), hp::bitsCount(v.words));
        expectRanks(std::uint32_t(entries.size()));
    }
}

// 256^3: a 4096^2 virtual atlas, 2 MiB of bits, two build dispatches.
TEST(HpBits, Random256CubedIsExactAndRanked) {
    // (0.5 would be 8.4M entries: beyond llvmpipe's 128 MiB storage block for the point buffer.)
    runCases({{{256, 256, 256}, {0.0, 1e-4, 0.01, 0.3}}}, true);
}

// 512^3: a 16384^2 virtual atlas (32 MiB of bits), sparse enough for the list to stay small.
TEST(HpBits, Random512CubedIsExactAndRanked) {
    runCases({{{512, 512, 512}, {1e-4, 0.01}}}, true);
}

// 1024^3: a 32768^2 virtual atlas, 128 MiB of bits (llvmpipe's storage-block limit exactly), three dispatches;
// the atlas path cannot hold it (GL_MAX_TEXTURE_SIZE 16384 on llvmpipe).
TEST(HpBits, Random1024CubedIsExactAndRanked) {
    if (hp::hpBitsBytes(32768) > context().info().maxStorageBlockBytes)
        GTEST_SKIP() << "128 MiB of bits exceed this driver's storage-block limit";
    runCases({{{1024, 1024, 1024}, {1e-4}}}, true);
}

// The equivalent atlas (alpha 255 where a bit is set) through hp_compute lists the same entries in the same
// order; and the GPU atlas -> bits pass gives the CPU's bits, word for word.
TEST(HpBits, SameListAsHpComputeOverTheEquivalentAtlas) {
    hp::PointMethod* compute = methodFor("hp_compute");
    ASSERT_TRUE(compute);
    for (glm::ivec3 size :
         {glm::ivec3{7, 7, 7}, glm::ivec3{100, 37, 5}, glm::ivec3{64, 64, 64}, glm::ivec3{256, 256, 256}})
        for (double density : {0.01, 0.3, size.x < 256 ? 1.0 : 0.0}) { // 256^3 full: 16M points, too many
            SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.z) + " density " +
                         std::to_string(density));
            BitVolume v = randomVolume(size, density, 77);
            const int n = v.side();
            std::vector<std::uint8_t> alpha(size_t(n) * size_t(n), 0);
            for (int y = 0; y < n; ++y)
                for (int x = 0; x < n; ++x)
                    if (hp::bitAt(v.words, n, {x, y})) alpha[size_t(y) * size_t(n) + size_t(x)] = 255;
            gl::Texture atlas = makeAtlas(alpha, n, n);
            const auto count = std::uint32_t(hp::bitsCount(v.words));
            Result<void> r =
                compute->run({atlas.id(), 0.5f, v.tiling, std::max(count, 1u)}, ListPath::Readback);
            ASSERT_TRUE(r) << r.error();
            const std::vector<glm::uvec4> fromAtlas = compute->points().read(count);
            gl::Buffer bits = upload(v.words);
            EXPECT_TRUE(expectExact(v, bits.id()) == fromAtlas);
            // The GPU conversion of that atlas: the same words.
            auto in = inputFor(occupancy::VoxelOutput::Bits, {atlas.id(), 0.5f, v.tiling, 1});
            std::vector<std::uint32_t> words(v.words.size());
            glGetNamedBufferSubData(in.bits, 0, GLsizeiptr(words.size() * 4), words.data());
            EXPECT_EQ(in.bitsSide, n);
            EXPECT_TRUE(words == v.words);
        }
    DICER_EXPECT_NO_GL_ERROR();
}

// Non-square, non-power-of-two atlases with thresholds and unused tiles: GPU conversion == CPU conversion.
TEST(HpBits, GpuAtlasToBitsEqualsTheCpuConversion) {
    struct Case {
        int w, h;
        hp::AtlasTiling tiling;
    };
    for (const Case& c : {Case{1, 1, {}}, Case{37, 23, {}}, Case{300, 5, {}}, Case{64, 64, {{16, 16}, 4, 13}},
                          Case{513, 300, {}}})
        for (float threshold : {0.0f, 0.5f, 1.0f}) {
            auto alpha = randomAlpha(c.w, c.h, 0.4, std::uint32_t(c.w + c.h));
            gl::Texture atlas = makeAtlas(alpha, c.w, c.h);
            auto in = inputFor(occupancy::VoxelOutput::Bits, {atlas.id(), threshold, c.tiling, 1});
            const int side = std::max(c.w, c.h);
            ASSERT_EQ(in.bitsSide, side);
            std::vector<std::uint32_t> got(hp::bitsWordCount(side));
            glGetNamedBufferSubData(in.bits, 0, GLsizeiptr(got.size() * 4), got.data());
            EXPECT_TRUE(got ==
                        hp::atlasToBits(alpha, c.w, c.h, hp::thresholdToByte(threshold), c.tiling, side))
                << c.w << "x" << c.h << " threshold " << threshold;
        }
    DICER_EXPECT_NO_GL_ERROR();
}

// Bad inputs: one clear error naming hp_bits and the problem; the previous count and points stay.
TEST(HpBits, BadInputsAreClearErrorsAndKeepThePreviousOutput) {
    hp::ComputeHistoPyramid& m = bitsPyramid();
    BitVolume v = randomVolume({16, 16, 16}, 0.3, 5);
    gl::Buffer bits = upload(v.words);
    const std::vector<glm::uvec4> expected = expectExact(v, bits.id());
    const auto count = std::uint32_t(expected.size());
    const GLuint points = m.points().id();
    auto expectError = [&](const hp::MethodInput& in, const char* mentions) {
        Result<void> r = m.run(in, ListPath::Resident);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_NE(r.error().find("hp_bits"), std::string::npos) << r.error();
        EXPECT_EQ(m.readCount(), count);
        EXPECT_EQ(m.points().id(), points);
        EXPECT_TRUE(m.points().read(count) == expected);
    };
    gl::Buffer small = test::bufferStorage(64, nullptr, 0);
    expectError(bitsInput(small.id(), v.side(), v.tiling, count), "smaller");
    expectError(bitsInput(bits.id(), HP_BITS_MAX_ATLAS + 1, v.tiling, count), "HP_BITS_MAX_ATLAS");
    expectError(bitsInput(bits.id(), -3, v.tiling, count), "HP_BITS_MAX_ATLAS");
    expectError(bitsInput(0, v.side(), v.tiling, count), "not a buffer");
    expectError(bitsInput(bits.id(), v.side(), v.tiling, 0xffffffffu), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
    // An atlas given to the bits row is not bits.
    gl::Texture atlas = makeAtlas(randomAlpha(8, 8, 0.5, 1), 8, 8);
    expectError({atlas.id(), 0.5f, {}, 16}, "not a buffer");
    DICER_EXPECT_NO_GL_ERROR();
}

// The pyramid's textures must fit GL_MAX_TEXTURE_SIZE even though the virtual atlas need not: with a context
// that says 64, a 2048^2 virtual atlas (level 4: 128^2) is refused, a 1024^2 one (level 4: 64^2) is built.
TEST(HpBits, PyramidBeyondTheTextureLimitIsAClearErrorAndKeepsThePreviousOutput) {
    gl::GlInfo small = context().info();
    small.maxTextureSize = 64;
    auto made = hp::ComputeHistoPyramid::create(bitsShaders(), small, hp::PyramidSource::Bits);
    ASSERT_TRUE(made) << made.error();
    hp::ComputeHistoPyramid& m = **made;
    std::vector<std::uint32_t> words(hp::bitsWordCount(1024), 0);
    hp::setBit(words, 1024, {1000, 3});
    hp::setBit(words, 1024, {5, 999});
    gl::Buffer ok = upload(words);
    ASSERT_TRUE(m.run(bitsInput(ok.id(), 1024, {}, 2), ListPath::Readback));
    EXPECT_EQ(m.readCount(), 2u);
    gl::Buffer big = upload(std::vector<std::uint32_t>(hp::bitsWordCount(2048), 0xffffffffu));
    Result<void> r = m.run(bitsInput(big.id(), 2048, {}, 2), ListPath::Readback);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << r.error();
    EXPECT_EQ(m.readCount(), 2u);
    const std::vector<glm::uvec4> points = m.points().read(2);
    // Key-index order: (1000, 3) is in top-level child (1,0), (5, 999) in child (0,1).
    EXPECT_EQ(points[0].w, 1000u | (3u << 16));
    EXPECT_EQ(points[1].w, 5u | (999u << 16));
    DICER_EXPECT_NO_GL_ERROR();
}
