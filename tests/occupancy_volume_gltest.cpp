// The occupancy volume (engine/voxel/occupancy_volume.h), exactly: the R8UI 3D texture read
// back equals, byte for byte, the CPU's volume of the same occupancy (1 where a voxel is occupied, 0 elsewhere
// and in the empty border) from
//  - the occupancy bits of the teapot and the heart as the voxelizer writes them (shell and solid, cubic and
//    non-cubic layouts), and random bits (padding bits set too: only the voxels' bits may be read) in
//    non-cubic volumes and volumes with sides of 1;
//  - the RGBA8 atlas of the same models, which gives the same texture as their bits; and random alpha bytes
//    at thresholds on and between the bytes, against the CPU reference of the bits rows' input
//    (hp::rgbaToBits: the HistoPyramid discriminator's rule), so the 1s are the voxels the point list lists;
// the texture is reallocated only for another size; each limit and bad input (a side beyond a fake
// GL_MAX_3D_TEXTURE_SIZE, 1024^3 beyond the cap, bits beyond a fake storage block, inputs that are not a
// buffer / an RGBA8 texture or too small, a NaN threshold, an inconsistent layout) is one error that keeps the
// previous texture, its size and its contents; 0 GL errors. The marching cubes over it: mc_occupancy_gltest.cpp.
#include "occupancy_sparse.h"
#include "occupancy_test_util.h"
#include "sparse_occupancy.h"
#include "voxelizer_gl_util.h"

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <span>
#include <tuple>

using namespace dicer;
using namespace dicer::test; // and VolumeLayout, VoxelOutput, OccupancyVolume (occupancy_test_util.h)

namespace {

OccupancyVolume* sharedOccupancy() {
    return sharedObject<OccupancyVolume>(sharedShaders());
}

void expectSameBytes(const std::vector<std::uint8_t>& got, const std::vector<std::uint8_t>& want,
                     const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    std::size_t wrong = 0, first = got.size();
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != want[i]) {
            first = std::min(first, i);
            ++wrong;
        }
    EXPECT_EQ(wrong, 0u) << what << ": first wrong texel " << first << " of " << got.size();
}

std::int64_t ones(const std::vector<std::uint8_t>& bytes) {
    std::int64_t n = 0;
    for (std::uint8_t b : bytes)
        n += b;
    return n;
}

gl::Buffer uploadWords(const std::vector<std::uint32_t>& words) {
    return test::bufferStorage(GLsizeiptr(words.size() * 4), words.data(), 0, "test bits");
}

// Every bit random (padding included): the pass may read only the voxels' bits.
std::vector<std::uint32_t> randomWords(const VolumeLayout& layout, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> words(std::size_t(OccupancyVolume::bitsBytes(layout) / 4));
    for (std::uint32_t& w : words)
        w = std::uint32_t(rng());
    return words;
}

} // namespace

// The voxelizer's bits (the demo's default output) of two models, in cubic and non-cubic volumes; the list's
// voxels (hp::bitsKeyIndexEntries) are exactly the texture's 1s.
TEST(OccupancyVolume, VoxelizerBitsAreTheVolumeByteForByte) {
    OccupancyVolume* o = sharedOccupancy();
    voxel::Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_TRUE(o && v);
    for (const char* model : {"teapot", "heart"})
        for (glm::ivec3 size : {glm::ivec3(64), glm::ivec3(32, 64, 16)})
            for (voxel::VoxelMode mode : voxel::kVoxelModes) {
                const std::string what = std::string(model) + " " + std::to_string(size.x) + "x" +
                                         std::to_string(size.y) + "x" + std::to_string(size.z) + " " +
                                         voxel::voxelModeName(mode);
                const VolumeLayout layout = layoutOf(size);
                ASSERT_TRUE(v->setLayout(layout, VoxelOutput::Bits));
                ASSERT_TRUE(v->setMesh(placedTestModel(model).mesh));
                v->voxelize({placedTestModel(model).placement, mode, voxel::VoxMethodId::Projected});
                Result<void> r = o->fromBits(v->bits(), layout);
                ASSERT_TRUE(r) << r.error();
                EXPECT_EQ(o->size(), size + 2);
                EXPECT_EQ(o->volume(), size);
                const std::vector<std::uint32_t> bits = readBits(*v);
                const std::vector<std::uint8_t> got = readOccupancy(*o);
                expectSameBytes(got, volumeOfBits(bits, layout), what);
                EXPECT_GT(ones(got), 0) << what;
                std::int64_t listed = 0, wrong = 0;
                for (const glm::uvec4& e :
                     hp::bitsKeyIndexEntries(bits, layout.atlasSize, occupancyTiling(layout))) {
                    const glm::ivec3 t = glm::ivec3(e.x, e.y, e.z) + 1;
                    wrong += got[(std::size_t(t.z) * (size.y + 2) + std::size_t(t.y)) * (size.x + 2) +
                                 std::size_t(t.x)] != 1;
                    ++listed;
                }
                EXPECT_EQ(wrong, 0) << what;
                EXPECT_EQ(listed, ones(got)) << what;
            }
    DICER_EXPECT_NO_GL_ERROR();
}

// The atlas output of the same models: the texture of the discriminator's rule, and the same texture as the
// bits output gives (the voxelizer's outputs hold one voxel set).
TEST(OccupancyVolume, VoxelizerAtlasIsTheVolumeByteForByte) {
    OccupancyVolume* o = sharedOccupancy();
    voxel::Voxelizer* atlasVox = sharedVoxelizer();
    voxel::Voxelizer* bitsVox = sharedBitsVoxelizer();
    ASSERT_TRUE(o && atlasVox && bitsVox);
    for (const char* model : {"teapot", "heart"})
        for (glm::ivec3 size : {glm::ivec3(64), glm::ivec3(32, 64, 16)}) {
            const std::string what = std::string(model) + " " + std::to_string(size.x) + "x" +
                                     std::to_string(size.y) + "x" + std::to_string(size.z);
            const VolumeLayout layout = layoutOf(size);
            const voxel::VoxelizeParams params{placedTestModel(model).placement, voxel::VoxelMode::Solid};
            voxelizeInto(*atlasVox, layout, placedTestModel(model).mesh, params);
            Result<void> r = o->fromAtlas(atlasVox->atlas(), layout, 0.5f);
            ASSERT_TRUE(r) << r.error();
            const std::vector<std::uint8_t> fromAtlas = readOccupancy(*o);
            expectSameBytes(fromAtlas,
                            volumeOfBits(bitsOfAtlas(readAtlas(*atlasVox).rgba, layout, 0.5f), layout), what);
            EXPECT_GT(ones(fromAtlas), 0) << what;

            ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits));
            ASSERT_TRUE(bitsVox->setMesh(placedTestModel(model).mesh));
            bitsVox->voxelize(params);
            ASSERT_TRUE(o->fromBits(bitsVox->bits(), layout));
            expectSameBytes(readOccupancy(*o), fromAtlas, what + ": bits output vs atlas output");
        }
    DICER_EXPECT_NO_GL_ERROR();
}

// Random alpha bytes, thresholds on a byte (k / 255: inclusive), between bytes, at and beyond the ends: the
// 1s are exactly the texels hp::rgbaToBits keeps (alpha byte >= hp::thresholdToByte), padding ignored.
TEST(OccupancyVolume, AtlasThresholdIsTheDiscriminatorsRule) {
    OccupancyVolume* o = sharedOccupancy();
    ASSERT_TRUE(o);
    const VolumeLayout layout = layoutOf({13, 7, 5}); // 8 tiles a row: padding right of and above the tiles
    std::mt19937 rng(19);
    std::vector<std::uint8_t> rgba(std::size_t(layout.atlasTexelCount()) * 4);
    for (std::uint8_t& b : rgba)
        b = std::uint8_t(rng());
    gl::Texture atlas = test::texture2D(layout.atlasSize, layout.atlasSize, GL_RGBA8, 1, "test atlas");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(atlas.id(), 0, 0, 0, layout.atlasSize, layout.atlasSize, GL_RGBA, GL_UNSIGNED_BYTE,
                        rgba.data());
    // A mipmapping filter on a one-level texture: incomplete unless the pass samples with its own sampler.
    glTextureParameteri(atlas.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
    for (float threshold : {0.0f, 1.0f / 255.0f, 0.25f, 100.0f / 255.0f, 0.5f, 128.0f / 255.0f,
                            254.0f / 255.0f, 1.0f, 1.5f, -0.5f}) {
        const std::string what = "threshold " + std::to_string(threshold);
        Result<void> r = o->fromAtlas(atlas.id(), layout, threshold);
        ASSERT_TRUE(r) << r.error();
        const std::vector<std::uint8_t> got = readOccupancy(*o);
        expectSameBytes(got, volumeOfBits(bitsOfAtlas(rgba, layout, threshold), layout), what);
        // The rule itself, spelled out: the alpha byte against the threshold byte.
        std::int64_t want = 0;
        for (int z = 0; z < 5; ++z)
            for (int y = 0; y < 7; ++y)
                for (int x = 0; x < 13; ++x) {
                    const glm::ivec2 t = layout.voxelToTexel({x, y, z});
                    want += rgba[(std::size_t(t.y) * layout.atlasSize + std::size_t(t.x)) * 4 + 3] >=
                            hp::thresholdToByte(threshold);
                }
        EXPECT_EQ(ones(got), want) << what;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Random bits in volumes that are not cubes, and sides of 1 (a slice, a column, one voxel); the texture is
// kept for the same size and replaced for another.
TEST(OccupancyVolume, RandomBitsInNonCubicAndSideOneVolumes) {
    OccupancyVolume* o = sharedOccupancy();
    ASSERT_TRUE(o);
    unsigned seed = 1;
    for (glm::ivec3 size :
         {glm::ivec3(32, 64, 16), glm::ivec3(1), glm::ivec3(1, 1, 9), glm::ivec3(7, 1, 1),
          glm::ivec3(1, 12, 1), glm::ivec3(13, 5, 9), glm::ivec3(3, 40, 2), glm::ivec3(17, 9, 33)}) {
        const VolumeLayout layout = layoutOf(size);
        const std::vector<std::uint32_t> words = randomWords(layout, seed++);
        const gl::Buffer bits = uploadWords(words);
        Result<void> r = o->fromBits(bits.id(), layout);
        ASSERT_TRUE(r) << r.error();
        const GLuint texture = o->texture();
        const std::vector<std::uint8_t> want = volumeOfBits(words, layout);
        expectSameBytes(readOccupancy(*o), want,
                        "random bits " + std::to_string(size.x) + "x" + std::to_string(size.y) + "x" +
                            std::to_string(size.z));
        // Again, with the complement: the same texture object, every texel rewritten (no clear needed).
        std::vector<std::uint32_t> flipped = words;
        for (std::uint32_t& w : flipped)
            w = ~w;
        const gl::Buffer flippedBits = uploadWords(flipped);
        ASSERT_TRUE(o->fromBits(flippedBits.id(), layout));
        EXPECT_EQ(o->texture(), texture);
        expectSameBytes(readOccupancy(*o), volumeOfBits(flipped, layout), "complement");
    }
    DICER_EXPECT_NO_GL_ERROR();
}

occupancy::SparseOccupancy* sharedSparseOccupancy() {
    return sharedObject<occupancy::SparseOccupancy>(sharedShaders());
}

// The sparse occupancy of random bits gives the texture the bits give, in volumes whose tiles are
// not multiples of a brick (bricks straddle tiles); and the voxelizer's sparse output of the teapot the texture
// of its bits output. Then a pool of 2 slots for a full atlas: only the voxels of the first two bricks in Morton
// order (the slots that were handed out) are 1, as only they are listed.
TEST(OccupancyVolume, SparseOccupancyIsTheVolumeOfItsBits) {
    OccupancyVolume* o = sharedOccupancy();
    occupancy::SparseOccupancy* sparse = sharedSparseOccupancy();
    ASSERT_TRUE(o && sparse);
    unsigned seed = 11;
    for (glm::ivec3 size :
         {glm::ivec3(32, 64, 16), glm::ivec3(13, 5, 9), glm::ivec3(40, 33, 70), glm::ivec3(1)}) {
        const VolumeLayout layout = layoutOf(size);
        const std::vector<std::uint32_t> words = randomWords(layout, seed++);
        const gl::Buffer bits = uploadWords(words);
        ASSERT_TRUE(sparse->setLayout(layout.atlasSize, 1u << 12));
        ASSERT_TRUE(sparse->fromBits(bits.id(), layout.atlasSize));
        ASSERT_FALSE(sparse->readStatus().overflowed);
        Result<void> r = o->fromSparse(sparse->index(), sparse->pool(), layout);
        ASSERT_TRUE(r) << r.error();
        expectSameBytes(readOccupancy(*o), volumeOfBits(words, layout),
                        "sparse of random bits " + std::to_string(size.x) + "x" + std::to_string(size.y) +
                            "x" + std::to_string(size.z));
    }

    voxel::Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_TRUE(v);
    const VolumeLayout layout = layoutOf(glm::ivec3(64));
    ASSERT_TRUE(v->setLayout(layout, VoxelOutput::Bits));
    ASSERT_TRUE(v->setMesh(placedTestModel("teapot").mesh));
    v->voxelize({placedTestModel("teapot").placement, voxel::VoxelMode::Shell, voxel::VoxMethodId::Compute});
    const std::vector<std::uint8_t> fromBits = volumeOfBits(readBits(*v), layout);
    ASSERT_TRUE(v->setLayout(layout, VoxelOutput::Sparse));
    ASSERT_TRUE(v->sparse().setCapacity(1u << 12)); // the first guess would overflow: flagged, grown later
    v->voxelize({placedTestModel("teapot").placement, voxel::VoxelMode::Shell, voxel::VoxMethodId::Compute});
    ASSERT_FALSE(v->sparse().readStatus().overflowed);
    ASSERT_TRUE(o->fromSparse(v->sparse().index(), v->sparse().pool(), layout));
    const std::vector<std::uint8_t> teapot = readOccupancy(*o);
    expectSameBytes(teapot, fromBits, "teapot 64^3, sparse output vs bits output");
    EXPECT_GT(ones(teapot), 1000);

    std::vector<std::uint32_t> full(std::size_t(OccupancyVolume::bitsBytes(layout) / 4), ~0u);
    const gl::Buffer fullBits = uploadWords(full);
    ASSERT_TRUE(sparse->setLayout(layout.atlasSize, 2));
    ASSERT_TRUE(sparse->fromBits(fullBits.id(), layout.atlasSize));
    ASSERT_TRUE(sparse->readStatus().overflowed);
    ASSERT_TRUE(o->fromSparse(sparse->index(), sparse->pool(), layout));
    std::vector<std::uint8_t> want(teapot.size(), 0);
    const glm::ivec3 s = layout.volume + 2;
    for (int z = 0; z < 64; ++z)
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x)
                if (hp::hpSparseBrick(layout.voxelToTexel({x, y, z})) < 2u)
                    want[(std::size_t(z + 1) * s.y + std::size_t(y + 1)) * s.x + std::size_t(x + 1)] = 1;
    expectSameBytes(readOccupancy(*o), want, "a full atlas in a pool of 2 slots");
    EXPECT_EQ(ones(want), 64 * 32); // bricks 0 and 1: the first 32 rows of slice 0

    // Bad buffers: one error each, the texture stays.
    const std::vector<std::uint8_t> before = readOccupancy(*o);
    EXPECT_FALSE(o->fromSparse(0, sparse->pool(), layout));
    EXPECT_FALSE(o->fromSparse(sparse->index(), 0, layout));
    const gl::Buffer tiny = uploadWords({0u, 0u});
    Result<void> r = o->fromSparse(tiny.id(), sparse->pool(), layout);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("sparse index holds 8 bytes"), std::string::npos) << r.error();
    expectSameBytes(readOccupancy(*o), before, "after the refused inputs");
    DICER_EXPECT_NO_GL_ERROR();
}

// Each limit and bad input is one line naming what is wrong; the previous texture, size and contents stay.
TEST(OccupancyVolume, LimitsAndBadInputsAreOneErrorAndKeepThePreviousTexture) {
    gl::GlInfo small = context().info();
    small.max3DTextureSize = 16; // a fake limit: 14 voxels a side and the border
    auto created = OccupancyVolume::create(sharedShaders(), small);
    ASSERT_TRUE(created) << created.error();
    OccupancyVolume& o = *created;
    EXPECT_FALSE(o.hasTexture());
    EXPECT_EQ(o.volume(), glm::ivec3(0));

    const VolumeLayout good = layoutOf({8, 8, 8}); // a 32^2 atlas, 128 bytes of bits
    const std::vector<std::uint32_t> words = randomWords(good, 7);
    const gl::Buffer bits = uploadWords(words);
    ASSERT_TRUE(o.fromBits(bits.id(), good));
    const GLuint texture = o.texture();
    const std::vector<std::uint8_t> contents = readOccupancy(o);
    expectSameBytes(contents, volumeOfBits(words, good), "the good volume");

    auto expectError = [&](const Result<void>& r, const std::string& mentions) {
        ASSERT_FALSE(r) << mentions;
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
        EXPECT_EQ(o.texture(), texture) << r.error();
        EXPECT_EQ(o.size(), glm::ivec3(10)) << r.error();
        EXPECT_EQ(o.volume(), glm::ivec3(8)) << r.error();
        expectSameBytes(readOccupancy(o), contents, r.error());
    };
    // 15 + 2 > 16: the size, the limit and what fits.
    const VolumeLayout tall = layoutOf({4, 15, 4});
    const gl::Buffer tallBits = uploadWords(randomWords(tall, 8));
    expectError(
        o.fromBits(tallBits.id(), tall),
        "6x17x6 texels (the volume and its empty border of 1) have a side of 17, beyond this driver's "
        "GL_MAX_3D_TEXTURE_SIZE 16; choose a volume of at most 14 voxels a side");
    // 1024^3 (the bits preset's largest) is beyond the cap whatever the driver allows; checked before any
    // input is looked at.
    {
        gl::GlInfo roomy = context().info();
        roomy.max3DTextureSize = 4096;
        auto big = OccupancyVolume::create(sharedShaders(), roomy);
        ASSERT_TRUE(big);
        const Result<void> r = big->fromBits(bits.id(), occupancy::presetLayout("1024", 1 << 16).value());
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find("1026x1026x1026 texels"), std::string::npos) << r.error();
        EXPECT_NE(r.error().find("1080045576 bytes of R8UI, beyond the cap of 1073741824 (1 GiB)"),
                  std::string::npos)
            << r.error();
        EXPECT_NE(r.error().find("smaller volume preset"), std::string::npos) << r.error();
        EXPECT_FALSE(big->hasTexture());
    }
    // Bits beyond a (fake) storage block: the 8^3 volume's 32^2 virtual atlas is 128 bytes of bits.
    {
        gl::GlInfo tiny = small;
        tiny.maxStorageBlockBytes = 64;
        auto t = OccupancyVolume::create(sharedShaders(), tiny);
        ASSERT_TRUE(t);
        const Result<void> r = t->fromBits(bits.id(), good);
        ASSERT_FALSE(r);
        EXPECT_NE(
            r.error().find("128 bytes of bits are beyond this driver's GL_MAX_SHADER_STORAGE_BLOCK_SIZE 64"),
            std::string::npos)
            << r.error();
    }
    VolumeLayout inconsistent = good;
    inconsistent.tiles.x = 2;
    expectError(o.fromBits(bits.id(), inconsistent), "inconsistent volume layout");
    expectError(o.fromBits(0, good), "the bits (0) are not a buffer");
    const gl::Buffer shortBits = test::bufferStorage(64, nullptr, 0, "short bits");
    expectError(o.fromBits(shortBits.id(), good), "the bits buffer holds 64 bytes, the layout's 32^2 virtual "
                                                  "atlas needs 128");

    gl::Texture atlas = test::texture2D(good.atlasSize, good.atlasSize, GL_RGBA8, 1, "test atlas");
    expectError(o.fromAtlas(atlas.id(), good, std::numeric_limits<float>::quiet_NaN()),
                "the threshold is not a finite number");
    expectError(o.fromAtlas(atlas.id(), good, std::numeric_limits<float>::infinity()),
                "the threshold is not a finite number");
    expectError(o.fromAtlas(0, good, 0.5f), "the atlas (0) is not a texture");
    expectError(o.fromAtlas(bits.id() + 1000, good, 0.5f), "is not a texture");
    gl::Texture red = test::texture2D(good.atlasSize, good.atlasSize, GL_R8, 1, "test r8");
    expectError(o.fromAtlas(red.id(), good, 0.5f), "the atlas must be a GL_TEXTURE_2D of GL_RGBA8");
    gl::Texture small2 = test::texture2D(16, 32, GL_RGBA8, 1, "test small atlas");
    expectError(o.fromAtlas(small2.id(), good, 0.5f),
                "the atlas is 16x32 texels, the layout needs 32 a side");
    expectError(o.fromAtlas(atlas.id(), tall, 0.5f), "GL_MAX_3D_TEXTURE_SIZE 16");

    // And it still works: another size replaces the texture.
    const VolumeLayout other = layoutOf({14, 3, 5});
    const std::vector<std::uint32_t> otherWords = randomWords(other, 9);
    const gl::Buffer otherBits = uploadWords(otherWords);
    ASSERT_TRUE(o.fromBits(otherBits.id(), other));
    EXPECT_EQ(o.size(), glm::ivec3(16, 5, 7));
    expectSameBytes(readOccupancy(o), volumeOfBits(otherWords, other), "after the errors");
    DICER_EXPECT_NO_GL_ERROR();
}

// Move-only, and a moved-from volume holds nothing.
TEST(OccupancyVolume, MovesItsTexture) {
    static_assert(!std::is_copy_constructible_v<OccupancyVolume> &&
                  std::is_nothrow_move_constructible_v<OccupancyVolume>);
    auto created = OccupancyVolume::create(sharedShaders(), context().info());
    ASSERT_TRUE(created);
    const VolumeLayout layout = layoutOf({4, 4, 4});
    const gl::Buffer bits = uploadWords(randomWords(layout, 3));
    ASSERT_TRUE(created->fromBits(bits.id(), layout));
    const GLuint texture = created->texture();
    OccupancyVolume moved = std::move(*created);
    EXPECT_EQ(moved.texture(), texture);
    EXPECT_EQ(created->texture(), 0u); // NOLINT(bugprone-use-after-move): the moved-from state is the point
    DICER_EXPECT_NO_GL_ERROR();
}
