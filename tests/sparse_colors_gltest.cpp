// The model colours of the sparse output (the sparse output must hold the demo's model-colour
// mode to be its default): the voxelizer writes the sparse occupancy, hp_sparse lists the active voxels, and the
// slot colour passes with the sparse output's slot function (voxel::slotRankFile: voxelize_slot_sparse_rank.glsl,
// slot = hpsRank(texel) = the point's index, bound by PointMethod::bindForRank) write the model colour of point k
// into slot k.
//  - For every listed point that colour equals, byte for byte, the atlas output's RGBA8 at the point's voxel (the
//    atlas path is the reference, as in bits_colors_gltest.cpp): Spot (texture) and the teapot with random vertex
//    colours, 64^3 and 256^3, shell; and for a pool that overflowed (its list a prefix: the dropped bricks' voxels
//    have no rank and write nothing).
//  - Through the frame, as the demo runs it: --voxels sparse and --voxels bits give the same points in the same
//    order with the same colours, and so the same PLY cloud; solid mode is refused for the sparse output.
#include "frame.h"
#include "hp_gl_fixture.h"
#include "method_table.h"
#include "point_snapshot.h"
#include "test_models.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <memory>
#include <string>

using namespace dicer;
using namespace dicer::test;

namespace {

// Lists `v`'s sparse output with hp_sparse and colours its points; returns the count (0 and a failure on error).
std::uint32_t listAndColor(Voxelizer& v, const VoxelizeParams& params, const VolumeLayout& layout,
                           std::uint32_t capacity) {
    hp::PointMethod* method = methodFor("hp_sparse");
    if (!method) return 0;
    hp::MethodInput in;
    in.bitsSide = layout.atlasSize;
    in.tiling = {{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
    in.sparseIndex = v.sparse().index();
    in.sparsePool = v.sparse().pool();
    in.capacity = capacity;
    if (Result<void> r = method->run(in, hp::ListPath::Resident); !r) {
        ADD_FAILURE() << r.error();
        return 0;
    }
    const std::uint32_t count = method->readCount();
    if (count > v.slotCapacity() || v.slotFile() != slotRankFile(VoxelOutput::Sparse))
        if (Result<void> r = v.enableSlotColors(slotRankFile(VoxelOutput::Sparse), std::max(count, 1u)); !r) {
            ADD_FAILURE() << r.error();
            return 0;
        }
    for (GLuint program : v.slotPrograms())
        if (Result<void> r = method->bindForRank(program); !r) {
            ADD_FAILURE() << r.error();
            return 0;
        }
    v.colorSlots(params, method->counterBuffer(), 0);
    return count;
}

class SparseColors : public ::testing::TestWithParam<ColorCase> {};

TEST_P(SparseColors, PointColorsEqualTheAtlasColorsOfTheirVoxels) {
    const ColorScene scene = colorScene(GetParam(), 23);
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* sparseVox = sharedSparseVoxelizer();
    ASSERT_TRUE(atlasVox && sparseVox && methodFor("hp_sparse"));
    ASSERT_GT(scene.mesh.triangleCount(), 0u);
    const model::Mesh& mesh = scene.mesh;
    const VolumeLayout& layout = scene.layout;
    const VoxelizeParams params{scene.model, VoxelMode::Shell, VoxMethodId::Compute, VoxRule::DominantAxis};
    voxelizeInto(*atlasVox, layout, mesh, params);
    const AtlasBytes atlas = readAtlas(*atlasVox);
    const std::int64_t atlasCount = atlas.occupiedCount();

    ASSERT_TRUE(sparseVox->setLayout(layout, VoxelOutput::Sparse));
    ASSERT_TRUE(sparseVox->setMesh(mesh));
    sparseVox->voxelize(params);
    if (sparseVox->sparse().readStatus().overflowed) { // the pool's first guess: it grows for the next frame
        glFinish();
        sparseVox->voxelize(params);
    }
    ASSERT_FALSE(sparseVox->sparse().readStatus().overflowed);
    const std::uint32_t count = listAndColor(*sparseVox, params, layout, std::uint32_t(atlasCount) + 1);
    ASSERT_EQ(std::int64_t(count), atlasCount) << "the sparse output lists the atlas output's voxels";
    expectAtlasSlotColors(*methodFor("hp_sparse"), *sparseVox, atlas, count);
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Models, SparseColors,
                         ::testing::Values(ColorCase{"spot", false, 64}, ColorCase{"spot", false, 256},
                                           ColorCase{"teapot", true, 64}, ColorCase{"teapot", true, 256}));

// A pool of 8 slots for the teapot at 128^3 overflows: hp_sparse lists the first bricks' points (a flagged
// prefix), and those get exactly their atlas colours; the dropped bricks' voxels have no rank (no slot this
// frame), so they write no slot, whatever the count.
TEST(SparseColorsPool, AnOverflowedFrameColorsItsPrefix) {
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* sparseVox = sharedSparseVoxelizer();
    hp::PointMethod* method = methodFor("hp_sparse");
    ASSERT_TRUE(atlasVox && sparseVox && method);
    const model::Mesh mesh = withRandomVertexColors(placedTestModel("teapot").mesh, 5);
    const VolumeLayout layout = layoutOf(glm::ivec3(128));
    const VoxelizeParams params{placedTestModel("teapot").placement, VoxelMode::Shell, VoxMethodId::Compute,
                                VoxRule::DominantAxis};
    voxelizeInto(*atlasVox, layout, mesh, params);
    const AtlasBytes atlas = readAtlas(*atlasVox);
    ASSERT_TRUE(sparseVox->setLayout(layout, VoxelOutput::Sparse));
    ASSERT_TRUE(sparseVox->setMesh(mesh));
    ASSERT_TRUE(sparseVox->sparse().setCapacity(8));
    sparseVox->voxelize(params);
    ASSERT_TRUE(sparseVox->sparse().readStatus().overflowed);
    // Every slot starts with a colour no voxel has (alpha 0): a dropped voxel that wrote one would show.
    const std::uint32_t held = std::uint32_t(atlas.occupiedCount());
    ASSERT_TRUE(sparseVox->enableSlotColors(slotRankFile(VoxelOutput::Sparse), held));
    const std::uint32_t poison = 0x00ABCDEFu;
    glClearNamedBufferData(sparseVox->slotColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &poison);
    const std::uint32_t count = listAndColor(*sparseVox, params, layout, held);
    ASSERT_GT(count, 0u);
    ASSERT_LT(count, held);
    EXPECT_TRUE(method->readIncomplete());
    expectAtlasSlotColors(*method, *sparseVox, atlas, count);
    std::vector<std::uint32_t> rest(held - count);
    glGetNamedBufferSubData(sparseVox->slotColors(), GLintptr(count) * 4, GLsizeiptr(rest.size()) * 4,
                            rest.data());
    EXPECT_EQ(std::count(rest.begin(), rest.end(), poison), std::ptrdiff_t(rest.size()))
        << "slots past the listed points were written";
    DICER_EXPECT_NO_GL_ERROR();
}

// Without a build there is no rank.
TEST(SparseColorsPool, RankNeedsABuiltPyramid) {
    expectNoRankUnbuilt("hp_sparse");
}

// --- through the frame, as the demo runs it -------------------------------------------------------------------

// One frame of `output` with the model colours, once the sparse pool has grown (first frame: its first guess
// overflows): the snapshot the PLY export writes.
frame::PointSnapshot frameSnapshot(frame::Frame& f, VoxelOutput output, const model::Mesh& mesh,
                                   const glm::mat4& model) {
    frame::FrameSettings s;
    s.voxels = output;
    s.method = frame::defaultMethodFor(output);
    s.preset = "128";
    s.voxMethod = VoxMethodId::Compute;
    Result<void> r = f.apply(s);
    if (r) r = f.setMesh(mesh);
    EXPECT_TRUE(r) << r.error();
    for (int frame = 0; frame < 3; ++frame) {
        f.voxelize(model);
        if (Result<void> step = f.build(); !step) ADD_FAILURE() << step.error();
        if (Result<void> step = f.list(); !step) ADD_FAILURE() << step.error();
        if (Result<void> step = f.colorPoints(); !step) ADD_FAILURE() << step.error();
    }
    const hp::VerifyReport report = f.verify();
    EXPECT_TRUE(report.ok()) << voxelOutputName(output) << ": " << report.mismatches << " mismatches"
                             << (report.incomplete ? ", incomplete" : "");
    Result<frame::PointSnapshot> snap = f.snapshot();
    EXPECT_TRUE(snap) << snap.error();
    return snap ? std::move(snap.value()) : frame::PointSnapshot{};
}

TEST(FrameSparseColors, SameColoredPointsAsTheBitsAndTheSamePlyCloud) {
    const methods::MethodId bitsRow = frame::defaultMethodFor(VoxelOutput::Bits);
    const methods::MethodId sparseRow = frame::defaultMethodFor(VoxelOutput::Sparse);
    Result<std::unique_ptr<frame::Frame>> created =
        frame::Frame::create(sharedShaders(), context().info(),
                             [&](methods::MethodId r) { return r == bitsRow || r == sparseRow; });
    ASSERT_TRUE(created) << created.error();
    frame::Frame& f = **created;
    const model::PlacedModel& spot = placedTestModel("spot");
    const glm::mat4 model = glm::rotate(glm::mat4(1.f), 0.4f, glm::vec3(0, 1, 0)) * spot.placement;
    const frame::PointSnapshot bits = frameSnapshot(f, VoxelOutput::Bits, spot.mesh, model);
    // The same voxelizer keeps the slot colours: poisoned (alpha 0, no voxel's colour), the sparse frame must
    // write them all again.
    ASSERT_NE(f.pointColors(), 0u);
    const std::uint32_t poison = 0x00ABCDEFu;
    glClearNamedBufferData(f.pointColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &poison);
    const frame::PointSnapshot sparse = frameSnapshot(f, VoxelOutput::Sparse, spot.mesh, model);
    ASSERT_GT(bits.entries.size(), 1000u);
    EXPECT_TRUE(sparse.entries == bits.entries) << "hp_sparse lists hp_bits' points in hp_bits' order";
    ASSERT_EQ(sparse.pointColors.size(), sparse.entries.size());
    EXPECT_TRUE(sparse.pointColors == bits.pointColors) << "the same model colour per point";
    const auto opaque = [](std::uint32_t c) { return c >> 24 == 255u; };
    EXPECT_TRUE(std::all_of(sparse.pointColors.begin(), sparse.pointColors.end(), opaque));
    EXPECT_GT(std::count_if(sparse.pointColors.begin(), sparse.pointColors.end(),
                            [](std::uint32_t c) { return c != 0xFFFFFFFFu; }),
              std::ptrdiff_t(sparse.pointColors.size() / 2))
        << "Spot's texture, not white";

    Result<std::vector<model::PlyPoint>> bitsCloud = frame::modelSpacePoints(bits);
    Result<std::vector<model::PlyPoint>> sparseCloud = frame::modelSpacePoints(sparse);
    ASSERT_TRUE(bitsCloud && sparseCloud);
    ASSERT_EQ(sparseCloud->size(), bitsCloud->size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < bitsCloud->size(); ++i)
        differ += (*sparseCloud)[i].color != (*bitsCloud)[i].color ||
                  (*sparseCloud)[i].position != (*bitsCloud)[i].position;
    EXPECT_EQ(differ, 0u) << "PLY points of the sparse output differ from the bits'";
    DICER_EXPECT_NO_GL_ERROR();
}

// The sparse occupancy holds the bricks a surface touches; a solid's interior fills whole bricks, so solid mode
// is refused for it: one error naming the output and the mode, and the frame keeps its settings.
TEST(FrameSparseColors, SolidModeIsRefusedForTheSparseOutput) {
    const methods::MethodId sparseRow = frame::defaultMethodFor(VoxelOutput::Sparse);
    Result<std::unique_ptr<frame::Frame>> created = frame::Frame::create(
        sharedShaders(), context().info(), [&](methods::MethodId r) { return r == sparseRow; });
    ASSERT_TRUE(created) << created.error();
    frame::Frame& f = **created;
    frame::FrameSettings s;
    s.voxels = VoxelOutput::Sparse;
    s.method = sparseRow;
    s.preset = "64";
    ASSERT_TRUE(f.apply(s));
    frame::FrameSettings solid = s;
    solid.voxelMode = VoxelMode::Solid;
    Result<void> r = f.apply(solid);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("sparse"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("solid"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("--voxels bits"), std::string::npos) << r.error();
    EXPECT_TRUE(f.settings() == s) << "the previous settings stay";
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace
