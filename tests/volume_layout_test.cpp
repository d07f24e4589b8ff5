// CPU-only tests of the slice atlas bookkeeping: preset sizes, texel <-> voxel <-> world conversions,
// padding, driver limits and degenerate requests.
#include "test_util.h"
#include "volume_layout.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <string>

using namespace dicer;
using namespace dicer::occupancy;
using dicer::test::containsText;

namespace {

struct PresetCase {
    const char* name;
    glm::ivec3 volume;
    glm::ivec2 tiles;
    int atlas;
};

// The paper's three runs and our cubes; atlas sizes as listed in volume_layout.h.
const PresetCase kPresetCases[] = {
    {"paper-4096", {256, 256, 256}, {16, 16}, 4096}, {"paper-2048", {128, 128, 256}, {16, 16}, 2048},
    {"paper-1024", {64, 64, 256}, {16, 16}, 1024},   {"64", {64, 64, 64}, {8, 8}, 512},
    {"128", {128, 128, 128}, {16, 8}, 2048},         {"256", {256, 256, 256}, {16, 16}, 4096},
    {"512", {512, 512, 512}, {32, 16}, 16384},       {"1024", {1024, 1024, 1024}, {32, 32}, 32768},
    {"2048", {2048, 2048, 2048}, {64, 32}, 131072},  {"4096", {4096, 4096, 4096}, {64, 64}, 262144},
};

VolumeLayout mustMake(glm::ivec3 volume, int maxTexture = 16384) {
    Result<VolumeLayout> layout = VolumeLayout::make(volume, maxTexture);
    EXPECT_TRUE(layout) << (layout ? "" : layout.error());
    return layout ? *layout : VolumeLayout{};
}

void expectRoundTrip(const VolumeLayout& layout, glm::ivec3 voxel) {
    const glm::ivec2 texel = layout.voxelToTexel(voxel);
    ASSERT_GE(texel.x, 0);
    ASSERT_GE(texel.y, 0);
    ASSERT_LT(texel.x, layout.atlasSize);
    ASSERT_LT(texel.y, layout.atlasSize);
    const std::optional<glm::ivec3> back = layout.texelToVoxel(texel);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, voxel);
    EXPECT_EQ(layout.worldToVoxel(layout.voxelCenterToWorld(voxel)), voxel);
}

// The layout is refused, with one error that contains each of `parts`.
void expectRefused(const Result<VolumeLayout>& layout, std::initializer_list<const char*> parts) {
    ASSERT_FALSE(layout);
    for (const char* part : parts)
        EXPECT_TRUE(containsText(layout.error(), part)) << part;
}

} // namespace

TEST(VolumeLayout, PresetsHaveTheDocumentedSizes) {
    ASSERT_EQ(presetNames().size(), std::size(kPresetCases));
    for (const PresetCase& c : kPresetCases) {
        SCOPED_TRACE(c.name);
        Result<VolumeLayout> layout = presetLayout(c.name, 262144); // the sparse occupancy's virtual limit
        ASSERT_TRUE(layout) << layout.error();
        EXPECT_EQ(layout->volume, c.volume);
        EXPECT_EQ(layout->tiles, c.tiles);
        EXPECT_EQ(layout->atlasSize, c.atlas);
        EXPECT_EQ(layout->voxelCount(), std::int64_t(c.volume.x) * c.volume.y * c.volume.z);
        EXPECT_GE(std::int64_t(layout->tiles.x) * layout->tiles.y, c.volume.z);
    }
}

TEST(VolumeLayout, PaperAtlasesAreFilledExactly) {
    for (const char* name : {"paper-4096", "paper-2048", "paper-1024"}) {
        Result<VolumeLayout> layout = presetLayout(name, 4096);
        ASSERT_TRUE(layout) << layout.error();
        EXPECT_EQ(layout->voxelCount(), layout->atlasTexelCount()) << name;
    }
}

TEST(VolumeLayout, CornersAndRandomVoxelsRoundTrip) {
    const glm::ivec3 volumes[] = {{256, 256, 256}, {128, 128, 256}, {64, 64, 256}, {64, 64, 64},
                                  {128, 128, 128}, {100, 30, 7},    {1, 1, 1},     {3, 5, 17}};
    std::mt19937 rng(1234);
    for (glm::ivec3 volume : volumes) {
        SCOPED_TRACE(std::to_string(volume.x) + "x" + std::to_string(volume.y) + "x" +
                     std::to_string(volume.z));
        const VolumeLayout layout = mustMake(volume);
        for (int corner = 0; corner < 8; ++corner)
            expectRoundTrip(layout, {corner & 1 ? volume.x - 1 : 0, corner & 2 ? volume.y - 1 : 0,
                                     corner & 4 ? volume.z - 1 : 0});
        for (int i = 0; i < 500; ++i) {
            std::uniform_int_distribution<int> x(0, volume.x - 1), y(0, volume.y - 1), z(0, volume.z - 1);
            expectRoundTrip(layout, {x(rng), y(rng), z(rng)});
        }
    }
}

TEST(VolumeLayout, EveryTexelIsOneVoxelOrPadding) {
    // Small non-cubic layout, checked exhaustively: a bijection between voxels and non-padding texels.
    const VolumeLayout layout = mustMake({12, 5, 11});
    EXPECT_EQ(layout.tiles, glm::ivec2(4, 3));
    EXPECT_EQ(layout.atlasSize, 64);
    std::int64_t mapped = 0;
    for (int y = 0; y < layout.atlasSize; ++y)
        for (int x = 0; x < layout.atlasSize; ++x)
            if (std::optional<glm::ivec3> v = layout.texelToVoxel({x, y})) {
                ++mapped;
                ASSERT_TRUE(layout.contains(*v));
                ASSERT_EQ(layout.voxelToTexel(*v), glm::ivec2(x, y));
            }
    EXPECT_EQ(mapped, layout.voxelCount());
}

TEST(VolumeLayout, PaddingAndUnusedTilesMapToNothing) {
    // 128^3: 16x8 tiles of 128^2 fill only the lower half of the 2048^2 atlas.
    const VolumeLayout cube = mustMake({128, 128, 128});
    EXPECT_FALSE(cube.texelToVoxel({0, 1024}).has_value());
    EXPECT_FALSE(cube.texelToVoxel({2047, 2047}).has_value());
    EXPECT_TRUE(cube.texelToVoxel({2047, 1023}).has_value());
    // Outside the atlas.
    EXPECT_FALSE(cube.texelToVoxel({-1, 0}).has_value());
    EXPECT_FALSE(cube.texelToVoxel({0, 2048}).has_value());
    // 5 slices in a 4x2 tile grid: tiles 5..7 of the second row are unused.
    const VolumeLayout five = mustMake({16, 16, 5});
    EXPECT_EQ(five.tiles, glm::ivec2(4, 2));
    EXPECT_EQ(five.texelToVoxel({16, 16}), std::nullopt);
    EXPECT_EQ(five.texelToVoxel({0, 16}), glm::ivec3(0, 0, 4));
    // Right of the tile grid: 100 x 30 slices, 2x2 tiles, 256^2 atlas.
    const VolumeLayout wide = mustMake({100, 30, 4});
    EXPECT_EQ(wide.atlasSize, 256);
    EXPECT_FALSE(wide.texelToVoxel({200, 0}).has_value());
    EXPECT_FALSE(wide.texelToVoxel({0, 60}).has_value());
    EXPECT_EQ(wide.texelToVoxel({199, 59}), glm::ivec3(99, 29, 3));
}

TEST(VolumeLayout, TilesAreRowMajorFromTheOrigin) {
    const VolumeLayout layout = mustMake({256, 256, 256});
    EXPECT_EQ(layout.tileOrigin(0), glm::ivec2(0, 0));
    EXPECT_EQ(layout.tileOrigin(1), glm::ivec2(256, 0));
    EXPECT_EQ(layout.tileOrigin(15), glm::ivec2(3840, 0));
    EXPECT_EQ(layout.tileOrigin(16), glm::ivec2(0, 256));
    EXPECT_EQ(layout.tileOrigin(255), glm::ivec2(3840, 3840));
    EXPECT_EQ(layout.voxelToTexel({5, 7, 17}), glm::ivec2(256 + 5, 256 + 7));
}

TEST(VolumeLayout, WorldAndVoxelCentresAgree) {
    const VolumeLayout layout = mustMake({64, 32, 16});
    EXPECT_EQ(layout.voxelCenterToWorld({0, 0, 0}),
              glm::vec3(-1.f + 1.f / 64, -1.f + 1.f / 32, -1.f + 1.f / 16));
    EXPECT_EQ(layout.voxelCenterToWorld({63, 31, 15}),
              glm::vec3(1.f - 1.f / 64, 1.f - 1.f / 32, 1.f - 1.f / 16));
    EXPECT_EQ(layout.worldToVoxel({-1.f, -1.f, -1.f}), glm::ivec3(0, 0, 0));
    EXPECT_EQ(layout.worldToVoxel({1.f, 1.f, 1.f}), glm::ivec3(63, 31, 15)); // the closed upper face
    EXPECT_EQ(layout.worldToVoxel({0.f, 0.f, 0.f}), glm::ivec3(32, 16, 8));  // lower edge of a cell
    EXPECT_EQ(layout.worldToVoxel({-5.f, 7.f, 0.f}), glm::ivec3(0, 31, 8));  // clamped
    EXPECT_EQ(layout.worldToVoxel({NAN, 0.f, INFINITY}), glm::ivec3(0, 16, 15));
    EXPECT_EQ(layout.voxelSize(), glm::vec3(2.f / 64, 2.f / 32, 2.f / 16));
    for (int k = 0; k < 16; ++k) {
        const glm::vec2 slab = layout.sliceDepthRange(k);
        const float centre = layout.voxelCenterToWorld({0, 0, k}).z;
        EXPECT_LT(slab.x, centre);
        EXPECT_GT(slab.y, centre);
        EXPECT_FLOAT_EQ(slab.y - slab.x, 2.f / 16);
    }
    EXPECT_FLOAT_EQ(layout.sliceDepthRange(0).x, -1.f);
    EXPECT_FLOAT_EQ(layout.sliceDepthRange(15).y, 1.f);
}

TEST(VolumeLayout, DriverLimitIsEnforcedWithAClearMessage) {
    expectRefused(presetLayout("512", 8192), {"16384", "8192", "512"});
    EXPECT_TRUE(presetLayout("512", 16384));
    // 1024^3 fits no texture (32768^2); the occupancy bits' virtual atlas names its own limit.
    expectRefused(presetLayout("1024", 16384), {"32768", "maximum texture size is 16384"});
    expectRefused(presetLayout("1024", 16384, "the occupancy bits' limit"),
                  {"the occupancy bits' limit is 16384"});
    EXPECT_TRUE(presetLayout("1024", 32768, "the occupancy bits' limit"));
    // Exactly at the limit works, one below fails.
    EXPECT_TRUE(presetLayout("paper-4096", 4096));
    EXPECT_FALSE(presetLayout("paper-4096", 4095));
}

TEST(VolumeLayout, RejectsDegenerateRequests) {
    for (glm::ivec3 bad : {glm::ivec3(0, 1, 1), glm::ivec3(1, 0, 1), glm::ivec3(1, 1, 0),
                           glm::ivec3(-4, 8, 8), glm::ivec3(8, 8, -1)}) {
        expectRefused(VolumeLayout::make(bad, 16384), {"at least 1"});
    }
    EXPECT_FALSE(VolumeLayout::make({8, 8, 8}, 0));
    // Products that overflow 32 bits fail cleanly instead of wrapping.
    expectRefused(VolumeLayout::make({1 << 30, 1 << 30, 1 << 30}, 16384), {"16384"});
    // Past 2^20 slices the shaders' slice -> tile arithmetic is not exact (hp_point.h hpQuotient): refused, though
    // the atlas (2048 a side) would hold them.
    expectRefused(VolumeLayout::make({1, 1, (1 << 20) + 1}, 16384), {"1048576 slices"});
    EXPECT_TRUE(VolumeLayout::make({1, 1, 1 << 20}, 16384));
    expectRefused(presetLayout("1024-cubed", 16384), {"paper-4096"});
}

TEST(VolumeLayout, SingleVoxelAndNonCubicVolumes) {
    const VolumeLayout one = mustMake({1, 1, 1});
    EXPECT_EQ(one.tiles, glm::ivec2(1, 1));
    EXPECT_EQ(one.atlasSize, 1);
    EXPECT_EQ(one.texelToVoxel({0, 0}), glm::ivec3(0));
    EXPECT_EQ(one.voxelCenterToWorld({0, 0, 0}), glm::vec3(0.f));
    // Slices wider than tall: the atlas side follows the wider product.
    const VolumeLayout flat = mustMake({256, 16, 4}); // 2x2 tiles: 512 x 32 -> 512
    EXPECT_EQ(flat.tiles, glm::ivec2(2, 2));
    EXPECT_EQ(flat.atlasSize, 512);
    const VolumeLayout tall = mustMake({16, 256, 9}); // 4x3 tiles: 64 x 768 -> 1024
    EXPECT_EQ(tall.tiles, glm::ivec2(4, 3));
    EXPECT_EQ(tall.atlasSize, 1024);
    EXPECT_EQ(tall.texelToVoxel({15, 767}), glm::ivec3(15, 255, 8));
}

// --- XxYxZ presets and the box a volume is drawn as (volumes as they are, not cubes) ------------------------

TEST(VolumeLayout, BoxPresetsAreExactlyTheirVoxels) {
    EXPECT_EQ(boxVolume("128x128x256"), glm::ivec3(128, 128, 256));
    EXPECT_EQ(boxVolume("64x32x128"), glm::ivec3(64, 32, 128));
    EXPECT_EQ(boxVolume("1x1x1"), glm::ivec3(1));
    EXPECT_EQ(boxVolume("3x5x7"), glm::ivec3(3, 5, 7));
    EXPECT_EQ(boxVolume("2147483647x1x1"),
              glm::ivec3(2147483647, 1, 1)); // int's largest: the layout refuses it
    // presetVolume reads both spellings; a named preset keeps its volume, and its XxYxZ twin has the same layout.
    EXPECT_EQ(presetVolume("64x32x128"), glm::ivec3(64, 32, 128));
    EXPECT_EQ(presetVolume("paper-2048"), glm::ivec3(128, 128, 256));
    Result<VolumeLayout> typed = presetLayout("128x128x256", 4096), named = presetLayout("paper-2048", 4096);
    ASSERT_TRUE(typed && named);
    EXPECT_EQ(typed->volume, named->volume);
    EXPECT_EQ(typed->tiles, named->tiles);
    EXPECT_EQ(typed->atlasSize, named->atlasSize);
    Result<VolumeLayout> box = presetLayout("64x32x128", 65536);
    ASSERT_TRUE(box) << box.error();
    EXPECT_EQ(box->volume, glm::ivec3(64, 32, 128));
    EXPECT_EQ(box->tiles, glm::ivec2(16, 8)); // 128 slices: 16 columns of 64, 8 rows of 32 -> 1024 x 256
    EXPECT_EQ(box->atlasSize, 1024);
    // Still only the named presets are listed (the combo adds a typed one itself).
    EXPECT_EQ(presetNames().size(), std::size(kPresetCases));
}

TEST(VolumeLayout, BadBoxPresetsAreNoVolume) {
    for (const char* bad : {"",
                            "x",
                            "12x",
                            "x12",
                            "12x34",
                            "1x2x3x4",
                            "1xx2",
                            "0x4x4",
                            "4x0x4",
                            "4x4x0",
                            "-1x2x3",
                            "+1x2x3",
                            "064x4x4",
                            "1.5x2x3",
                            "1 x2x3",
                            "1x2x3 ",
                            "1X2X3",
                            "99999999999x1x1",
                            "2147483648x1x1",
                            "1x2x3x",
                            "ax2x3"}) {
        SCOPED_TRACE(bad);
        EXPECT_EQ(boxVolume(bad), std::nullopt);
        EXPECT_EQ(presetVolume(bad), std::nullopt);
        expectRefused(presetLayout(bad, 65536), {"unknown volume preset", "XxYxZ"});
    }
    // A well-formed volume beyond the output's limit is the layout's error, naming the sizes (status 1 in dicer).
    expectRefused(presetLayout("100000x1x1", 65536, "the occupancy bits' limit"),
                  {"preset '100000x1x1'", "131072x131072", "the occupancy bits' limit is 65536"});
    EXPECT_FALSE(presetLayout("2147483647x1x1", 65536)); // no overflow on the way to the refusal
}

TEST(VolumeLayout, ShapeIsThePhysicalExtentOverItsLargestAxis) {
    EXPECT_EQ(volumeShape({64, 32, 128}), glm::vec3(0.5f, 0.25f, 1.f));
    EXPECT_EQ(volumeShape({128, 128, 256}), glm::vec3(0.5f, 0.5f, 1.f));
    EXPECT_EQ(volumeShape({1, 1, 1}), glm::vec3(1.f));
    EXPECT_EQ(volumeShape({48, 48, 48}), glm::vec3(1.f)); // exactly: x / x
    EXPECT_EQ(volumeShape({64, 64, 93}, {1.f, 1.f, 2.f}),
              glm::vec3(64.f / 186.f, 64.f / 186.f, 1.f)); // spacing
    EXPECT_EQ(volumeShape({64, 64, 32}, {1.f, 1.f, 2.f}), glm::vec3(1.f));
    // No volume or no usable spacing: the cube, never a NaN or a zero axis.
    EXPECT_EQ(volumeShape({0, 4, 4}), glm::vec3(1.f));
    EXPECT_EQ(volumeShape({4, 4, 4}, {1.f, 0.f, 1.f}), glm::vec3(1.f));
    EXPECT_EQ(volumeShape({4, 4, 4}, {1.f, NAN, 1.f}), glm::vec3(1.f));
    EXPECT_EQ(volumeShape({4, 4, 4}, {1.f, INFINITY, 1.f}), glm::vec3(1.f));
}

TEST(VolumeLayout, VolumeToWorldIsDiagShapeAndExactForTheCube) {
    EXPECT_EQ(volumeToWorld(glm::vec3(1.f)), glm::mat4(1.f)); // cubic volumes: exactly as before
    EXPECT_EQ(worldToVolume(glm::vec3(1.f)), glm::mat4(1.f));
    const glm::vec3 shape = volumeShape({64, 32, 128});
    const VolumeLayout layout = mustMake({64, 32, 128});
    // The last voxel's centre in world: its volume-space centre times the shape, and back.
    const glm::vec3 centre = layout.voxelCenterToWorld({63, 31, 127});
    const glm::vec4 world = volumeToWorld(shape) * glm::vec4(centre, 1.f);
    EXPECT_EQ(glm::vec3(world), centre * shape);
    EXPECT_EQ(glm::vec3(worldToVolume(shape) * world), centre);
    // A voxel is a cube in world: 2 * shape / volume is the same on every axis.
    const glm::vec3 side = 2.f * shape / glm::vec3(layout.volume);
    EXPECT_EQ(side.x, side.y);
    EXPECT_EQ(side.y, side.z);
}
