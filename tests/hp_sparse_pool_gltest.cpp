// The sparse occupancy's pool (voxel/sparse_occupancy.h): a frame that overflows it is flagged on the
// GPU and its list is a flagged key-index prefix; the late status grows the pool and the next frame is exact; a
// pool that cannot grow is one error; the frame both programs run says incomplete, then verifies exactly.
#include "bits_reference.h"
#include "frame.h"
#include "hp_gl_fixture.h"
#include "hp_sparse_gl_util.h"
#include "method_table.h"
#include "occupancy_sparse.h"
#include "voxelizer_gl_util.h"

#include <optional>

using namespace dicer;
using namespace dicer::test;
using occupancy::VoxelOutput;

// --- the pool: overflow, growth, refusal ------------------------------------------------------------------------

// A pool of 8 slots for the teapot at 128^3: the GPU flags the frame, keeps the first 8 bricks in key-index
// order (hp_sparse's list is a flagged prefix of hp_bits'), the late status comes back, the pool grows, and the
// next frame is exact and complete.
TEST(HpSparsePool, OverflowIsFlaggedThenTheGrownPoolIsExact) {
    voxel::Voxelizer* bitsVox = sharedBitsVoxelizer();
    voxel::Voxelizer* sparseVox = sharedVoxelizer();
    ASSERT_TRUE(bitsVox && sparseVox);
    const model::PlacedModel& teapot = placedTestModel("teapot");
    const occupancy::VolumeLayout layout = layoutOf(glm::ivec3(128));
    const voxel::VoxelizeParams params{teapot.placement, voxel::VoxelMode::Shell, voxel::VoxMethodId::Compute,
                                       voxel::VoxRule::DominantAxis};
    for (auto [v, output] :
         {std::pair{bitsVox, VoxelOutput::Bits}, std::pair{sparseVox, VoxelOutput::Sparse}}) {
        Result<void> r = v->setLayout(layout, output);
        if (r) r = v->setMesh(teapot.mesh);
        ASSERT_TRUE(r) << r.error();
    }
    ASSERT_TRUE(sparseVox->sparse().setCapacity(8));
    bitsVox->voxelize(params);
    sparseVox->voxelize(params);
    const occupancy::SparseStatus status = sparseVox->sparse().readStatus();
    EXPECT_TRUE(status.overflowed);
    EXPECT_EQ(status.capacity, 8u);
    EXPECT_EQ(status.used, 8u);
    ASSERT_GT(status.marked, 8u);
    const std::vector<std::uint32_t> bits = readBits(*bitsVox);
    expectStructureOf(sparseVox->sparse(), bits, layout.atlasSize, /*superset=*/true,
                      /*maxExtra=*/0.25); // the first 8 bricks, exactly

    const std::vector<glm::uvec4> whole = hp::bitsKeyIndexEntries(bits, layout.atlasSize, tilingOf(layout));
    hp::MethodInput in;
    in.bitsSide = layout.atlasSize;
    in.tiling = tilingOf(layout);
    in.sparseIndex = sparseVox->sparse().index();
    in.sparsePool = sparseVox->sparse().pool();
    in.capacity = std::uint32_t(whole.size());
    hp::PointMethod* sparse = methodFor("hp_sparse");
    ASSERT_TRUE(sparse);
    ASSERT_TRUE(sparse->run(in, hp::ListPath::Resident));
    EXPECT_TRUE(sparse->readIncomplete());
    const std::uint32_t kept = sparse->readCount();
    ASSERT_GT(kept, 0u);
    ASSERT_LT(kept, whole.size());
    EXPECT_TRUE(sparse->points().read(kept) == std::vector<glm::uvec4>(whole.begin(), whole.begin() + kept))
        << "the kept bricks are not the key-index prefix";

    // The flag comes back through the ring, never waited for; once it has (glFinish: the fence signalled), the
    // next frame grows the pool first and is exact.
    glFinish();
    sparseVox->voxelize(params);
    ASSERT_TRUE(sparseVox->sparse().lateStatus().has_value());
    EXPECT_TRUE(sparseVox->sparse().lateStatus()->overflowed);
    EXPECT_GE(sparseVox->sparse().capacity(), status.marked);
    EXPECT_TRUE(sparseVox->sparse().growthError().empty());
    EXPECT_FALSE(sparseVox->sparse().readStatus().overflowed);
    in.sparsePool = sparseVox->sparse().pool(); // the grown pool is a new buffer
    hp::MethodInput bitsIn = in;
    bitsIn.bits = bitsVox->bits();
    expectSameLists(bitsIn, in, bits);
    DICER_EXPECT_NO_GL_ERROR();
}

// A driver whose storage blocks hold 40 slots cannot grow a pool past them: the frame stays flagged, one error
// names the limit, the pool keeps the most slots it can.
TEST(HpSparsePool, APoolThatCannotGrowIsOneClearError) {
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 40 * SPARSE_SLOT_UINTS * 4 + 100;
    auto created = occupancy::SparseOccupancy::create(sharedShaders(), small);
    ASSERT_TRUE(created) << created.error();
    occupancy::SparseOccupancy& s = *created;
    EXPECT_EQ(s.maxSlots(), 40u);
    const int side = 512;
    const std::vector<std::uint32_t> bits = randomSparseBits(side, 100, 0.5, 3);
    gl::Buffer buffer = uploadBits(bits);
    ASSERT_TRUE(s.setLayout(side, 16));
    ASSERT_TRUE(s.fromBits(buffer.id(), side));
    ASSERT_GT(s.readStatus().marked, 40u);
    glFinish();
    ASSERT_TRUE(s.fromBits(buffer.id(), side)); // sees the late overflow: grows as far as it can, and says so
    EXPECT_EQ(s.capacity(), 40u);
    EXPECT_NE(s.growthError().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << s.growthError();
    EXPECT_TRUE(s.readStatus().overflowed);
    expectStructureOf(s, bits, side); // the first 40 bricks
    DICER_EXPECT_NO_GL_ERROR();
}

// The frame (frame.h) both programs run, over the sparse output: at preset 64 the teapot marks more bricks than
// the pool's first guess (SparseOccupancy::initialSlots: 64 of 256), so the first frame's list is incomplete:
// Verify says so (never a wrong list presented as right), the flag comes back late through the count ring, the
// pool grows, and a later frame verifies exactly.
TEST(HpSparseFrame, AnOverflowedFrameIsIncompleteThenTheGrownPoolVerifies) {
    const std::optional<methods::MethodId> found = methods::findMethod("hp_sparse");
    ASSERT_TRUE(found);
    const methods::MethodId row = *found;
    auto created = frame::Frame::create(sharedShaders(), context().info(),
                                        [&](methods::MethodId r) { return r == row; });
    ASSERT_TRUE(created) << created.error();
    frame::Frame& f = **created;
    frame::FrameSettings s;
    s.preset = "64";
    s.voxels = VoxelOutput::Sparse;
    s.method = row;
    ASSERT_TRUE(f.apply(s));
    const model::PlacedModel& teapot = placedTestModel("teapot");
    ASSERT_TRUE(f.setMesh(teapot.mesh));
    auto frame = [&] {
        f.voxelize(teapot.placement);
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
    };
    frame();
    ASSERT_NE(f.source().sparse(), nullptr);
    const occupancy::SparseStatus first = f.source().sparse()->readStatus();
    ASSERT_TRUE(first.overflowed)
        << "the pool's first guess holds the teapot at 64^3: this test needs a case that "
        << "overflows it (" << first.marked << " bricks, " << first.capacity << " slots)";
    EXPECT_TRUE(f.method()->readIncomplete());
    const hp::VerifyReport incomplete = f.verify();
    EXPECT_TRUE(incomplete.incomplete);
    EXPECT_FALSE(incomplete.ok());
    // The count ring reads the newest finished frame: llvmpipe finishes a frame's work before its list returns
    // (the flag arrives with frame 1), a GPU a frame or more later (with frame 2, after the glFinish).
    bool lateFlag = f.listIncomplete();
    glFinish();
    frame(); // the late status grows the pool first
    lateFlag = lateFlag || f.listIncomplete();
    EXPECT_TRUE(lateFlag) << "the first frame's incomplete flag never came back through the count ring";
    EXPECT_GE(f.source().sparse()->capacity(), first.marked);
    for (int i = 0; i < 3; ++i) { // the late count catches up (and grows the point buffer if it must)
        glFinish();
        frame();
    }
    EXPECT_FALSE(f.listIncomplete());
    const hp::VerifyReport exact = f.verify();
    EXPECT_TRUE(exact.ok()) << exact.mismatches << " mismatches, GPU " << exact.gpuCount << ", CPU "
                            << exact.cpuCount << (exact.incomplete ? ", incomplete" : "");
    EXPECT_GT(exact.cpuCount, 0u);
    DICER_EXPECT_NO_GL_ERROR();
}
