// The frame's one transform volume -> world (volumes as they are, not cubes): a non-cubic preset is
// drawn as its box (shape = size / max(size)), the voxel spacing setter moves it and refuses bad spacings, the
// particles get it; a cube mesh fitted into the box through Frame::voxelize (which applies worldToVolume) lists
// exactly a cube of voxels, verified against the CPU reference; a cubic preset is exactly the identity again.
#include "builtin_models.h"
#include "frame_test_util.h"
#include "hp_shared.h"
#include "placement.h"
#include "point_buffer.h"

#include <cmath>

using namespace dicer;

using test::OneRowFrame;

TEST(FrameShape, NonCubicPresetIsDrawnAsItsBoxAndListsACubeOfVoxels) {
    OneRowFrame one(frame::defaultMethodFor(occupancy::VoxelOutput::Bits)); // hp_bits
    ASSERT_TRUE(one.created);
    frame::Frame& f = *one.created;
    frame::FrameSettings& s = one.settings;
    s.preset = "32x64x128";
    s.voxelMode = voxel::VoxelMode::Solid;
    s.listPath = hp::ListPath::Readback; // the count of this very frame
    ASSERT_TRUE(f.apply(s));
    EXPECT_EQ(f.source().volume(), glm::ivec3(32, 64, 128));
    EXPECT_EQ(f.shape(), glm::vec3(0.25f, 0.5f, 1.f));
    EXPECT_EQ(f.volumeToWorld() * glm::vec4(1.f), glm::vec4(0.25f, 0.5f, 1.f, 1.f));
    EXPECT_EQ(f.worldToVolume() * f.volumeToWorld(), glm::mat4(1.f));
    EXPECT_NE(f.source().description().find("drawn as a 0.25 x 0.5 x 1 box"), std::string::npos)
        << f.source().description();

    // A unit cube fitted into the box with margin 17/64: half side 11.75 world voxels (1/64 each), so 24 voxels
    // on every axis once the frame maps world into the voxels (voxelizer_gltest.cpp VoxBoxFit has the geometry).
    const model::Mesh cube = model::makeBox(glm::vec3(0.5f));
    ASSERT_TRUE(f.setMesh(cube));
    f.voxelize(model::boxFit(model::Placement::Fit, cube, 17.f / 64.f).into(f.shape()));
    ASSERT_TRUE(f.build());
    ASSERT_TRUE(f.list());
    EXPECT_EQ(f.activeCount(), std::optional<std::uint32_t>(24u * 24u * 24u));
    const hp::VerifyReport report = f.verify();
    EXPECT_TRUE(report.ok());
    EXPECT_EQ(report.cpuCount, 24u * 24u * 24u);
    EXPECT_EQ(f.points().shape, f.shape()); // what the particles place the voxel centres with
    EXPECT_EQ(f.points().volume, glm::ivec3(32, 64, 128));

    // A scan's anisotropic voxels (the lead's setter): the box is the physical extent over its largest axis.
    ASSERT_TRUE(f.setVoxelSpacing({1.f, 1.f, 0.5f})); // extent 32 x 64 x 64
    EXPECT_EQ(f.shape(), glm::vec3(0.5f, 1.f, 1.f));
    EXPECT_EQ(f.points().shape, glm::vec3(0.5f, 1.f, 1.f));
    for (glm::vec3 bad : {glm::vec3(1.f, 0.f, 1.f), glm::vec3(-1.f, 1.f, 1.f), glm::vec3(1.f, 1.f, NAN),
                          glm::vec3(INFINITY, 1.f, 1.f)}) {
        Result<void> r = f.setVoxelSpacing(bad);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find("voxel spacing"), std::string::npos) << r.error();
        EXPECT_EQ(f.shape(), glm::vec3(0.5f, 1.f, 1.f)); // the previous spacing stays
    }

    // Back to cubic voxels and a cubic preset: exactly the cube and the identity, as before non-cubic volumes.
    ASSERT_TRUE(f.setVoxelSpacing(glm::vec3(1.f)));
    s.preset = "64";
    ASSERT_TRUE(f.apply(s));
    EXPECT_EQ(f.shape(), glm::vec3(1.f));
    EXPECT_EQ(f.volumeToWorld(), glm::mat4(1.f));
    EXPECT_EQ(f.worldToVolume(), glm::mat4(1.f));
    EXPECT_EQ(f.source().description().find("drawn as"), std::string::npos);
    DICER_EXPECT_NO_GL_ERROR();
}

// The sparse output through the frame, as the demo runs it from its first frame: the first frame's
// pool (the first guess) overflows on the teapot at 64^3 and says so; the pool grows, and from the next frame on
// every list equals the CPU reference over the same frame's occupancy, while the model turns.
TEST(FrameSparse, FirstFrameOverflowsThenEveryFrameIsExact) {
    OneRowFrame one(frame::defaultMethodFor(occupancy::VoxelOutput::Sparse)); // hp_sparse
    ASSERT_TRUE(one.created);
    frame::Frame& f = *one.created;
    frame::FrameSettings& s = one.settings;
    s.voxels = occupancy::VoxelOutput::Sparse;
    s.preset = "64";
    ASSERT_TRUE(f.apply(s));
    ASSERT_TRUE(f.setMesh(model::makeTeapot()));
    for (int frame = 0; frame < 6; ++frame) {
        f.voxelize(model::modelRotation(10.f * float(frame), {0.f, 1.f, 0.f}));
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
        const hp::VerifyReport report = f.verify();
        if (frame == 0) {
            EXPECT_TRUE(report.incomplete) << "the first guess holds the teapot's bricks at 64^3";
            continue;
        }
        EXPECT_FALSE(report.incomplete) << "frame " << frame;
        EXPECT_EQ(report.mismatches, 0u)
            << "frame " << frame << ": GPU " << report.gpuCount << ", CPU " << report.cpuCount;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// More points than the driver's storage blocks hold (33.5 M on llvmpipe's 128 MiB blocks: the point buffer's four
// blocks; here 262144 entries, four blocks of 65536 points lowered through GlInfo::maxEntryBlockBytes, the least any
// list method accepts, against the teapot's 267552 at 512^3): the list keeps its first points, exactly the
// reference's first ones, and the frame says INCOMPLETE, never OK and never a mismatch of the points it holds.
TEST(FrameLimit, PointsPastTheDriversBlocksAreDroppedAndTheFrameIsIncomplete) {
    const std::uint32_t held = hp::PointBuffer::maxEntries(test::smallEntryBlocks());
    ASSERT_EQ(held, 262144u);
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Sparse),
                                       [](frame::FrameSettings& s) { s.preset = "512"; }, test::smallEntryBlocks());
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    hp::VerifyReport report;
    for (int frame = 0; frame < 3; ++frame) { // the pool's first guess may overflow on frame 0
        f.voxelize(glm::mat4(1.f));
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
        report = f.verify();
    }
    EXPECT_GT(report.gpuCount, held);
    EXPECT_EQ(report.gpuCount, report.cpuCount);
    EXPECT_EQ(report.mismatches, 0u) << "the points held are not the reference's first " << held;
    EXPECT_TRUE(report.incomplete);
    EXPECT_EQ(report.verdict(), hp::VerifyReport::Verdict::Incomplete);
    EXPECT_EQ(report.held, held);
    EXPECT_NE(report.limit.find("storage blocks hold 262144 points"), std::string::npos) << report.limit;
    EXPECT_EQ(report.describe().rfind("INCOMPLETE: the list holds the first 262144 of ", 0), 0u) << report.describe();
    EXPECT_EQ(f.points().pointCapacity, held);
    DICER_EXPECT_NO_GL_ERROR();
}
