// The default voxelizer output per volume and mode (voxel/default_output.h) without a GPU: the
// order the measurements give, the fastest output that holds each preset on an llvmpipe-like driver and on
// drivers with smaller limits, one error naming every output's reason where none holds it; and the sparse
// output's line in the demo's panel and summary (voxel::describeSparse).
#include "default_output.h"
#include "fake_gl_info.h"
#include "test_util.h"
#include "sparse_occupancy.h"

#include <gtest/gtest.h>

#include <array>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;

namespace {

using test::llvmpipeLike;

VoxelOutput outputOf(int side, VoxelMode mode, const gl::GlInfo& info,
                     VoxMethodId method = VoxMethodId::Compute) {
    Result<VoxelOutput> output = defaultOutputFor(glm::ivec3(side), mode, method, info);
    EXPECT_TRUE(output) << side << ": " << (output ? "" : output.error());
    return output ? *output : VoxelOutput::Atlas;
}

// The one error where no output holds the cube of `side` ("" and a test failure where one does).
std::string refusalOf(int side, VoxelMode mode, const gl::GlInfo& info,
                      VoxMethodId method = VoxMethodId::Compute) {
    Result<VoxelOutput> output = defaultOutputFor(glm::ivec3(side), mode, method, info);
    EXPECT_FALSE(output) << side << " is held by " << (output ? voxelOutputName(*output) : "");
    return output ? "" : output.error();
}

} // namespace

TEST(DefaultOutput, PreferenceFollowsTheMeasurements) {
    using A = std::array<VoxelOutput, 3>;
    const A bitsFirst{VoxelOutput::Bits, VoxelOutput::Sparse, VoxelOutput::Atlas};
    const A sparseFirst{VoxelOutput::Sparse, VoxelOutput::Bits, VoxelOutput::Atlas};
    EXPECT_EQ(outputPreference(glm::ivec3(64), VoxelMode::Shell), bitsFirst);
    EXPECT_EQ(outputPreference(glm::ivec3(kSparseFromSide - 1), VoxelMode::Shell), bitsFirst);
    EXPECT_EQ(outputPreference(glm::ivec3(kSparseFromSide), VoxelMode::Shell), sparseFirst);
    EXPECT_EQ(outputPreference(glm::ivec3(4096), VoxelMode::Shell), sparseFirst);
    // A box counts its voxels: as many as the cube of kSparseFromSide is the cube's rule, one fewer is not.
    const int s = kSparseFromSide;
    EXPECT_EQ(outputPreference({s * 2, s / 2, s}, VoxelMode::Shell), sparseFirst);
    EXPECT_EQ(outputPreference({s * 2, s / 2, s - 1}, VoxelMode::Shell), bitsFirst);
    // Solid mode: a solid interior fills whole bricks, so the sparse output comes last (and never holds it).
    for (int side : {64, 1024, 4096})
        EXPECT_EQ(outputPreference(glm::ivec3(side), VoxelMode::Solid),
                  (A{VoxelOutput::Bits, VoxelOutput::Atlas, VoxelOutput::Sparse}));
}

// On llvmpipe's limits: the bits below kSparseFromSide^3 (256^3), where they are the faster frame, then sparse,
// the sparse output at 2048^3 and 4096^3, where the bits would be 2 and 8 GiB in one 128 MiB storage block.
TEST(DefaultOutput, FastestOutputThatHoldsEachPreset) {
    const gl::GlInfo info = llvmpipeLike();
    for (int side : {64, 128, 256, 512, 1024, 2048, 4096}) {
        SCOPED_TRACE(side);
        const bool sparse = side >= kSparseFromSide || side >= 2048;
        EXPECT_EQ(outputOf(side, VoxelMode::Shell, info), sparse ? VoxelOutput::Sparse : VoxelOutput::Bits);
        if (side <= 1024) {
            EXPECT_EQ(outputOf(side, VoxelMode::Solid, info), VoxelOutput::Bits);
        }
    }
    // Every output the rule names holds the volume; checkHolds refuses the bits past 1024^3 with their limit.
    EXPECT_TRUE(
        checkHolds(glm::ivec3(2048), VoxelMode::Shell, VoxMethodId::Compute, VoxelOutput::Sparse, info));
    const Result<void> bits =
        checkHolds(glm::ivec3(2048), VoxelMode::Shell, VoxMethodId::Compute, VoxelOutput::Bits, info);
    ASSERT_FALSE(bits);
    EXPECT_TRUE(test::containsText(bits.error(), "131072x131072")) << bits.error();
    EXPECT_TRUE(test::containsText(bits.error(), "occupancy bits' limit")) << bits.error();
}

TEST(DefaultOutput, SolidModeAt2048IsOneErrorNamingEveryOutput) {
    for (int side : {2048, 4096}) {
        const std::string e = refusalOf(side, VoxelMode::Solid, llvmpipeLike());
        const std::string volume =
            std::to_string(side) + "x" + std::to_string(side) + "x" + std::to_string(side);
        EXPECT_TRUE(test::containsText(e, "no voxelizer output holds " + volume + " voxels in solid mode")) << e;
        EXPECT_TRUE(
            test::containsText(e, "bits: needs a " + std::to_string(side * 64) + "^2 atlas, past the 32768 a side"))
            << e;
        EXPECT_TRUE(test::containsText(e, "atlas: needs a")) << e;
        EXPECT_TRUE(test::containsText(e, "GL_MAX_TEXTURE_SIZE 16384")) << e;
        EXPECT_TRUE(test::containsText(e, "sparse: it holds surfaces only (shell mode)")) << e;
    }
}

// The vox method decides too: a slab method writes the atlas only, the projected one no sparse output.
TEST(DefaultOutput, OnlyOutputsTheVoxelizationMethodWrites) {
    const gl::GlInfo info = llvmpipeLike();
    EXPECT_EQ(outputOf(256, VoxelMode::Shell, info, VoxMethodId::Binned), VoxelOutput::Atlas);
    EXPECT_EQ(outputOf(256, VoxelMode::Shell, info, VoxMethodId::Projected), VoxelOutput::Bits);
    const std::string binned = refusalOf(1024, VoxelMode::Shell, info, VoxMethodId::Binned);
    EXPECT_TRUE(test::containsText(binned, "sparse: the binned method cannot write it")) << binned;
    const std::string projected = refusalOf(2048, VoxelMode::Shell, info, VoxMethodId::Projected);
    EXPECT_TRUE(test::containsText(projected, "sparse: the projected method cannot write it")) << projected;
}

// A driver with 16 MiB storage blocks (llvmpipe: 128 MiB, the bits to 32768^2, 1024^3): the bits stop at 256^3 (an 8192^2 virtual atlas), so 512^3 and 1024^3
// take the sparse output, and its index stops at 2048^3 (4096^3 needs 16.8 MB): one error there.
TEST(DefaultOutput, SmallerLimitsMoveTheChoice) {
    gl::GlInfo info = llvmpipeLike();
    info.maxStorageBlockBytes = std::int64_t(16) << 20;
    EXPECT_EQ(outputOf(256, VoxelMode::Shell, info),
              kSparseFromSide <= 256 ? VoxelOutput::Sparse : VoxelOutput::Bits);
    EXPECT_EQ(outputOf(512, VoxelMode::Shell, info), VoxelOutput::Sparse);
    EXPECT_EQ(outputOf(2048, VoxelMode::Shell, info), VoxelOutput::Sparse);
    // Solid mode at 512^3: the bits cannot, the atlas (a 16384^2 texture) can.
    EXPECT_EQ(outputOf(512, VoxelMode::Solid, info), VoxelOutput::Atlas);
    const std::string big = refusalOf(4096, VoxelMode::Shell, info);
    EXPECT_TRUE(test::containsText(big, "sparse: needs a 262144^2 atlas, past the 131072 a side allowed by")) << big;
}

// The sparse output's line in the demo's panel and summary (voxel::describeSparse): the pool and its bytes, the
// late status, and an incomplete list said as such, with the reason it cannot grow where it cannot.
TEST(DefaultOutput, SparseSummaryNamesThePoolAndAnIncompleteFrame) {
    const std::int64_t bytes = std::int64_t(59139072); // 56.4 MiB
    EXPECT_EQ(describeSparse(416256, bytes, std::nullopt, false, ""),
              "pool 416256 bricks (56.4 MiB held); no frame read back yet, complete");
    const SparseStatus fits{155965, 416256, 155965, false};
    EXPECT_EQ(describeSparse(416256, bytes, fits, false, ""),
              "pool 416256 bricks (56.4 MiB held); last frame read back: 155965 bricks marked, complete");
    const SparseStatus overflow{500000, 416256, 416256, true};
    EXPECT_EQ(
        describeSparse(416256, bytes, overflow, true, ""),
        "pool 416256 bricks (56.4 MiB held); last frame read back: 500000 bricks marked, INCOMPLETE (the "
        "pool overflowed: the list misses the dropped bricks' voxels; it grows for the next frame)");
    // The list's own flag alone (the status ring is a frame behind it) says incomplete too.
    EXPECT_NE(describeSparse(416256, bytes, fits, true, "").find("INCOMPLETE"), std::string::npos);
    EXPECT_NE(describeSparse(416256, bytes, overflow, true, "the pool is at the storage block's limit")
                  .find("it cannot grow: the pool is at the storage block's limit)"),
              std::string::npos);
}
