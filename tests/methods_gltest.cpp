// Every row of the method table (method_table.h), each storage x build path it offers, against the CPU
// reference: the same entries exactly, in the method's order (row-major, key-index) or as a set (unordered),
// on both list paths (the paper's readback and the GPU-resident one); texels outside the volume never active
// (threshold 0 at each preset gives exactly the volume's voxels); capacity clamping; bad inputs and
// limits as clear errors. A new method is tested by adding its row to the table.
#include "allocation.h"
#include "dicer_shared.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"
#include "occupancy_bits.h"
#include "volume_layout.h"

#include <algorithm>
#include <map>
#include <memory>

using namespace dicer;
using namespace dicer::test;
using hp::ListPath;

namespace {

gl::ShaderLibrary& methodShaders() { // for methods made with other limits than the context's
    static gl::ShaderLibrary shaders;
    return shaders;
}
hp::PointMethod* methodFor(const methods::MethodConfig& c) {
    return test::methodFor(c.method->name, c.options);
}
// The row's input for an atlas input: the atlas, or its occupancy bits (hp_bits).
hp::MethodInput fed(const methods::MethodConfig& c, const hp::MethodInput& atlas) {
    return inputFor(c.method->reads, atlas);
}

// Runs the method on both list paths and compares with the reference exactly.
void expectExactEntries(const methods::MethodConfig& c, const std::vector<std::uint8_t>& alpha, int w, int h,
                        float threshold, const hp::AtlasTiling& tiling = {}) {
    SCOPED_TRACE(c.label() + " " + std::to_string(w) + "x" + std::to_string(h));
    hp::PointMethod* m = methodFor(c);
    ASSERT_TRUE(m);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    std::vector<glm::uvec4> expected =
        hp::expectedEntries(alpha, w, h, hp::thresholdToByte(threshold), tiling, m->order());
    const auto n = std::uint32_t(expected.size());
    const hp::MethodInput in{atlas.id(), threshold, tiling, std::max(n, 1u)};
    for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        ASSERT_TRUE(m->run(fed(c, in), path));
        ASSERT_EQ(m->readCount(), n);
        if (path == ListPath::Readback) {
            ASSERT_TRUE(m->listedCount());
            EXPECT_EQ(*m->listedCount(), n);
        }
        hp::VerifyReport r = hp::compareEntries(m->points().read(n), m->readCount(), expected, m->order());
        EXPECT_TRUE(r.ok()) << r.mismatches << " mismatches (" << hp::entryOrderName(m->order()) << " order)";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

struct RandomCase {
    int w, h;
    double density; // < 0: exactly one active cell
};

// Empty and full, one cell, non-power-of-two and non-square sizes, sizes across Horn's block (1024) and scan
// levels (1024^2 + 1) and the compute pyramid's mask block (8) and dispatch boundary (64 cells, 6 levels).
const RandomCase kCases[] = {
    {1, 1, 0.0},     {1, 1, 1.0},   {2, 2, 0.5},     {3, 3, 1.0},        {5, 1, 1.0},     {1, 7, 0.5},
    {8, 8, 1.0},     {9, 9, 0.5},   {16, 16, 0.0},   {16, 16, 1.0},      {37, 23, 0.4},   {64, 64, -1},
    {64, 64, 0.5},   {65, 65, 0.3}, {100, 1, 0.5},   {32, 33, 1.0},      {256, 256, 0.0}, {256, 256, 0.01},
    {256, 256, 1.0}, {300, 5, 0.7}, {513, 300, 0.2}, {1025, 1024, 0.01},
};

std::string paramName(const ::testing::TestParamInfo<methods::MethodConfig>& info) {
    return info.param.identifier();
}

} // namespace

class Methods : public ::testing::TestWithParam<methods::MethodConfig> {};

TEST_P(Methods, ItsRowNamesItAndGivesItsOrder) {
    hp::PointMethod* m = methodFor(GetParam());
    ASSERT_TRUE(m);
    EXPECT_STREQ(m->name(), GetParam().method->name);
    EXPECT_EQ(m->order(), GetParam().method->order);
}

TEST_P(Methods, SameEntriesAsTheReferenceOnRandomAtlases) {
    for (const RandomCase& rc : kCases) {
        std::uint32_t seed = std::uint32_t(rc.w * 131 + rc.h * 7 + int(rc.density * 1000));
        auto alpha = rc.density < 0 ? singleCell(rc.w, rc.h, rc.w / 3, rc.h - 1)
                                    : randomAlpha(rc.w, rc.h, rc.density, seed);
        SCOPED_TRACE("density " + std::to_string(rc.density));
        expectExactEntries(GetParam(), alpha, rc.w, rc.h, float(kTestThreshold) / 255.0f);
    }
}

// Storage a driver leaves as it was (Mesa zeroes new buffers, others need not) is never read before it is
// written: a method made while every new buffer is filled with garbage lists the reference's entries.
TEST_P(Methods, GarbageInNewBuffersChangesNothing) {
    gl::InjectedGarbage garbage(0xfffffffdu);
    const methods::MethodConfig& c = GetParam();
    auto created = methods::createMethod(c.method->name, methodShaders(), context().info(), c.options);
    ASSERT_TRUE(created) << created.error();
    hp::PointMethod& m = **created;
    for (const RandomCase& rc : {RandomCase{37, 23, 0.4}, RandomCase{65, 65, 0.3}, RandomCase{513, 300, 0.2},
                                 RandomCase{9, 9, 0.5}}) {
        SCOPED_TRACE(c.label() + " " + std::to_string(rc.w) + "x" + std::to_string(rc.h));
        const auto alpha = randomAlpha(rc.w, rc.h, rc.density, std::uint32_t(rc.w * 3 + rc.h));
        gl::Texture atlas = makeAtlas(alpha, rc.w, rc.h);
        const float threshold = float(kTestThreshold) / 255.0f;
        const std::vector<glm::uvec4> expected =
            hp::expectedEntries(alpha, rc.w, rc.h, hp::thresholdToByte(threshold), {}, m.order());
        const auto n = std::uint32_t(expected.size());
        const hp::MethodInput in{atlas.id(), threshold, {}, std::max(n, 1u)};
        for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
            ASSERT_TRUE(m.run(fed(c, in), path));
            ASSERT_EQ(m.readCount(), n) << hp::listPathName(path);
            hp::VerifyReport r = hp::compareEntries(m.points().read(n), m.readCount(), expected, m.order());
            EXPECT_TRUE(r.ok()) << hp::listPathName(path) << ": " << r.mismatches << " mismatches";
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(Methods, AtlasTilingGivesVoxelCoordinates) {
    // 64x64 atlas of 16 slices of 16x16 voxels, 4 tiles per row; then 13 slices: 3 unused tiles.
    expectExactEntries(GetParam(), randomAlpha(64, 64, 0.05, 99), 64, 64, 0.5f, hp::AtlasTiling{{16, 16}, 4});
    expectExactEntries(GetParam(), randomAlpha(64, 64, 0.5, 98), 64, 64, 0.5f,
                       hp::AtlasTiling{{16, 16}, 4, 13});
}

TEST_P(Methods, ThresholdExactlyAtACellsAlphaIsActive) {
    std::vector<std::uint8_t> ramp(256);
    for (int i = 0; i < 256; ++i)
        ramp[size_t(i)] = std::uint8_t(i);
    for (int a : {0, 1, 128, 255})
        expectExactEntries(GetParam(), ramp, 16, 16, float(a) / 255.0f);
}

// With threshold 0 every alpha passes, so only the volume keeps padding out: exactly W*H*D points
// at each preset, on both list paths ("64": the tiles fill the atlas; "128": 128 of its 256 tiles are
// unused), and a small volume whose tiles fill neither a row nor the atlas.
TEST_P(Methods, ThresholdZeroGivesExactlyTheVoxelsOfTheVolume) {
    hp::PointMethod* m = methodFor(GetParam());
    ASSERT_TRUE(m);
    std::vector<occupancy::VolumeLayout> layouts;
    for (const char* preset : {"64", "128"}) {
        auto layout = occupancy::presetLayout(preset, context().info().maxTextureSize);
        ASSERT_TRUE(layout) << layout.error();
        layouts.push_back(*layout);
    }
    auto small = occupancy::VolumeLayout::make({12, 10, 5}, context().info().maxTextureSize);
    ASSERT_TRUE(small);
    layouts.push_back(*small);
    for (const occupancy::VolumeLayout& layout : layouts) {
        SCOPED_TRACE(std::to_string(layout.volume.x) + "x" + std::to_string(layout.volume.y) + "x" +
                     std::to_string(layout.volume.z));
        const int n = layout.atlasSize;
        gl::Texture atlas = makeAtlas(std::vector<std::uint8_t>(size_t(n) * size_t(n), 0), n, n);
        const hp::AtlasTiling tiling{{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
        const auto voxels = std::uint32_t(layout.voxelCount());
        for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
            SCOPED_TRACE(hp::listPathName(path));
            ASSERT_TRUE(m->run(fed(GetParam(), {atlas.id(), 0.0f, tiling, voxels}), path));
            EXPECT_EQ(m->readCount(), voxels);
            // Every entry is a voxel of the volume, each once.
            std::vector<glm::uvec4> points = hp::sortedEntries(m->points().read(voxels));
            std::uint32_t outside = 0;
            for (const glm::uvec4& p : points)
                outside += !layout.contains(glm::ivec3(p.x, p.y, p.z));
            EXPECT_EQ(outside, 0u);
            EXPECT_TRUE(std::adjacent_find(points.begin(), points.end()) == points.end());
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(Methods, CapacityBelowTheCountKeepsTheCountAndDropsTheRest) {
    hp::PointMethod* m = methodFor(GetParam());
    ASSERT_TRUE(m);
    auto alpha = randomAlpha(32, 32, 0.5, 5);
    std::vector<glm::uvec4> expected = hp::expectedEntries(alpha, 32, 32, kTestThreshold, {}, m->order());
    ASSERT_GT(expected.size(), 100u);
    gl::Texture atlas = makeAtlas(alpha, 32, 32);
    ASSERT_TRUE(m->run(fed(GetParam(), {atlas.id(), 0.5f, {}, 100}), ListPath::Resident));
    EXPECT_EQ(m->readCount(), expected.size()); // the count is complete even when the entries are not
    std::vector<glm::uvec4> got = m->points().read(100);
    if (m->order() != hp::EntryOrder::Unordered) {
        EXPECT_TRUE(got == std::vector<glm::uvec4>(expected.begin(), expected.begin() + 100));
    }
    std::vector<glm::uvec4> all = hp::sortedEntries(expected), kept = hp::sortedEntries(got);
    EXPECT_TRUE(std::includes(all.begin(), all.end(), kept.begin(), kept.end(),
                              [](const glm::uvec4& a, const glm::uvec4& b) { return a.w < b.w; }))
        << "the 100 entries kept are not all active cells";
    // The paper's path lists every entry whatever the capacity.
    ASSERT_TRUE(m->run(fed(GetParam(), {atlas.id(), 0.5f, {}, 100}), ListPath::Readback));
    EXPECT_EQ(m->listedCount().value_or(0), expected.size());
    EXPECT_TRUE(hp::compareEntries(m->points().read(std::uint32_t(expected.size())), m->readCount(), expected,
                                   m->order())
                    .ok());
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(Methods, BadInputsAreClearErrors) {
    hp::PointMethod* m = methodFor(GetParam());
    ASSERT_TRUE(m);
    auto expectError = [&](const hp::MethodInput& in, const char* mentions) {
        Result<void> r = m->build(in);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_NE(r.error().find(m->name()), std::string::npos) << r.error();
    };
    if (GetParam().method->reads == occupancy::VoxelOutput::Bits) {
        gl::Buffer small = test::bufferStorage(8, nullptr, 0); // one block: a side of 8 at most
        auto bits = [&](GLuint buffer, int side, std::uint32_t capacity) {
            hp::MethodInput in;
            in.bits = buffer;
            in.bitsSide = side;
            in.capacity = capacity;
            return in;
        };
        expectError(bits(small.id(), 9, 16), "smaller");
        expectError(bits(0, 8, 16), "not a buffer");
        expectError(bits(small.id(), 0, 16), "HP_BITS_MAX_ATLAS");
        expectError(bits(small.id(), HP_BITS_MAX_ATLAS + 1, 16), "HP_BITS_MAX_ATLAS");
        expectError(bits(small.id(), 8, 0), "capacity");
        expectError(bits(small.id(), 8, 0xffffffffu), "limit");
        DICER_EXPECT_NO_GL_ERROR();
        return;
    }
    if (GetParam().method->reads == occupancy::VoxelOutput::Sparse) { // hp_sparse_gltest has the rest
        gl::Buffer small = test::bufferStorage(8, nullptr, 0);
        hp::MethodInput in;
        in.sparseIndex = small.id();
        in.sparsePool = small.id();
        in.bitsSide = 8;
        in.capacity = 16;
        expectError(in, "smaller");
        in.bitsSide = 0;
        expectError(in, "HP_SPARSE_MAX_ATLAS");
        in.bitsSide = 8;
        in.sparseIndex = 0;
        expectError(in, "not a buffer");
        in.capacity = 0;
        expectError(in, "capacity");
        DICER_EXPECT_NO_GL_ERROR();
        return;
    }
    gl::Texture r8 = test::texture2D(32, 32, GL_R8, 1);
    expectError({r8.id(), 0.5f, {}, 16}, "RGBA8");
    gl::Texture f32 = test::texture2D(32, 32, GL_RGBA32F, 1);
    expectError({f32.id(), 0.5f, {}, 16}, "RGBA8");
    gl::Texture volume = test::texture3D(GL_TEXTURE_3D, 4, 4, 4, GL_RGBA8);
    expectError({volume.id(), 0.5f, {}, 16}, "GL_TEXTURE_2D");
    expectError({0, 0.5f, {}, 16}, "not a texture");
    gl::Texture good = makeAtlas(randomAlpha(8, 8, 0.5, 3), 8, 8);
    expectError({good.id(), std::nanf(""), {}, 16}, "finite");
    expectError({good.id(), 0.5f, {}, 0}, "capacity");
    expectError({good.id(), 0.5f, {}, 0xffffffffu}, "limit");
    DICER_EXPECT_NO_GL_ERROR();
}

// A point buffer the driver's limit cannot hold (here: a context that says its storage blocks are 1 MiB, so
// four blocks of 65 536 entries) is one clear error naming the limit, and the method keeps its previous output.
TEST_P(Methods, PointBufferBeyondTheLimitIsAClearErrorAndKeepsThePreviousOutput) {
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 1 << 20; // 65 536 entries a block, 262 144 in all
    const methods::MethodConfig& c = GetParam();
    auto created = c.method->create(methodShaders(), small, c.options);
    ASSERT_TRUE(created) << created.error();
    hp::PointMethod& m = **created;
    auto alpha = randomAlpha(64, 64, 0.5, 7);
    gl::Texture atlas = makeAtlas(alpha, 64, 64);
    ASSERT_TRUE(m.run(fed(c, {atlas.id(), 0.5f, {}, 4096}), ListPath::Resident));
    const GLuint before = m.points().id();
    const std::uint32_t capacity = m.points().capacity();
    Result<void> r = m.run(fed(c, {atlas.id(), 0.5f, {}, (1u << 18) + 1}), ListPath::Resident);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_EQ(m.points().id(), before);
    EXPECT_EQ(m.points().capacity(), capacity);
    DICER_EXPECT_NO_GL_ERROR();
}

// Every writer of the point list goes through hpStorePoint (hp_point_blocks.glsl): with blocks lowered to 1024
// entries (GlInfo::maxEntryBlockBytes) an 80 x 80 atlas' ~3200 points span all four blocks of the point buffer,
// and the list is still the reference exactly on both paths, read back in one piece (PointBuffer::read).
TEST_P(Methods, ListOverFourStorageBlocksIsTheReference) {
    gl::GlInfo small = context().info();
    small.maxEntryBlockBytes = 1024 * HP_POINT_BYTES;
    const methods::MethodConfig& c = GetParam();
    auto created = c.method->create(methodShaders(), small, c.options);
    ASSERT_TRUE(created) << created.error();
    hp::PointMethod& m = **created;
    const auto alpha = randomAlpha(80, 80, 0.5, 11);
    gl::Texture atlas = makeAtlas(alpha, 80, 80);
    const std::vector<glm::uvec4> expected =
        hp::expectedEntries(alpha, 80, 80, hp::thresholdToByte(0.5f), {}, m.order());
    const auto n = std::uint32_t(expected.size());
    ASSERT_GT(n, 3 * 1024u);
    for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        ASSERT_TRUE(m.run(fed(c, {atlas.id(), 0.5f, {}, n}), path));
        EXPECT_EQ(m.points().perBlock(), 1024u);
        ASSERT_EQ(m.readCount(), n);
        hp::VerifyReport r = hp::compareEntries(m.points().read(n), n, expected, m.order());
        EXPECT_TRUE(r.ok()) << r.mismatches << " mismatches (" << hp::entryOrderName(m.order()) << " order)";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Table, Methods, ::testing::ValuesIn(methods::methodConfigs()), paramName);

// The buffer itself: growth by 1.5x, the limit (four blocks of 256 entries: 4096-byte blocks), and the
// previous storage kept on an error.
TEST(PointBuffer, GrowsAndRefusesBeyondTheLimitKeepingTheBuffer) {
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 256 * HP_POINT_BYTES + HP_POINT_BYTES - 1; // a block: the power of two below
    hp::PointBuffer points(small, "test points");
    EXPECT_EQ(points.perBlock(), 256u);
    ASSERT_TRUE(points.reserve(100));
    EXPECT_EQ(points.capacity(), 100u);
    ASSERT_TRUE(points.reserve(120));
    EXPECT_EQ(points.capacity(), 150u); // 1.5x: a slowly growing cloud does not reallocate every frame
    const GLuint id = points.id();
    Result<void> r = points.reserve(1025);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("limit of 1024"), std::string::npos) << r.error();
    EXPECT_EQ(points.id(), id);
    EXPECT_EQ(points.capacity(), 150u);
    ASSERT_TRUE(points.reserve(1000));
    EXPECT_EQ(points.capacity(), 1000u);
    ASSERT_TRUE(points.reserve(1001));
    EXPECT_EQ(points.capacity(), 1024u); // growth stops at the limit
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(MethodTable, UnknownNamesAreOneErrorListingTheKnownOnes) {
    auto bad = methods::createMethod("bitonic_sort", methodShaders(), context().info());
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("horn_scan"), std::string::npos) << bad.error();
    EXPECT_NE(bad.error().find("dicer_vec4"), std::string::npos) << bad.error();
}
