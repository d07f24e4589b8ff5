// The frame's expand stage: Frame::expand over the frame's volume (the discriminator's
// texture, borrowed) at the frame's band, as the demo's surface view runs it. For every row of the marching-
// cubes table the stage's triangle list equals the CPU reference (surface::checkAgainstReference, mc_check.h:
// cases, cells, edges exactly, positions and normals within its stated tolerance) on a built-in, non-cubic
// random fields (float with NaN, binary bytes) and the CT head's bone band; a band change reads no total back
// (the late total grows the vertex buffer, "growing" while it is short); a method switch is an index (and an
// unavailable row is refused with the previous settings kept); a volume the frame refuses keeps the previous
// surface; a volume beyond the marching cubes' own limits is one error, nothing drawn, the points still
// listed; a mesh's surface is the one of its occupancy (bits and atlas); the version changes exactly when the
// list may. 0 GL errors.
#include "builtin_models.h"
#include "builtin_volumes.h"
#include "frame.h"
#include "gl_test_util.h"
#include "log.h"
#include "mc_check.h"
#include "mc_method_table.h"
#include "mc_test_util.h"
#include "method_table.h"
#include "occupancy_bits.h"
#include "placement.h"
#include "surface_mesh.h"
#include "test_volumes.h"

#include <string>
#include <vector>

using namespace dicer;

namespace {

// A frame with only each output's first row to list points (the surface needs none; fewer rows compile faster).
std::unique_ptr<frame::Frame> makeFrame(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto created = frame::Frame::create(shaders, info, [](methods::MethodId row) {
        for (occupancy::VoxelOutput o : occupancy::kVoxelOutputs)
            if (row == frame::defaultMethodFor(o)) return true;
        return false;
    });
    EXPECT_TRUE(created) << created.error();
    return created ? std::move(created.value()) : nullptr;
}

frame::Frame& sharedFrame() {
    static gl::ShaderLibrary shaders;
    static std::unique_ptr<frame::Frame> f = makeFrame(shaders, test::context().info());
    return *f;
}

frame::FrameSettings volumeSettings(volume::Band band,
                                    surface::McMethodId mcMethod = surface::McMethodId(0)) {
    frame::FrameSettings s;
    s.input = frame::kVolumeInput;
    s.band = band;
    s.mcMethod = mcMethod;
    return s;
}

std::vector<surface::McMethodId> surfaceRows(const frame::Frame& f) {
    std::vector<surface::McMethodId> rows;
    for (surface::McMethodId row : gl::rowIds(surface::mcMethodTable()))
        if (f.mcMethodAvailable(row)) rows.push_back(row);
    return rows;
}

// The stage's last run against the reference: every vertex, the total and the draw arguments (so the vertex
// buffer held the whole surface).
void expectSurfaceExact(const frame::Frame& f, const volume::ScalarVolume& v, volume::Band band,
                        const std::string& what) {
    SCOPED_TRACE(what + " " + volume::bandText(band));
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    const surface::McMethod* m = f.surface().drawable();
    ASSERT_TRUE(m);
    EXPECT_EQ(m->readTotal(), ref.vertices.size());
    EXPECT_GE(m->capacity(), ref.vertices.size());
    const surface::McCheck c = surface::checkAgainstReference(*m, v, ref);
    EXPECT_TRUE(c.exact()) << c.mismatches << " mismatches; first: " << c.firstDifference;
}

// A volume of zeros with one sample of 255 in the middle: 8 triangles around it at the band [128, 255].
volume::ScalarVolume oneHotSample(glm::ivec3 size) {
    std::vector<std::uint8_t> values(std::size_t(size.x) * size.y * size.z, 0);
    const glm::ivec3 c = size / 2;
    values[(std::size_t(c.z) * size.y + std::size_t(c.y)) * size.x + std::size_t(c.x)] = 255;
    return test::makeVolume(size, volume::ScalarType::Uint8, values);
}

} // namespace

TEST(FrameSurface, EveryRowEqualsTheReference) {
    frame::Frame& f = sharedFrame();
    std::vector<std::pair<volume::ScalarVolume, volume::Band>> cases;
    const volume::ScalarVolume metaballs = volume::loadBuiltinVolume("metaballs:32").value();
    cases.push_back({metaballs, volume::kMetaballsShellBand});
    cases.push_back({metaballs, {32768, 65535}});
    cases.push_back({test::randomFloatVolume({13, 7, 9}, 5, 0.05), {0.3, 0.7}});
    cases.push_back({test::randomByteVolume({9, 11, 6}, 7, 2), {1, 1}}); // binary: edge midpoints
    if (std::optional<volume::ScalarVolume> ct = test::loadHeadsq())
        cases.push_back({*ct, {1150, 4000}}); // the bone band (78 476 triangles)
    const std::vector<surface::McMethodId> rows = surfaceRows(f);
    ASSERT_FALSE(rows.empty());
    for (const auto& [v, band] : cases) {
        ASSERT_TRUE(f.setVolume(v));
        for (surface::McMethodId row : rows) {
            const std::string what = v.name + " " + surface::mcMethodInfo(row).name;
            ASSERT_TRUE(f.apply(volumeSettings(band, row))) << what;
            ASSERT_TRUE(f.expand()) << what;
            EXPECT_FALSE(f.surface().countIsLate()) << what; // after a change: the total read once
            EXPECT_EQ(f.surface().vertexCount(), std::optional(f.surface().drawable()->readTotal())) << what;
            expectSurfaceExact(f, v, band, what);
            ASSERT_TRUE(f.expand()) << what; // a second frame: the same surface
            expectSurfaceExact(f, v, band, what + ", next frame");
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The band as the Volume panel drags it: no stall. The larger surface's late total arrives through the ring,
// the panel says "growing" for the frame it is known to be short, the next run grows the buffer, and the
// surface is exact again; the count stays late throughout (no resync).
TEST(FrameSurface, BandChangeGrowsFromTheLateTotalWithoutAResync) {
    gl::ShaderLibrary shaders; // a fresh frame: its vertex buffers sized by this test alone
    std::unique_ptr<frame::Frame> fresh = makeFrame(shaders, test::context().info());
    ASSERT_TRUE(fresh);
    frame::Frame& f = *fresh;
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const volume::Band small{60000, 65535}, large{20000, 65535};
    const std::size_t smallTotal = surface::marchingCubesReference(v, small).vertices.size();
    const std::size_t largeTotal = surface::marchingCubesReference(v, large).vertices.size();
    for (surface::McMethodId row : surfaceRows(f)) {
        const std::string what = surface::mcMethodInfo(row).name;
        ASSERT_TRUE(f.setVolume(v));
        ASSERT_TRUE(f.apply(volumeSettings(small, row)));
        ASSERT_TRUE(f.expand());
        expectSurfaceExact(f, v, small, what);
        const std::uint32_t before = f.surface().capacity();
        ASSERT_GT(largeTotal, before) << "the larger band must outgrow the buffer sized for " << smallTotal;
        ASSERT_TRUE(f.apply(volumeSettings(large, row)));
        bool sawGrowing = false;
        for (int frame = 0; frame < 8 && f.surface().capacity() < largeTotal; ++frame) {
            ASSERT_TRUE(f.expand());
            EXPECT_TRUE(f.surface().countIsLate()) << what << ": a band change read the total back";
            sawGrowing |= f.surface().growing();
            glFinish(); // lets the ring's copies land, as a few real frames would
        }
        EXPECT_TRUE(sawGrowing) << what;
        ASSERT_TRUE(f.expand());
        EXPECT_FALSE(f.surface().growing()) << what;
        EXPECT_TRUE(f.surface().countIsLate()) << what;
        expectSurfaceExact(f, v, large, what + " after growing");
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The surface's version (what the shattered surface finds its pieces again for): the same for runs over the same
// volume, band and row; another after a band, a row, a volume; over a mesh's occupancy, the same while its voxels
// are, another when the model turns or another mesh comes.
TEST(FrameSurface, VersionChangesExactlyWhenTheListMay) {
    gl::ShaderLibrary shaders;
    std::unique_ptr<frame::Frame> fresh = makeFrame(shaders, test::context().info());
    ASSERT_TRUE(fresh);
    frame::Frame& f = *fresh;
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    ASSERT_TRUE(f.setVolume(v));
    ASSERT_TRUE(f.apply(volumeSettings(volume::kMetaballsShellBand)));
    ASSERT_TRUE(f.expand());
    const std::uint64_t first = f.surface().version();
    for (int frame = 0; frame < 3; ++frame) {
        ASSERT_TRUE(f.expand());
        EXPECT_EQ(f.surface().version(), first) << "frame " << frame;
    }
    ASSERT_TRUE(f.apply(volumeSettings({20000, 65535})));
    ASSERT_TRUE(f.expand());
    const std::uint64_t band = f.surface().version();
    EXPECT_NE(band, first);
    const std::vector<surface::McMethodId> rows = surfaceRows(f);
    ASSERT_GE(rows.size(), 2u);
    ASSERT_TRUE(f.apply(volumeSettings({20000, 65535}, rows[1])));
    ASSERT_TRUE(f.expand());
    EXPECT_NE(f.surface().version(), band);
    const std::uint64_t row = f.surface().version();
    ASSERT_TRUE(f.setVolume(volume::loadBuiltinVolume("metaballs:24").value()));
    ASSERT_TRUE(f.expand());
    EXPECT_NE(f.surface().version(), row);

    ASSERT_TRUE(f.setMesh(model::makeTeapot()));
    frame::FrameSettings mesh;
    mesh.preset = "32";
    mesh.voxels = occupancy::VoxelOutput::Bits;
    mesh.method = frame::defaultMethodFor(mesh.voxels);
    ASSERT_TRUE(f.apply(mesh));
    // A mesh: the same voxels frame after frame keep the version; a turned model, or another mesh, does not.
    std::uint64_t last = 0;
    for (int frame = 0; frame < 6; ++frame) {
        if (frame == 5) {
            ASSERT_TRUE(f.setMesh(model::makeHeart(2000)));
        }
        f.voxelize(model::modelRotation(frame < 3 ? 30.f : 40.f, {0.f, 1.f, 0.f}));
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
        ASSERT_TRUE(f.expand());
        if (frame == 1 || frame == 2 || frame == 4) {
            EXPECT_EQ(f.surface().version(), last) << "frame " << frame;
        } else {
            EXPECT_NE(f.surface().version(), last) << "frame " << frame;
        }
        last = f.surface().version();
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The export's read-back (SurfaceStage::readVertices, a stall on request) right after a band change, while the
// buffer is still short: it grows, runs again and reads the whole surface, the reference's vertices.
TEST(FrameSurface, ReadBackIsWholeEvenWhileGrowing) {
    gl::ShaderLibrary shaders;
    std::unique_ptr<frame::Frame> fresh = makeFrame(shaders, test::context().info());
    ASSERT_TRUE(fresh);
    frame::Frame& f = *fresh;
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const volume::Band small{60000, 65535}, large{20000, 65535};
    const surface::McSurface ref = surface::marchingCubesReference(v, large);
    ASSERT_TRUE(f.setVolume(v));
    ASSERT_TRUE(f.apply(volumeSettings(small)));
    ASSERT_TRUE(f.expand());
    ASSERT_TRUE(f.apply(volumeSettings(large)));
    ASSERT_TRUE(f.expand());
    ASSERT_LT(f.surface().capacity(), ref.vertices.size()); // clamped this frame
    Result<std::vector<surface::McGpuVertex>> all = f.surface().readVertices();
    ASSERT_TRUE(all) << all.error();
    EXPECT_EQ(all->size(), ref.vertices.size());
    expectSurfaceExact(f, v, large, "after the read-back"); // the buffer's vertices: what was read

    DICER_EXPECT_NO_GL_ERROR();
}

// Switching the mc method switches an index (every row built once): each row's own buffer, sized from
// its own total once; a row that does not exist is refused by apply and the frame keeps its settings.
TEST(FrameSurface, MethodSwitchAndAnUnknownRow) {
    frame::Frame& f = sharedFrame();
    const volume::ScalarVolume v = test::randomFloatVolume({17, 12, 10}, 11, 0.0);
    const volume::Band band{0.25, 0.5};
    ASSERT_TRUE(f.setVolume(v));
    const std::vector<surface::McMethodId> rows = surfaceRows(f);
    for (int pass = 0; pass < 2; ++pass) // there and back: each row keeps its instance
        for (surface::McMethodId row : rows) {
            ASSERT_TRUE(f.apply(volumeSettings(band, row)));
            ASSERT_TRUE(f.expand());
            expectSurfaceExact(f, v, band, surface::mcMethodInfo(row).name);
        }
    const frame::FrameSettings good = f.settings();
    for (int bad : {-1, int(surface::mcMethodTable().size())}) {
        Result<void> r = f.apply(volumeSettings(band, surface::McMethodId(bad)));
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find("mc method"), std::string::npos) << r.error();
        EXPECT_EQ(f.settings(), good);
    }
    ASSERT_TRUE(f.expand());
    expectSurfaceExact(f, v, band, "after the refusals");
    DICER_EXPECT_NO_GL_ERROR();
}

// A volume the frame cannot hold (a side beyond the bits' atlas) is refused before its upload: the texture the
// surface borrows is the previous volume's still, and so is the surface.
TEST(FrameSurface, TooLargeVolumeKeepsThePreviousSurface) {
    frame::Frame& f = sharedFrame();
    std::optional<volume::ScalarVolume> mr = test::loadHeadMr();
    if (!mr) GTEST_SKIP() << test::kScanMissing << "head_mr";
    const volume::Band band{100, 255};
    ASSERT_TRUE(f.setVolume(*mr));
    ASSERT_TRUE(f.apply(volumeSettings(band)));
    ASSERT_TRUE(f.expand());
    expectSurfaceExact(f, *mr, band, "head_mr");
    volume::ScalarVolume huge;
    const int side = HP_BITS_MAX_ATLAS + 1;
    huge.size = {side, 2, 2};
    huge.type = volume::ScalarType::Uint8;
    huge.name = "huge";
    huge.data.assign(std::size_t(side) * 4, std::byte{7});
    ASSERT_TRUE(volume::checkVolume(huge));
    Result<void> r = f.setVolume(huge);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("huge"), std::string::npos) << r.error();
    ASSERT_TRUE(f.expand());
    expectSurfaceExact(f, *mr, band, "head_mr after the refusal");
    DICER_EXPECT_NO_GL_ERROR();
}

// A volume the frame takes but whose cells exceed the marching cubes' storage blocks (a driver limit of 4 MiB
// here, the least the point methods need): one error naming the limit, nothing to draw, the same error again without a retry, the points still
// listed exactly; the next volume that fits has its surface again.
TEST(FrameSurface, BeyondTheSurfaceLimitsIsOneErrorAndTheRestWorks) {
    gl::GlInfo info = test::context().info();
    info.maxStorageBlockBytes = 4 << 20; // 168^3: the bits fit (0.6 MB), the cases (4.7 MB) do not
    gl::ShaderLibrary shaders;
    std::unique_ptr<frame::Frame> created = makeFrame(shaders, info);
    ASSERT_TRUE(created);
    frame::Frame& f = *created;
    const volume::Band band{128, 255};
    const volume::ScalarVolume big = oneHotSample({168, 168, 168}), fits = oneHotSample({17, 17, 17});
    ASSERT_TRUE(f.setVolume(big));
    ASSERT_TRUE(f.apply(volumeSettings(band)));
    Result<void> r = f.expand();
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_FALSE(f.surface().drawable());
    Result<void> again = f.expand();
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error(), r.error());
    f.voxelize(glm::mat4(1.f));
    ASSERT_TRUE(f.build());
    ASSERT_TRUE(f.list());
    const hp::VerifyReport report = f.verify();
    EXPECT_TRUE(report.ok());
    EXPECT_EQ(report.cpuCount, 1u);
    ASSERT_TRUE(f.setVolume(fits));
    ASSERT_TRUE(f.expand());
    expectSurfaceExact(f, fits, band, "one hot sample");
    EXPECT_EQ(f.surface().vertexCount(), std::optional<std::uint32_t>(24));
    DICER_EXPECT_NO_GL_ERROR();
}

// A surface longer than one storage block allows (a driver limit of 2 MiB here: 131 072 vertices a block) is drawn
// and read back whole: the vertex buffer spans the four blocks it is bound as, the list equals the reference, the
// export's weld takes all of it. One beyond the four blocks is drawn up to them, and one message names the limit;
// its read-back is refused with the same limit named.
TEST(FrameSurface, WholeSurfaceAcrossStorageBlocks) {
    gl::GlInfo info = test::context().info();
    info.maxStorageBlockBytes = 2 << 20;
    const std::uint32_t perBlock = surface::McMethod::verticesPerBlock(info);
    ASSERT_EQ(perBlock, 131072u);
    gl::ShaderLibrary shaders;
    std::unique_ptr<frame::Frame> created = makeFrame(shaders, info);
    ASSERT_TRUE(created);
    frame::Frame& f = *created;
    const volume::Band band{1, 1}; // binary noise: a surface around every other sample
    const volume::ScalarVolume v = test::randomByteVolume({40, 36, 32}, 3, 2);
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    ASSERT_GT(ref.vertices.size(), 2 * perBlock); // three blocks or four
    ASSERT_LE(ref.vertices.size(), 4 * perBlock);
    ASSERT_TRUE(f.setVolume(v));
    ASSERT_TRUE(f.apply(volumeSettings(band)));
    ASSERT_TRUE(f.expand());
    EXPECT_EQ(f.surface().limitMessage(), "");
    expectSurfaceExact(f, v, band, "noise");
    Result<std::vector<surface::McGpuVertex>> all = f.surface().readVertices();
    ASSERT_TRUE(all) << all.error();
    ASSERT_EQ(all->size(), ref.vertices.size());
    Result<surface::SurfaceMesh> mesh = surface::weldSurface(*all, v.size);
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->stats.inputTriangles, std::int64_t(ref.vertices.size() / 3));
    // The export's weld: step 1 on the GPU (the list across its blocks is in the cells' order), the same mesh,
    // and no fallback to the CPU logged.
    std::string warnings;
    log::setSink([&](log::Level level, std::string_view text) {
        if (level == log::Level::Warn) warnings += std::string(text) + "\n";
    });
    Result<surface::SurfaceMesh> exported = f.surface().weldSurface();
    log::setSink(nullptr);
    ASSERT_TRUE(exported) << exported.error();
    EXPECT_EQ(warnings, "");
    EXPECT_EQ(exported->triangles, mesh->triangles);
    EXPECT_EQ(exported->positions, mesh->positions);
    EXPECT_EQ(exported->normals, mesh->normals);

    const volume::ScalarVolume beyond = test::randomByteVolume({64, 64, 48}, 4, 2);
    const std::size_t beyondVertices = surface::marchingCubesReference(beyond, band).vertices.size();
    ASSERT_GT(beyondVertices, 4 * perBlock);
    ASSERT_TRUE(f.setVolume(beyond));
    ASSERT_TRUE(f.expand());
    const std::string& limit = f.surface().limitMessage();
    EXPECT_NE(limit.find(std::to_string(beyondVertices / 3) + " triangles"), std::string::npos) << limit;
    EXPECT_NE(
        limit.find(std::to_string(4 * perBlock / 3) + " (4 blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE)"),
        std::string::npos)
        << limit;
    const surface::McMethod* m = f.surface().drawable();
    ASSERT_TRUE(m);
    EXPECT_EQ(m->capacity(), 4 * perBlock); // drawn up to the four blocks
    EXPECT_EQ(m->readTotal(), beyondVertices);
    Result<std::vector<surface::McGpuVertex>> refused = f.surface().readVertices();
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("4 blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos)
        << refused.error();
    Result<surface::SurfaceMesh> notWelded = f.surface().weldSurface();
    ASSERT_FALSE(notWelded);
    EXPECT_EQ(notWelded.error(), refused.error());
    DICER_EXPECT_NO_GL_ERROR();
}

// A mesh's surface is the one of its occupancy (a voxel remesh): this frame's voxels, of any output, as a 0/1
// volume at the band [1, 1]: its 1s are exactly the listed voxels, the surface equals the reference over that
// volume read back, and the volume's surface is back after.
TEST(FrameSurface, MeshSurfaceIsItsOccupancy) {
    frame::Frame& f = sharedFrame();
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    ASSERT_TRUE(f.setVolume(v));
    ASSERT_TRUE(f.apply(volumeSettings(volume::kMetaballsShellBand)));
    ASSERT_TRUE(f.expand());
    ASSERT_TRUE(f.setMesh(model::makeTeapot()));
    for (occupancy::VoxelOutput output : occupancy::kVoxelOutputs) { // bits, atlas and sparse
        const std::string what = std::string("teapot, ") + occupancy::voxelOutputName(output);
        frame::FrameSettings mesh;
        mesh.preset = "32";
        mesh.voxels = output;
        mesh.method = frame::defaultMethodFor(output);
        Result<void> applied = f.apply(mesh);
        ASSERT_TRUE(applied) << what << ": " << applied.error();
        // The same texture rewritten as the model turns: the count's column ranges must follow it (the second
        // frame at one angle computes them, the next angle makes them stale).
        for (const float degrees : {30.f, 30.f, 75.f}) {
            const std::string turned = what + ", " + std::to_string(int(degrees)) + " degrees";
            f.voxelize(model::modelRotation(degrees, {0.f, 1.f, 0.f}));
            ASSERT_TRUE(f.build()) << turned;
            ASSERT_TRUE(f.list()) << turned;
            ASSERT_TRUE(f.expand()) << turned;
            const surface::OccupancyVolume& occ = f.occupancy();
            ASSERT_EQ(occ.volume(), glm::ivec3(32)) << turned;
            std::vector<std::uint8_t> bytes(std::size_t(occ.size().x) * occ.size().y * occ.size().z);
            glPixelStorei(GL_PACK_ALIGNMENT, 1); // rows of 34 bytes
            glGetTextureImage(occ.texture(), 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, GLsizei(bytes.size()),
                              bytes.data());
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
            std::uint64_t occupied = 0;
            for (std::uint8_t b : bytes)
                occupied += b;
            const hp::VerifyReport points = f.verify();
            EXPECT_EQ(occupied, points.cpuCount) << turned << ": the occupancy is the listed voxels";
            const volume::ScalarVolume occupancy =
                test::makeVolume(occ.size(), volume::ScalarType::Uint8, bytes);
            expectSurfaceExact(f, occupancy, surface::OccupancyVolume::kOccupiedBand, turned);
            EXPECT_GT(*f.surface().vertexCount(), 0u) << turned;
        }
    }
    ASSERT_TRUE(f.apply(volumeSettings(volume::kMetaballsShellBand)));
    ASSERT_TRUE(f.expand());
    expectSurfaceExact(f, v, volume::kMetaballsShellBand, "back on the volume");
    DICER_EXPECT_NO_GL_ERROR();
}
