// The scalar-volume discriminator's own outputs (volume_discriminator.h), exactly: the RGBA8 atlas
// byte for byte and the occupancy bits word for word against the CPU reference (volume_reference.h) on every
// case of volume_cases.h; band changes re-run only the pass (the volume is uploaded once); the colours per
// point (bits output, hp_bits' list, colorPoints) are the texels of the points' voxels, within the capacity;
// and each bad input (a volume beyond GL_MAX_3D_TEXTURE_SIZE through a fake limit, an invalid volume, a layout
// that does not match the volume, passes without a volume or layout, bad colour arguments) is one error that
// keeps the previous state.
#include "bits_reference.h"
#include "hp_gl_fixture.h"
#include "volume_gl_util.h"
#include "volume_reference.h"

#include <cstdio>

using namespace dicer;
using namespace dicer::test;
using occupancy::VoxelOutput;

namespace {

std::vector<VolumeCase> everyCase() {
    std::vector<VolumeCase> cases = syntheticVolumeCases();
    std::string missing;
    for (const VolumeCase& c : realScanCases(&missing))
        cases.push_back(c);
    if (!missing.empty()) std::printf("note: %s\n", missing.c_str());
    return cases;
}

void expectAtlasIsReference(const discriminate::VolumeDiscriminator& d, const VolumeCase& c) {
    const occupancy::VolumeLayout& layout = d.layout();
    const std::vector<std::uint8_t> got = readRgba(d.atlas(), layout.atlasSize);
    const std::vector<std::uint8_t> want =
        volume::referenceAtlasRgba(*c.volume, c.band, layout.tiles.x, layout.atlasSize);
    ASSERT_EQ(got.size(), want.size());
    size_t wrong = 0, first = got.size();
    for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != want[i]) {
            first = std::min(first, i);
            ++wrong;
        }
    EXPECT_EQ(wrong, 0u) << c.name << ": first wrong byte " << first << " (texel " << first / 4 << ")";
}

// Discriminates every case into `output` and hands each, with its layout, to check(d, c, layout). A case that
// cannot be discriminated is a failure and ends the walk.
template <class Check> void forEveryCase(VoxelOutput output, Check&& check) {
    discriminate::VolumeDiscriminator* d = sharedDiscriminator();
    ASSERT_TRUE(d);
    for (const VolumeCase& c : everyCase()) {
        SCOPED_TRACE(c.name);
        Result<occupancy::VolumeLayout> layout = discriminateCase(*d, c, output);
        ASSERT_TRUE(layout) << layout.error();
        check(*d, c, *layout);
    }
}

} // namespace

TEST(VolumeDiscriminator, AtlasIsTheReferenceByteForByte) {
    forEveryCase(VoxelOutput::Atlas, [](const discriminate::VolumeDiscriminator& d, const VolumeCase& c,
                                        const occupancy::VolumeLayout&) { expectAtlasIsReference(d, c); });
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VolumeDiscriminator, BitsAreTheReferenceWordForWord) {
    forEveryCase(VoxelOutput::Bits, [](const discriminate::VolumeDiscriminator& d, const VolumeCase& c,
                                       const occupancy::VolumeLayout& layout) {
        const int side = layout.atlasSize;
        const std::vector<std::uint32_t> want =
            hp::atlasToBits(volume::referenceAtlasAlpha(*c.volume, c.band, layout.tiles.x, side), side, side,
                            1, tilingOf(layout), side);
        ASSERT_EQ(std::int64_t(want.size()) * 4, d.bitsBytes());
        const std::vector<std::uint32_t> got = readWords(d.bits(), std::int64_t(want.size()));
        EXPECT_TRUE(got == want);
        EXPECT_EQ(hp::bitsCount(got), volume::activeCount(*c.volume, c.band));
    });
    DICER_EXPECT_NO_GL_ERROR();
}

// The band moves, the volume stays: only discriminate() runs again, and each band's atlas is exact.
TEST(VolumeDiscriminator, ABandChangeRerunsThePassOnTheSameUpload) {
    discriminate::VolumeDiscriminator* d = sharedDiscriminator();
    ASSERT_TRUE(d);
    const VolumeCase first = syntheticVolumeCases().front(); // uint8 16x12x7
    ASSERT_TRUE(discriminateCase(*d, first, VoxelOutput::Atlas));
    const GLuint texture = d->volumeTexture(), atlas = d->atlas();
    for (volume::Band band : {volume::Band{0, 10}, volume::Band{128, 255}, volume::Band{-1, -1}}) {
        ASSERT_TRUE(d->discriminate(band));
        EXPECT_EQ(d->volumeTexture(), texture);
        EXPECT_EQ(d->atlas(), atlas);
        expectAtlasIsReference(*d, {first.name + " " + volume::bandText(band), first.volume, band});
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Bits output: hp_bits lists the voxels, colorPoints colours point k by its voxel's texel: the atlas output's
// RGBA8 of that voxel (the colour map of its value, alpha max(bin, 1)), exactly, for every point.
TEST(VolumeDiscriminator, PointColorsAreTheTexelsOfTheirVoxels) {
    hp::PointMethod* m = methodFor("hp_bits");
    ASSERT_TRUE(m);
    forEveryCase(VoxelOutput::Bits, [m](discriminate::VolumeDiscriminator& d, const VolumeCase& c,
                                        const occupancy::VolumeLayout& layout) {
        const auto n = std::uint32_t(volume::activeCount(*c.volume, c.band));
        hp::MethodInput in;
        in.bits = d.bits();
        in.bitsSide = layout.atlasSize;
        in.tiling = tilingOf(layout);
        in.capacity = std::max(n, 1u);
        ASSERT_TRUE(m->run(in, hp::ListPath::Resident));
        ASSERT_EQ(m->readCount(), n);
        Result<void> r = d.colorPoints(m->points().id(), m->counterBuffer(), in.capacity);
        ASSERT_TRUE(r) << r.error();
        if (n == 0) return;
        const std::vector<glm::uvec4> points = m->points().read(n);
        const std::vector<std::uint32_t> colours = readWords(d.pointColors(), n);
        const std::vector<std::uint32_t> texels = volume::referenceTexels(*c.volume, c.band);
        std::uint32_t wrong = 0;
        std::string first;
        for (std::uint32_t k = 0; k < n; ++k) {
            const glm::ivec3 voxel(points[k].x, points[k].y, points[k].z);
            const bool inside = glm::all(glm::lessThan(voxel, c.volume->size));
            const std::uint32_t want = inside ? texels[size_t(c.volume->index(voxel))] : 0u;
            // every listed voxel is active: alpha >= 1
            if (inside && colours[k] == want && (want >> 24) != 0) continue;
            if (wrong++ == 0)
                first = "point " + std::to_string(k) + " (" + std::to_string(voxel.x) + ", " +
                        std::to_string(voxel.y) + ", " + std::to_string(voxel.z) + "): colour " +
                        std::to_string(colours[k]) + ", the reference " + std::to_string(want);
        }
        EXPECT_EQ(wrong, 0u) << "of " << n << " points; first: " << first;
    });
    DICER_EXPECT_NO_GL_ERROR();
}

// A capacity below the count colours the first `capacity` points and leaves the rest of the buffer alone.
TEST(VolumeDiscriminator, PointColorsStopAtTheCapacity) {
    discriminate::VolumeDiscriminator* d = sharedDiscriminator();
    hp::PointMethod* m = methodFor("hp_bits");
    ASSERT_TRUE(d && m);
    const VolumeCase c = syntheticVolumeCases().front();
    const volume::Band full{-1, 256};
    ASSERT_TRUE(discriminateCase(*d, {c.name, c.volume, full}, VoxelOutput::Bits));
    const auto n = std::uint32_t(c.volume->voxelCount());
    hp::MethodInput in;
    in.bits = d->bits();
    in.bitsSide = d->layout().atlasSize;
    in.tiling = tilingOf(d->layout());
    in.capacity = n;
    ASSERT_TRUE(m->run(in, hp::ListPath::Resident));
    ASSERT_TRUE(
        d->colorPoints(m->points().id(), m->counterBuffer(), n)); // grows to n (if an earlier test did not)
    const std::uint32_t grown = d->colorCapacity();
    EXPECT_GE(grown, n);
    const std::uint32_t marker = 0xdeadbeefu;
    glClearNamedBufferData(d->pointColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &marker);
    ASSERT_TRUE(d->colorPoints(m->points().id(), m->counterBuffer(), 100));
    EXPECT_EQ(d->colorCapacity(), grown); // no reallocation for a smaller capacity
    const std::vector<std::uint32_t> colours = readWords(d->pointColors(), n);
    const std::vector<glm::uvec4> points = m->points().read(100);
    const std::vector<std::uint32_t> texels = volume::referenceTexels(*c.volume, full);
    std::uint32_t wrong = 0, touched = 0;
    for (std::uint32_t k = 0; k < 100; ++k)
        wrong += colours[k] != texels[size_t(c.volume->index(glm::ivec3(points[k])))];
    for (std::uint32_t k = 100; k < n; ++k)
        touched += colours[k] != marker;
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(touched, 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

// Each bad input is one error naming what is wrong, and the previous volume, layout and output stay.
TEST(VolumeDiscriminator, BadInputsAreOneErrorAndKeepThePreviousState) {
    gl::GlInfo small = context().info();
    small.max3DTextureSize = 16; // a fake limit: the volume beyond it is small enough to make
    auto created = discriminate::VolumeDiscriminator::create(volumeShaders(), small);
    ASSERT_TRUE(created) << created.error();
    discriminate::VolumeDiscriminator& d = *created;
    auto expectError = [](const Result<void>& r, const char* mentions) {
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_EQ(r.error().find('\n'), std::string::npos) << r.error();
    };
    const VolumeCase good{"int16 8^3",
                          std::make_shared<const volume::ScalarVolume>(
                              randomVolume(volume::ScalarType::Int16, {8, 8, 8}, -50, 50, 9)),
                          {-10, 10}};
    // Nothing yet: every pass refuses.
    expectError(d.discriminate(good.band), "no volume");
    expectError(d.colorPoints(1, 1, 16), "no volume");
    expectError(
        d.setLayout(discriminate::VolumeDiscriminator::layoutFor({8, 8, 8}, VoxelOutput::Atlas, small).value(),
                    VoxelOutput::Atlas),
        "no volume");
    ASSERT_TRUE(d.setVolume(*good.volume));
    expectError(d.discriminate(good.band), "no output");

    auto layout8 = discriminate::VolumeDiscriminator::layoutFor({8, 8, 8}, VoxelOutput::Atlas, small);
    ASSERT_TRUE(layout8);
    ASSERT_TRUE(d.setLayout(*layout8, VoxelOutput::Atlas));
    ASSERT_TRUE(d.discriminate(good.band));
    const GLuint texture = d.volumeTexture(), atlas = d.atlas();

    // A side beyond GL_MAX_3D_TEXTURE_SIZE (17 > 16), an invalid volume, NaN-free but short data.
    expectError(d.setVolume(randomVolume(volume::ScalarType::Uint8, {17, 4, 4}, 0, 255, 1)),
                "side of 17 voxels, beyond this driver's GL_MAX_3D_TEXTURE_SIZE 16");
    volume::ScalarVolume shortData = randomVolume(volume::ScalarType::Uint8, {4, 4, 4}, 0, 255, 1);
    shortData.data.pop_back();
    expectError(d.setVolume(shortData), "bytes of data for 64 expected");
    // A layout of another size than the volume, an inconsistent one, one beyond the atlas limit.
    auto layout9 = discriminate::VolumeDiscriminator::layoutFor({9, 8, 8}, VoxelOutput::Atlas, small);
    ASSERT_TRUE(layout9);
    expectError(d.setLayout(*layout9, VoxelOutput::Atlas),
                "the layout is for 9x8x8 voxels, the volume has 8x8x8");
    occupancy::VolumeLayout odd = *layout8;
    odd.tiles.x += 1;
    expectError(d.setLayout(odd, VoxelOutput::Atlas), "inconsistent volume layout");
    gl::GlInfo tiny = small;
    tiny.maxTextureSize = 16; // 8^3 needs a 32^2 atlas
    auto tinyCreated = discriminate::VolumeDiscriminator::create(volumeShaders(), tiny);
    ASSERT_TRUE(tinyCreated);
    ASSERT_TRUE(tinyCreated->setVolume(*good.volume));
    expectError(tinyCreated->setLayout(*layout8, VoxelOutput::Atlas), "slice atlas (atlas output)");
    EXPECT_FALSE(discriminate::VolumeDiscriminator::layoutFor({8, 8, 8}, VoxelOutput::Atlas, tiny));
    // Bad colour arguments.
    expectError(d.colorPoints(999999, 999999, 16), "must be buffers"); // no such buffer
    expectError(d.colorPoints(0, 0, 16), "must be buffers");
    expectError(d.colorPoints(1, 1, 0), "at least 1");
    expectError(d.colorPoints(1, 1, 0xffffffffu), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
    EXPECT_EQ(d.pointColors(), 0u);

    // The previous state is whole: same volume and output, and it still discriminates exactly.
    EXPECT_EQ(d.volumeTexture(), texture);
    EXPECT_EQ(d.atlas(), atlas);
    EXPECT_EQ(d.volumeSize(), glm::ivec3(8));
    EXPECT_EQ(d.layout().volume, glm::ivec3(8));
    ASSERT_TRUE(d.discriminate(good.band));
    expectAtlasIsReference(d, good);

    // A volume of another size is accepted, and then the old layout is refused until a new one is set.
    ASSERT_TRUE(d.setVolume(randomVolume(volume::ScalarType::Uint8, {4, 4, 4}, 0, 255, 3)));
    expectError(d.discriminate(good.band), "laid out for 8x8x8 voxels, the volume has 4x4x4");
    DICER_EXPECT_NO_GL_ERROR();
}
