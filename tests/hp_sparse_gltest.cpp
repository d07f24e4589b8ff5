// The sparse occupancy (voxel/sparse_occupancy.h, occupancy_sparse.h) and hp_sparse (hp/hp_sparse.h):
//  - the voxelizer's sparse output holds exactly its bits output: its marks a superset of the bits' bricks, the
//    index (header, coarse map, slot bases) and the used slots word for word against the CPU allocation of those
//    marks (sparse_reference.h), and back to bits word for word;
//  - hp_sparse lists the same points in the same order as hp_bits, entry for entry, over the same voxelized
//    model (teapot, heart, Spot; 64^3 .. 256^3, a non-cubic volume, the teapot at 1024^3 once) and over random
//    sparse volumes written as bits (the dense bits converted on the GPU), up to a 32768^2 virtual atlas;
//  - bad inputs: one clear error each, the previous output kept; the refused method and mode; 0 GL errors.
// The pool (overflow, growth, the frame's incomplete list): hp_sparse_pool_gltest.cpp.
#include "bits_reference.h"
#include "hp_gl_fixture.h"
#include "hp_sparse_gl_util.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

using namespace dicer;
using namespace dicer::test;
using occupancy::VoxelOutput;

namespace {

// One model voxelized twice by the compute method, into the bits and into the sparse occupancy.
void expectModel(const std::string& name, glm::ivec3 volume, bool rotated,
                 voxel::VoxRule rule = voxel::VoxRule::DominantAxis) {
    SCOPED_TRACE(name + " " + std::to_string(volume.x) + "x" + std::to_string(volume.y) + "x" +
                 std::to_string(volume.z) + (rotated ? " rotated " : " ") + voxel::voxRuleName(rule));
    voxel::Voxelizer* bitsVox = sharedBitsVoxelizer();
    voxel::Voxelizer* sparseVox = sharedVoxelizer();
    ASSERT_TRUE(bitsVox && sparseVox);
    const model::PlacedModel& placed = placedTestModel(name);
    ASSERT_GT(placed.mesh.triangleCount(), 0u);
    Result<occupancy::VolumeLayout> made = occupancy::presetLayoutFor(
        std::to_string(volume.x) + "x" + std::to_string(volume.y) + "x" + std::to_string(volume.z),
        VoxelOutput::Bits, context().info());
    ASSERT_TRUE(made) << made.error();
    const occupancy::VolumeLayout layout = *made;
    glm::mat4 model = placed.placement;
    if (rotated) model = glm::rotate(glm::mat4(1.f), 0.7f, glm::normalize(glm::vec3(1, 2, 3))) * model;
    const voxel::VoxelizeParams params{model, voxel::VoxelMode::Shell, voxel::VoxMethodId::Compute, rule};
    for (auto [v, output] :
         {std::pair{bitsVox, VoxelOutput::Bits}, std::pair{sparseVox, VoxelOutput::Sparse}}) {
        Result<void> r = v->setLayout(layout, output);
        if (r) r = v->setMesh(placed.mesh);
        ASSERT_TRUE(r) << r.error();
        v->voxelize(params);
    }
    // The pool's first guess may be too small: it grows for a later frame.
    if (sparseVox->sparse().readStatus().overflowed) {
        glFinish();
        sparseVox->voxelize(params);
    }
    ASSERT_FALSE(sparseVox->sparse().readStatus().overflowed);
    const std::vector<std::uint32_t> bits = readBits(*bitsVox);
    ASSERT_GT(popcount(bits), 0);
    expectStructureOf(sparseVox->sparse(), bits, layout.atlasSize, /*superset=*/true, /*maxExtra=*/0.25);
    const SparseRead held = readSparse(sparseVox->sparse());
    EXPECT_EQ(differingWords(hp::sparseToBits(held.index, held.pool, layout.atlasSize, held.capacity), bits),
              0);

    hp::MethodInput bitsIn;
    bitsIn.bits = bitsVox->bits();
    bitsIn.bitsSide = layout.atlasSize;
    bitsIn.tiling = tilingOf(layout);
    hp::MethodInput sparseIn = bitsIn;
    sparseIn.bits = 0;
    sparseIn.sparseIndex = sparseVox->sparse().index();
    sparseIn.sparsePool = sparseVox->sparse().pool();
    expectSameLists(bitsIn, sparseIn, bits);
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

// --- the voxelizer's sparse output, and hp_sparse over it, against the bits ----------------------------------

TEST(HpSparseModels, TeapotHeartSpotAt64To256) {
    for (int side : {64, 128, 256})
        for (const char* name : {"teapot", "heart", "spot"})
            expectModel(name, glm::ivec3(side), side == 128);
}

// The 2006 slice-axis rule: steep triangles are sampled along z too (their depth slopes are large, so the brick
// pass's depth ranges are wide: still a superset).
TEST(HpSparseModels, SliceAxisRule) {
    expectModel("teapot", glm::ivec3(128), true, voxel::VoxRule::SliceAxis);
    expectModel("spot", glm::ivec3(64), false, voxel::VoxRule::SliceAxis);
}

// Bricks that straddle tiles (48 x 40 slices), a tile row the atlas does not fill, 30 slices.
TEST(HpSparseModels, NonCubicVolume) {
    expectModel("heart", {48, 40, 30}, true);
}

TEST(HpSparseModels, TeapotAt1024) {
    expectModel("teapot", glm::ivec3(1024), false);
}

// Random sparse volumes written as bits, converted on the GPU (SparseOccupancy::fromBits): the structure and the
// lists, from one brick to 32768^2 (the 1024^3 atlas; its dense bits are 128 MiB, this driver's block limit).
TEST(HpSparseRandom, SameListsAsHpBitsFrom8To32768) {
    struct Case {
        int side, bricks;
        double density;
    };
    const Case cases[] = {{8, 1, 0.5},      {32, 1, 1.0},       {100, 4, 0.3},      {512, 60, 0.05},
                          {4096, 300, 0.1}, {16384, 500, 0.02}, {32768, 2000, 0.03}};
    for (const Case& c : cases) {
        SCOPED_TRACE("side " + std::to_string(c.side));
        const std::vector<std::uint32_t> bits =
            randomSparseBits(c.side, c.bricks, c.density, std::uint32_t(c.side));
        gl::Buffer buffer = uploadBits(bits);
        hp::MethodInput bitsIn;
        bitsIn.bits = buffer.id();
        bitsIn.bitsSide = c.side;
        const hp::MethodInput sparseIn = sparseInputFor(bitsIn);
        expectStructureOf(sharedSparse(), bits, c.side);
        expectSameLists(bitsIn, sparseIn, bits);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// --- errors -----------------------------------------------------------------------------------------------------

TEST(HpSparseErrors, BadInputsAreClearErrorsAndKeepThePreviousOutput) {
    hp::PointMethod* m = methodFor("hp_sparse");
    ASSERT_TRUE(m);
    const std::vector<std::uint32_t> bits = randomSparseBits(64, 3, 0.5, 11);
    gl::Buffer buffer = uploadBits(bits);
    hp::MethodInput bitsIn;
    bitsIn.bits = buffer.id();
    bitsIn.bitsSide = 64;
    const hp::MethodInput good = sparseInputFor(bitsIn);
    ASSERT_TRUE(m->run(good, hp::ListPath::Resident));
    const std::uint32_t count = m->readCount();
    const GLuint points = m->points().id();
    gl::Buffer tiny = test::bufferStorage(100, nullptr, 0);
    auto expectError = [&](hp::MethodInput in, const char* mentions) {
        Result<void> r = m->build(in);
        ASSERT_FALSE(r) << mentions;
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_NE(r.error().find("hp_sparse"), std::string::npos) << r.error();
        EXPECT_EQ(m->readCount(), count);
        EXPECT_EQ(m->points().id(), points);
    };
    hp::MethodInput in = good;
    in.sparseIndex = 0;
    expectError(in, "index is not a buffer");
    in = good;
    in.sparsePool = 0;
    expectError(in, "pool is not a buffer");
    in = good;
    in.bitsSide = 0;
    expectError(in, "HP_SPARSE_MAX_ATLAS");
    in.bitsSide = HP_SPARSE_MAX_ATLAS + 1;
    expectError(in, "HP_SPARSE_MAX_ATLAS");
    in = good;
    in.bitsSide = 32768; // its index is larger than the 64-texel one
    expectError(in, "smaller");
    in = good;
    in.sparsePool = tiny.id();
    expectError(in, "whole number of slots");
    in = good;
    in.capacity = 0;
    expectError(in, "capacity");
    in.capacity = 0xffffffffu;
    expectError(in, "limit");
    DICER_EXPECT_NO_GL_ERROR();
}

// The sparse output is the compute method's, for surfaces: the others and solid mode are refused with a reason
// (checkOutput, checkMode), and a refused frame is empty and complete. The structure's own limits are errors.
TEST(HpSparseErrors, RefusedMethodsModesAndLayouts) {
    Result<void> projected = voxel::checkOutput(voxel::VoxMethodId::Projected, VoxelOutput::Sparse);
    ASSERT_FALSE(projected);
    EXPECT_NE(projected.error().find("--vox-method compute with --voxels sparse"), std::string::npos)
        << projected.error();
    EXPECT_TRUE(voxel::checkOutput(voxel::VoxMethodId::Compute, VoxelOutput::Sparse));
    Result<void> solid = voxel::checkMode(VoxelOutput::Sparse, voxel::VoxelMode::Solid);
    ASSERT_FALSE(solid);
    EXPECT_NE(solid.error().find("--voxels bits"), std::string::npos) << solid.error();
    EXPECT_TRUE(voxel::checkMode(VoxelOutput::Bits, voxel::VoxelMode::Solid));

    voxel::Voxelizer* v = sharedVoxelizer();
    ASSERT_TRUE(v);
    const model::PlacedModel& heart = placedTestModel("heart");
    ASSERT_TRUE(v->setLayout(layoutOf(glm::ivec3(64)), VoxelOutput::Sparse));
    ASSERT_TRUE(v->setMesh(heart.mesh));
    for (voxel::VoxelizeParams params :
         {voxel::VoxelizeParams{heart.placement, voxel::VoxelMode::Solid, voxel::VoxMethodId::Compute},
          voxel::VoxelizeParams{heart.placement, voxel::VoxelMode::Shell, voxel::VoxMethodId::Projected}}) {
        v->voxelize(params);
        const occupancy::SparseStatus s = v->sparse().readStatus();
        EXPECT_EQ(s.marked, 0u);
        EXPECT_FALSE(s.overflowed);
    }

    occupancy::SparseOccupancy& s = v->sparse();
    const GLuint index = s.index(), pool = s.pool();
    Result<void> r = s.setLayout(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("HP_SPARSE_MAX_ATLAS"), std::string::npos) << r.error();
    r = s.setLayout(HP_SPARSE_MAX_ATLAS + 1);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("HP_SPARSE_MAX_ATLAS"), std::string::npos) << r.error();
    r = s.setCapacity(s.maxSlots() + 1);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_EQ(s.index(), index);
    EXPECT_EQ(s.pool(), pool);
    DICER_EXPECT_NO_GL_ERROR();
}
