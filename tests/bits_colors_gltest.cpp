// The demo's colours in bits mode: the voxelizer writes occupancy bits, hp_bits lists the
// active voxels, and the slot colour pass with the frame path's slot function (voxelize_slot_rank.glsl: slot
// = hpbRank(texel) = the point's index, bound by PointMethod::bindForRank) writes the model colour of point k
// into slot k. For every listed point, that colour must equal, byte for byte, the atlas output's RGBA8 at the
// point's voxel (the colour the atlas path's particles read), for Spot (texture) and the teapot with random
// vertex colours, 64^3 and 128^3, shell and solid, every method that writes bits (projected, compute); and
// the list must be the atlas path's voxel set (count equal). Both list paths' capacities are exercised: the slots grow with the list.
#include "hp_gl_fixture.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <string>

using namespace dicer;
using namespace dicer::test;

namespace {

class BitsColors : public ::testing::TestWithParam<ColorCase> {};

TEST_P(BitsColors, PointColorsEqualTheAtlasColorsOfTheirVoxels) {
    const ColorScene scene = colorScene(GetParam(), 17);
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    hp::PointMethod* method = methodFor("hp_bits");
    ASSERT_TRUE(atlasVox && bitsVox && method);
    ASSERT_GT(scene.mesh.triangleCount(), 0u);
    const VolumeLayout& layout = scene.layout;
    ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits));
    ASSERT_TRUE(bitsVox->setMesh(scene.mesh));
    const hp::AtlasTiling tiling{{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
    std::uint32_t capacity = 64; // grows as the lists do: enableSlotColors again, programs built once
    for (VoxelMode mode : kVoxelModes)
        for (VoxMethodId vm : voxMethodsWriting(VoxelOutput::Bits)) {
            const VoxelizeParams params{scene.model, mode, vm, VoxRule::DominantAxis};
            voxelizeInto(*atlasVox, layout, scene.mesh, params);
            const AtlasBytes atlas = readAtlas(*atlasVox);
            const std::int64_t atlasCount = atlas.occupiedCount();

            bitsVox->voxelize(params);
            hp::MethodInput in;
            in.bits = bitsVox->bits();
            in.bitsSide = layout.atlasSize;
            in.tiling = tiling;
            in.capacity = std::uint32_t(atlasCount) + 1;
            ASSERT_TRUE(method->build(in));
            ASSERT_TRUE(method->list(in, hp::ListPath::Resident));
            const std::uint32_t count = method->readCount();
            const std::string what = std::string(voxelModeName(mode)) + " " + voxMethodName(vm);
            ASSERT_EQ(std::int64_t(count), atlasCount) << what;
            if (count > capacity) {
                capacity = count;
                Result<void> r = bitsVox->enableSlotColors("voxelize_slot_rank.glsl", capacity);
                ASSERT_TRUE(r) << r.error();
            }
            for (GLuint program : bitsVox->slotPrograms())
                ASSERT_TRUE(method->bindForRank(program));
            bitsVox->colorSlots(params, method->counterBuffer(), 0);
            expectAtlasSlotColors(*method, *bitsVox, atlas, count, what);
        }
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Models, BitsColors,
                         ::testing::Values(ColorCase{"spot", false, 64}, ColorCase{"spot", false, 128},
                                           ColorCase{"teapot", true, 64}, ColorCase{"teapot", true, 128}));

// Without a pyramid built from bits there is no rank: an atlas row has none.
TEST(BitsColors, RankNeedsThePyramidOverBits) {
    expectNoRankUnbuilt("hp_compute");
}

} // namespace
