// The demo's colours in bits mode: the voxelizer writes occupancy bits, hp_bits lists the
// active voxels, and the slot colour pass with the frame path's slot function (voxelize_slot_rank.glsl: slot
// = hpbRank(texel) = the point's index, bound by PointMethod::bindForRank) writes the model colour of point k
// into slot k. For every listed point, that colour must equal, byte for byte, the atlas output's RGBA8 at the
// point's voxel (the colour the atlas path's particles read), for Spot (texture) and the teapot with random
// vertex colours, 64^3 and 128^3, shell and solid, every method that writes bits (projected, compute); and
// the list must be the atlas path's voxel set (count equal). Both list paths' capacities are exercised: the slots grow with the list.
#include "builtin_models.h"
#include "method_table.h"
#include "model_catalog.h"
#include "test_models.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <map>
#include <memory>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;

namespace {

hp::PointMethod* bitsMethod() {
    static std::unique_ptr<hp::PointMethod> m;
    static bool tried = false;
    if (!tried) {
        tried = true;
        auto created = methods::createMethod("hp_bits", sharedShaders(), context().info());
        if (created)
            m = std::move(created.value());
        else
            ADD_FAILURE() << created.error();
    }
    return m.get();
}

struct ColorCase {
    const char* model;
    bool randomColors;
    int side;
};

void PrintTo(const ColorCase& c, std::ostream* os) {
    *os << c.model << (c.randomColors ? " (random vertex colours)" : "") << " " << c.side << "^3";
}

class BitsColors : public ::testing::TestWithParam<ColorCase> {};

TEST_P(BitsColors, PointColorsEqualTheAtlasColorsOfTheirVoxels) {
    const ColorCase c = GetParam();
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    hp::PointMethod* method = bitsMethod();
    ASSERT_NE(atlasVox, nullptr);
    ASSERT_NE(bitsVox, nullptr);
    ASSERT_NE(method, nullptr);
    const model::PlacedModel& placed = placedTestModel(c.model);
    ASSERT_GT(placed.mesh.triangleCount(), 0u);
    const model::Mesh mesh = c.randomColors ? withRandomVertexColors(placed.mesh, 17) : placed.mesh;
    const VolumeLayout layout = layoutOf(glm::ivec3(c.side));
    ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits));
    ASSERT_TRUE(bitsVox->setMesh(mesh));
    const hp::AtlasTiling tiling{{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
    const glm::mat4 rotated =
        glm::rotate(glm::mat4(1.f), 0.6f, glm::normalize(glm::vec3(1, 2, 3))) * placed.placement;
    std::uint32_t capacity = 64; // grows as the lists do: enableSlotColors again, programs built once
    for (VoxelMode mode : kVoxelModes)
        for (VoxMethodId vm : voxMethodsWriting(VoxelOutput::Bits)) {
            const VoxelizeParams params{rotated, mode, vm, VoxRule::DominantAxis};
            voxelizeInto(*atlasVox, layout, mesh, params);
            const AtlasBytes atlas = readAtlas(*atlasVox);
            std::int64_t atlasCount = 0;
            for (size_t i = 3; i < atlas.rgba.size(); i += 4)
                atlasCount += atlas.rgba[i] != 0;

            bitsVox->voxelize(params);
            hp::MethodInput in;
            in.bits = bitsVox->bits();
            in.bitsSide = layout.atlasSize;
            in.tiling = tiling;
            in.capacity = std::uint32_t(atlasCount) + 1;
            ASSERT_TRUE(method->build(in));
            ASSERT_TRUE(method->list(in, hp::ListPath::Resident));
            const std::uint32_t count = method->readCount();
            ASSERT_EQ(std::int64_t(count), atlasCount) << voxelModeName(mode) << " " << voxMethodName(vm);
            if (count > capacity) {
                capacity = count;
                Result<void> r = bitsVox->enableSlotColors("voxelize_slot_rank.glsl", capacity);
                ASSERT_TRUE(r) << r.error();
            }
            for (GLuint program : bitsVox->slotPrograms())
                ASSERT_TRUE(method->bindForRank(program));
            bitsVox->colorSlots(params, method->counterBuffer(), 0);

            const std::vector<glm::uvec4> points = method->points().read(count);
            std::vector<std::uint32_t> colours(count);
            glGetNamedBufferSubData(bitsVox->slotColors(), 0, GLsizeiptr(count) * 4, colours.data());
            std::int64_t wrong = 0, outside = 0;
            for (std::uint32_t k = 0; k < count; ++k) {
                const glm::ivec3 voxel(points[k].x, points[k].y, points[k].z);
                if (!layout.contains(voxel)) {
                    ++outside;
                    continue;
                }
                const std::uint8_t* t = atlas.voxel(voxel);
                const std::uint32_t expected = std::uint32_t(t[0]) | std::uint32_t(t[1]) << 8 |
                                               std::uint32_t(t[2]) << 16 | std::uint32_t(t[3]) << 24;
                wrong += colours[k] != expected;
            }
            EXPECT_EQ(outside, 0);
            EXPECT_EQ(wrong, 0) << voxelModeName(mode) << " " << voxMethodName(vm) << ": of " << count
                                << " points";
        }
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Models, BitsColors,
                         ::testing::Values(ColorCase{"spot", false, 64}, ColorCase{"spot", false, 128},
                                           ColorCase{"teapot", true, 64}, ColorCase{"teapot", true, 128}));

// Without a pyramid built from bits there is no rank: a clear error, never a silent wrong slot.
TEST(BitsColors, RankNeedsThePyramidOverBits) {
    auto atlasMethod = methods::createMethod("hp_compute", sharedShaders(), context().info());
    ASSERT_TRUE(atlasMethod) << atlasMethod.error();
    Result<void> r = (*atlasMethod)->bindForRank(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("rank"), std::string::npos) << r.error();
}

} // namespace
