// The frame over a scalar volume: Frame with the volume input, as the demo and the bench
// run it (setVolume once, apply, voxelize = discriminate, build, list). For a small non-cubic built-in and both
// committed scans, every method row the demo offers (the atlas rows at the fixed 1/255 threshold, the bits
// rows) lists exactly the band: verify() OK and its count the CPU reference's (volume_reference.h, from the
// definitions, not from the GPU's keys). A band change (no resync) followed by frames gives the new exact list;
// the input switches mesh -> volume -> mesh; a volume too large for the output is one error and the previous
// volume stays.
#include "builtin_models.h"
#include "builtin_volumes.h"
#include "frame.h"
#include "gl_test_util.h"
#include "method_table.h"
#include "occupancy_bits.h"
#include "test_volumes.h"
#include "volume_reference.h"

#include <optional>
#include <string>
#include <vector>

using namespace dicer;

namespace {

// One frame for the whole file: every row the demo offers compiles once.
frame::Frame& sharedFrame() {
    static gl::ShaderLibrary shaders;
    static std::unique_ptr<frame::Frame> f = [] {
        Result<std::unique_ptr<frame::Frame>> created = frame::Frame::create(shaders, test::context().info());
        EXPECT_TRUE(created) << created.error();
        return created ? std::move(created.value()) : nullptr;
    }();
    return *f;
}

frame::FrameSettings volumeSettings(methods::MethodId row, volume::Band band) {
    frame::FrameSettings s;
    s.input = frame::kVolumeInput;
    s.band = band;
    s.method = row;
    s.voxels = frame::outputFor(row);
    s.listPath = hp::ListPath::Readback; // the count of this very frame
    return s;
}

// One frame's stages; the identity stands for a volume's model matrix (the discriminator ignores it).
void runFrame(frame::Frame& f) {
    f.voxelize(glm::mat4(1.f));
    ASSERT_TRUE(f.build());
    ASSERT_TRUE(f.list());
}

// The rows a volume can feed: the discriminator writes the atlas or the bits, not the sparse occupancy
// (its apply is a clear error, VolumeDiscriminator::setLayout).
std::vector<methods::MethodId> demoRows(const frame::Frame& f) {
    std::vector<methods::MethodId> rows;
    for (methods::MethodId row : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& m = methods::methodInfo(row);
        if (m.inDemo() && f.methodAvailable(row) && m.reads != occupancy::VoxelOutput::Sparse)
            rows.push_back(row);
    }
    return rows;
}

// Every demo row over `v` and each band: the exact list, as many points as the reference.
void expectEveryRowExact(const volume::ScalarVolume& v, const std::vector<volume::Band>& bands) {
    frame::Frame& f = sharedFrame();
    ASSERT_TRUE(f.setVolume(v));
    const std::vector<methods::MethodId> rows = demoRows(f);
    ASSERT_GE(rows.size(), 2u); // at least one atlas and one bits row
    for (const volume::Band& band : bands) {
        const std::uint64_t want = volume::activeCount(v, band);
        for (methods::MethodId row : rows) {
            const std::string what =
                v.name + " " + volume::bandText(band) + " " + methods::methodInfo(row).name;
            ASSERT_TRUE(f.apply(volumeSettings(row, band))) << what;
            EXPECT_EQ(f.source().volume(), v.size) << what; // its own size, never resampled
            runFrame(f);
            EXPECT_EQ(f.activeCount(), std::optional<std::uint32_t>(std::uint32_t(want))) << what;
            const hp::VerifyReport report = f.verify();
            EXPECT_TRUE(report.ok()) << what << ": " << report.mismatches << " mismatches";
            EXPECT_EQ(report.cpuCount, want) << what;
            EXPECT_EQ(report.gpuCount, want) << what;
            DICER_EXPECT_NO_GL_ERROR();
        }
    }
}

} // namespace

TEST(FrameVolume, BuiltinNonCubicEveryRowExact) {
    Result<volume::ScalarVolume> v = volume::loadBuiltinVolume("metaballs:36x28x20");
    ASSERT_TRUE(v) << v.error();
    // The shell, the upper half, all, and nothing (beyond uint16).
    expectEveryRowExact(*v, {volume::kMetaballsShellBand, {32768, 65535}, {0, 65535}, {70000, 80000}});
}

// hp_sparse over a volume is one clear error (the discriminator has no sparse output yet), and nothing changes.
TEST(FrameVolume, TheSparseRowIsRefusedClearly) {
    frame::Frame& f = sharedFrame();
    Result<volume::ScalarVolume> v = volume::loadBuiltinVolume("metaballs:16x16x16");
    ASSERT_TRUE(v) << v.error();
    ASSERT_TRUE(f.setVolume(*v));
    const std::optional<methods::MethodId> row = methods::findMethod("hp_sparse");
    if (!row || !f.methodAvailable(*row)) GTEST_SKIP() << "no hp_sparse row on this driver";
    Result<void> r = f.apply(volumeSettings(*row, volume::kMetaballsShellBand));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("not the sparse occupancy"), std::string::npos) << r.error();
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(FrameVolume, CtHeadEveryRowExact) {
    std::optional<volume::ScalarVolume> v = test::loadHeadsq(); // committed: never skipped
    ASSERT_TRUE(v) << test::kScanMissing << "headsq";
    // int16 with negative values: the default band and one that starts below zero.
    expectEveryRowExact(*v, {volume::defaultBand(*v, *volume::valueRange(*v)), {-1e9, 600}});
}

TEST(FrameVolume, MrHeadEveryRowExact) {
    std::optional<volume::ScalarVolume> v = test::loadHeadMr();
    ASSERT_TRUE(v) << test::kScanMissing << "head_mr";
    expectEveryRowExact(*v, {volume::defaultBand(*v, *volume::valueRange(*v)), {30, 90}});
}

// A band change is the discriminator again, no resync: on the GPU-resident list the point buffer grows from
// the late count, so a few frames later the list is the new band's, exactly.
TEST(FrameVolume, BandChangeWithoutResyncGivesTheNewExactList) {
    frame::Frame& f = sharedFrame();
    std::optional<volume::ScalarVolume> v = test::loadHeadMr();
    ASSERT_TRUE(v);
    ASSERT_TRUE(f.setVolume(*v));
    for (occupancy::VoxelOutput output : {occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Atlas}) {
        const methods::MethodId row = frame::defaultMethodFor(output);
        frame::FrameSettings s = volumeSettings(row, {200, 255}); // narrow first: a small point buffer
        s.listPath = hp::ListPath::Resident;
        ASSERT_TRUE(f.apply(s));
        for (int i = 0; i < 4; ++i)
            runFrame(f);
        EXPECT_TRUE(f.verify().ok());
        for (const volume::Band band :
             {volume::Band{1, 255}, volume::Band{60, 120}, volume::Band{256, 300}}) {
            s.band = band;
            const frame::FrameChanges changes = frame::compareFrameSettings(s, f.settings());
            EXPECT_TRUE(changes.band);
            EXPECT_FALSE(changes.layout); // no new storage: the volume stays uploaded
            ASSERT_TRUE(f.apply(s));
            for (int i = 0; i < 8; ++i)
                runFrame(f);
            const std::uint64_t want = volume::activeCount(*v, band);
            const hp::VerifyReport report = f.verify();
            EXPECT_TRUE(report.ok()) << volume::bandText(band) << " " << occupancy::voxelOutputName(output);
            EXPECT_EQ(report.cpuCount, want) << volume::bandText(band);
            EXPECT_EQ(report.gpuCount, want) << volume::bandText(band);
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The demo loads a mesh, then a volume, then the mesh again: each input lists its own voxels exactly.
TEST(FrameVolume, InputSwitchesMeshVolumeMesh) {
    frame::Frame& f = sharedFrame();
    const methods::MethodId row = frame::defaultMethodFor(occupancy::VoxelOutput::Bits);
    frame::FrameSettings mesh;
    mesh.method = row;
    mesh.preset = "32";
    mesh.listPath = hp::ListPath::Readback;
    ASSERT_TRUE(f.setMesh(model::makeTeapot()));
    ASSERT_TRUE(f.apply(mesh));
    runFrame(f);
    const hp::VerifyReport first = f.verify();
    EXPECT_TRUE(first.ok());
    EXPECT_GT(first.cpuCount, 0u);
    EXPECT_EQ(f.source().volume(), glm::ivec3(32));

    Result<volume::ScalarVolume> v = volume::loadBuiltinVolume("noise:20x24x16");
    ASSERT_TRUE(v) << v.error();
    ASSERT_TRUE(f.setVolume(*v));
    const volume::Band band{30000, 36000};
    ASSERT_TRUE(f.apply(volumeSettings(row, band)));
    EXPECT_EQ(f.source().volume(), glm::ivec3(20, 24, 16));
    runFrame(f);
    const hp::VerifyReport volumeReport = f.verify();
    EXPECT_TRUE(volumeReport.ok());
    EXPECT_EQ(volumeReport.cpuCount, volume::activeCount(*v, band));

    ASSERT_TRUE(f.apply(mesh));
    EXPECT_EQ(f.source().volume(), glm::ivec3(32));
    runFrame(f);
    const hp::VerifyReport again = f.verify();
    EXPECT_TRUE(again.ok());
    EXPECT_EQ(again.cpuCount, first.cpuCount); // the same mesh, the same voxels
    DICER_EXPECT_NO_GL_ERROR();
}

// A volume the output cannot hold (a tile wider than the driver's largest texture for the atlas, and beyond
// the bits' virtual atlas and the largest 3D texture for the bits) is one error naming it; the frame keeps
// the previous volume and still lists it exactly.
TEST(FrameVolume, TooLargeVolumeIsAnErrorAndThePreviousStays) {
    frame::Frame& f = sharedFrame();
    std::optional<volume::ScalarVolume> mr = test::loadHeadMr();
    ASSERT_TRUE(mr);
    const volume::Band band = volume::defaultBand(*mr, *volume::valueRange(*mr));
    const std::uint64_t want = volume::activeCount(*mr, band);
    for (occupancy::VoxelOutput output : {occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Bits}) {
        ASSERT_TRUE(f.setVolume(*mr));
        ASSERT_TRUE(f.apply(volumeSettings(frame::defaultMethodFor(output), band)));
        const int side = output == occupancy::VoxelOutput::Atlas ? test::context().info().maxTextureSize + 1
                                                             : HP_BITS_MAX_ATLAS + 1;
        volume::ScalarVolume huge;
        huge.size = {side, 1, 1};
        huge.type = volume::ScalarType::Uint8;
        huge.name = "huge";
        huge.data.assign(size_t(side), std::byte{7});
        ASSERT_TRUE(volume::checkVolume(huge));
        Result<void> r = f.setVolume(huge);
        ASSERT_FALSE(r) << occupancy::voxelOutputName(output);
        EXPECT_NE(r.error().find("huge"), std::string::npos) << r.error();
        EXPECT_EQ(f.source().volume(), mr->size); // the previous volume and layout stay
        runFrame(f);
        const hp::VerifyReport report = f.verify();
        EXPECT_TRUE(report.ok()) << occupancy::voxelOutputName(output);
        EXPECT_EQ(report.cpuCount, want) << occupancy::voxelOutputName(output);
    }
    DICER_EXPECT_NO_GL_ERROR();
}
