// Checked allocations (engine/gl/allocation.h): when the driver refuses memory (GL_OUT_OF_MEMORY, here injected
// with gl::InjectedOutOfMemory so every driver takes the path), the owner returns one error naming the object and
// keeps what it had: the previous buffer, its capacity and contents, the frame's settings and voxels. Nothing is
// used without storage afterwards (no GL error, nothing counted by the debug output), and the next frames verify.
#include "allocation.h"
#include "builtin_models.h"
#include "builtin_volumes.h"
#include "fake_point_list.h"
#include "frame.h"
#include "gl_test_util.h"
#include "particles.h"
#include "particles_shared.h"
#include "point_buffer.h"
#include "volume_reference.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace dicer;

namespace {

constexpr std::int64_t kKiB = 1024, kMiB = 1024 * 1024;

void expectNamedRefusal(const std::string& error, const std::string& object) {
    EXPECT_NE(error.find("cannot allocate"), std::string::npos) << error;
    EXPECT_NE(error.find(object), std::string::npos) << error;
    EXPECT_NE(error.find("GL_OUT_OF_MEMORY"), std::string::npos) << error;
}

std::vector<glm::uvec4> entries(std::uint32_t n, std::uint32_t salt) {
    std::vector<glm::uvec4> e(n);
    for (std::uint32_t k = 0; k < n; ++k)
        e[k] = {k, k * 3 + salt, k ^ salt, 7u};
    return e;
}

} // namespace

// (a) The allocation itself: one error naming the object, its size and the GL error; the refusal is read by the
// allocation (not logged or counted as a GL defect, nothing left pending); below the limit, and once the guard
// is gone, the same call succeeds.
TEST(AllocationBuffer, RefusalIsOneErrorNamingTheObjectAndLeavesNoGlError) {
    const int glErrorsBefore = gl::debugErrorCount();
    {
        gl::InjectedOutOfMemory guard(1 * kMiB);
        Result<gl::Buffer> big = gl::allocateBuffer(GLsizeiptr(4 * kMiB), nullptr, 0, "test big buffer");
        ASSERT_FALSE(big);
        expectNamedRefusal(big.error(), "test big buffer");
        EXPECT_NE(big.error().find("4 MiB"), std::string::npos) << big.error();
        Result<gl::Texture> texture =
            gl::allocateTexture2D(1024, 1024, GLenum(GL_RGBA8), 1, "test big texture"); // 4 MiB
        ASSERT_FALSE(texture);
        expectNamedRefusal(texture.error(), "test big texture");
        Result<gl::Buffer> small = gl::allocateBuffer(GLsizeiptr(64 * kKiB), nullptr, 0, "test small buffer");
        EXPECT_TRUE(small) << small.error(); // below the limit: granted
        EXPECT_EQ(guard.refused(), 2);
    }
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();
    Result<gl::Buffer> again = gl::allocateBuffer(GLsizeiptr(4 * kMiB), nullptr, 0, "test big buffer");
    EXPECT_TRUE(again) << again.error();
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
}

// (a) A real refusal, not an injected one: a 1 TiB buffer. The driver's GL_OUT_OF_MEMORY is read by the
// allocation (quiet: the debug output neither logs nor counts it) and becomes the same one error.
TEST(AllocationBuffer, RealRefusalIsReadByTheAllocation) {
    const int glErrorsBefore = gl::debugErrorCount();
    Result<gl::Buffer> huge =
        gl::allocateBuffer(GLsizeiptr(std::int64_t(1) << 40), nullptr, 0, "test 1 TiB buffer");
    if (huge) GTEST_SKIP() << "this driver granted 1 TiB of buffer storage";
    expectNamedRefusal(huge.error(), "test 1 TiB buffer");
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();
}

// (b) The point list's growth: refused, the buffer, its capacity and the entries it holds stay, and it still
// takes uploads; granted later, it grows.
TEST(AllocationPointBuffer, RefusedGrowthKeepsTheBufferItsCapacityAndEntries) {
    hp::PointBuffer points(test::context().info(), "test points");
    ASSERT_TRUE(points.reserve(1000));
    const std::uint32_t capacity = points.capacity();
    const GLuint id = points.id();
    const std::vector<glm::uvec4> held = entries(capacity, 5);
    points.upload(0, held);
    const int glErrorsBefore = gl::debugErrorCount();
    {
        gl::InjectedOutOfMemory guard(256 * kKiB); // 100 k entries are 1.5 MiB
        Result<void> r = points.reserve(100000);
        ASSERT_FALSE(r);
        expectNamedRefusal(r.error(), "test points");
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(points.capacity(), capacity);
    EXPECT_EQ(points.id(), id);
    EXPECT_EQ(points.read(capacity), held);
    points.upload(0, entries(1, 9)); // still a buffer with storage
    EXPECT_EQ(points.read(1), entries(1, 9));
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();
    ASSERT_TRUE(points.reserve(100000));
    EXPECT_GE(points.capacity(), 100000u);
}

// (b) Staged growth (an owner whose buffers grow all or none, e.g. hp5's words beside its pyramid): a refused
// stage changes nothing; a granted one changes nothing until its commit, which installs the grown buffer and its
// capacity; a stage the buffer already holds allocates nothing and its commit keeps the buffer.
TEST(AllocationStagedWords, NothingChangesBeforeTheCommit) {
    gl::Buffer buffer;
    std::uint32_t capacity = 0;
    ASSERT_TRUE(gl::growWords(buffer, capacity, 16, "test words"));
    const GLuint id = buffer.id();
    ASSERT_EQ(capacity, 16u);
    {
        gl::InjectedOutOfMemory guard(256 * kKiB);
        Result<gl::StagedWords> refused = gl::stageWords(buffer, capacity, 1 << 20, "test words");
        ASSERT_FALSE(refused);
        expectNamedRefusal(refused.error(), "test words");
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(buffer.id(), id);
    EXPECT_EQ(capacity, 16u);

    Result<gl::StagedWords> held = gl::stageWords(buffer, capacity, 16, "test words");
    ASSERT_TRUE(held);
    EXPECT_FALSE(held->grown);
    held->commit(buffer, capacity);
    EXPECT_EQ(buffer.id(), id);
    EXPECT_EQ(capacity, 16u);

    Result<gl::StagedWords> grown = gl::stageWords(buffer, capacity, 1000, "test words");
    ASSERT_TRUE(grown);
    ASSERT_TRUE(grown->grown);
    EXPECT_EQ(buffer.id(), id); // not yet
    EXPECT_EQ(capacity, 16u);
    const GLuint grownId = grown->grown.id();
    grown->commit(buffer, capacity);
    EXPECT_EQ(buffer.id(), grownId);
    EXPECT_EQ(capacity, 1000u);
    GLint64 bytes = 0;
    glGetNamedBufferParameteri64v(buffer.id(), GL_BUFFER_SIZE, &bytes);
    EXPECT_EQ(bytes, 4000);
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {

constexpr glm::ivec3 kVolume{32, 32, 32};

// `n` entries over the 32^3 volume, a count of `count`.
struct FakePointList : test::FakePointList {
    FakePointList(std::uint32_t n, std::uint32_t count) : test::FakePointList(n, count, std::uint32_t(kVolume.x)) {}
};

std::vector<glm::vec4> readVec4(GLuint buffer, std::uint32_t n) {
    std::vector<glm::vec4> out(n);
    glGetNamedBufferSubData(buffer, 0, GLsizeiptr(n * sizeof(glm::vec4)), out.data());
    return out;
}

std::uint32_t drawCount(const particles::ParticleSystem& system) {
    std::uint32_t control[PS_CTRL_UINTS] = {};
    glGetNamedBufferSubData(system.controlBuffer(), 0, sizeof control, control);
    return control[PS_CTRL_DRAW];
}

} // namespace

// (c) The particles' growth: refused, the state keeps its buffers, capacity and every particle's position and
// velocity (a step of 0 s changes nothing, so the state after it is exactly the state before); the draw count stays
// within the state. Granted later, the state grows with the particles' state copied.
TEST(AllocationParticles, RefusedGrowthKeepsTheStateAndItsCapacity) {
    gl::ShaderLibrary shaders;
    auto created = particles::ParticleSystem::create(shaders, test::context().info());
    ASSERT_TRUE(created) << created.error();
    particles::ParticleSystem& system = *created;
    const particles::ParticleTuning tuning;
    FakePointList small(1000, 1000);
    ASSERT_TRUE(system.update(small.source(), tuning, 0.02f));
    system.explode();
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(system.update(small.source(), tuning, 0.02f)); // launched, flying
    const std::uint32_t capacity = system.capacity();
    ASSERT_LT(capacity, 20000u);
    const GLuint positions = system.positionBuffer(), velocities = system.velocityBuffer();
    const std::vector<glm::vec4> p0 = readVec4(positions, 1000), v0 = readVec4(velocities, 1000);
    ASSERT_NE(v0[10], glm::vec4(0.f)); // a state worth keeping

    FakePointList large(20000,
                        1000); // a larger list: the state grows to it (20 k particles: 312 KiB a buffer)
    const int glErrorsBefore = gl::debugErrorCount();
    {
        gl::InjectedOutOfMemory guard(200 * kKiB);
        Result<void> r = system.update(large.source(), tuning, 0.f);
        ASSERT_FALSE(r);
        expectNamedRefusal(r.error(), "particles positions");
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(system.capacity(), capacity);
    EXPECT_EQ(system.positionBuffer(), positions);
    EXPECT_EQ(system.velocityBuffer(), velocities);
    EXPECT_EQ(readVec4(positions, 1000), p0);
    EXPECT_EQ(readVec4(velocities, 1000), v0);
    EXPECT_LE(drawCount(system), capacity);
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();

    ASSERT_TRUE(system.update(large.source(), tuning, 0.f)); // granted: grows, the flying particles copied
    EXPECT_GE(system.capacity(), 20000u);
    EXPECT_EQ(readVec4(system.positionBuffer(), 1000), p0);
    EXPECT_EQ(readVec4(system.velocityBuffer(), 1000), v0);
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {

// A frame with one row, listing on the paper's path (this frame's exact count).
struct OneRowFrame {
    explicit OneRowFrame(methods::MethodId row) {
        auto made = frame::Frame::create(shaders, test::context().info(),
                                         [row](methods::MethodId r) { return r == row; });
        if (made)
            created = std::move(*made);
        else
            ADD_FAILURE() << made.error();
        settings.method = row;
        settings.voxels = frame::outputFor(row);
        settings.listPath = hp::ListPath::Readback;
    }
    gl::ShaderLibrary shaders; // outlives the frame, which builds its programs from it
    std::unique_ptr<frame::Frame> created;
    frame::FrameSettings settings;
};

// Voxelizes (or discriminates), builds and lists one frame, then verifies it; returns the count.
std::uint32_t runAndVerify(frame::Frame& f) {
    f.voxelize(glm::mat4(1.f));
    EXPECT_TRUE(f.build());
    EXPECT_TRUE(f.list());
    const hp::VerifyReport report = f.verify();
    EXPECT_TRUE(report.ok()) << report.describe();
    return report.gpuCount;
}

} // namespace

// (d) A preset whose new slice atlas the driver refuses: apply() returns that one error, the frame keeps the
// previous preset and its voxels, and the next frames list and verify exactly as before. Granted, it applies.
TEST(AllocationFrame, RefusedPresetKeepsThePreviousFrame) {
    OneRowFrame one(frame::defaultMethodFor(occupancy::VoxelOutput::Atlas));
    ASSERT_TRUE(one.created);
    frame::Frame& f = *one.created;
    frame::FrameSettings s = one.settings;
    s.preset = "64";
    ASSERT_TRUE(f.apply(s));
    ASSERT_TRUE(f.setMesh(model::makeTeapot()));
    const std::uint32_t count = runAndVerify(f);
    ASSERT_GT(count, 0u);
    const frame::FrameSettings before = f.settings();

    frame::FrameSettings larger = s;
    larger.preset = "256"; // a 4096^2 RGBA8 atlas: 64 MiB
    const int glErrorsBefore = gl::debugErrorCount();
    {
        gl::InjectedOutOfMemory guard(32 * kMiB);
        Result<void> r = f.apply(larger);
        ASSERT_FALSE(r);
        expectNamedRefusal(r.error(), "voxel slice atlas");
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(f.settings(), before);
    EXPECT_EQ(f.source().volume(), glm::ivec3(64));
    for (int frame = 0; frame < 2; ++frame)
        EXPECT_EQ(runAndVerify(f), count) << "frame " << frame;
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();

    ASSERT_TRUE(f.apply(larger)); // granted
    EXPECT_EQ(f.source().volume(), glm::ivec3(256));
    EXPECT_GT(runAndVerify(f), count);
    DICER_EXPECT_NO_GL_ERROR();
}

// (d) A volume of another size while the frame reads a volume: its upload is granted, its slice atlas refused.
// setVolume() returns that one error and nothing changes: the previous volume is still the one discriminated,
// listed and verified (the volume and its layout change together or not at all).
TEST(AllocationFrame, RefusedVolumeOutputKeepsThePreviousVolume) {
    OneRowFrame one(frame::defaultMethodFor(occupancy::VoxelOutput::Atlas));
    ASSERT_TRUE(one.created);
    frame::Frame& f = *one.created;
    Result<volume::ScalarVolume> first = volume::loadBuiltinVolume("metaballs:32");
    Result<volume::ScalarVolume> second = volume::loadBuiltinVolume("metaballs:128");
    ASSERT_TRUE(first && second);
    ASSERT_TRUE(f.setVolume(*first));
    frame::FrameSettings s = one.settings;
    s.input = frame::kVolumeInput;
    s.band = volume::kMetaballsShellBand;
    ASSERT_TRUE(f.apply(s));
    const std::uint32_t count = runAndVerify(f);
    ASSERT_EQ(count, volume::activeCount(*first, s.band));
    const frame::FrameSettings before = f.settings();
    const GLuint texture = f.source().volumeSource().discriminator().volumeTexture();

    const int glErrorsBefore = gl::debugErrorCount();
    {
        // 128^3 uint16 is a 4 MiB texture (granted); its layout's atlas is 2048^2 RGBA8, 16 MiB (refused).
        gl::InjectedOutOfMemory guard(8 * kMiB);
        Result<void> r = f.setVolume(*second);
        ASSERT_FALSE(r);
        expectNamedRefusal(r.error(), "volume slice atlas");
        EXPECT_NE(r.error().find("metaballs:128"), std::string::npos) << r.error();
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(f.settings(), before);
    EXPECT_EQ(f.source().volumeSource().discriminator().volumeSize(), glm::ivec3(32));
    EXPECT_EQ(f.source().volumeSource().discriminator().volumeTexture(), texture);
    EXPECT_EQ(f.source().volume(), glm::ivec3(32));
    for (int frame = 0; frame < 2; ++frame)
        EXPECT_EQ(runAndVerify(f), count) << "frame " << frame;
    EXPECT_EQ(gl::debugErrorCount(), glErrorsBefore);
    DICER_EXPECT_NO_GL_ERROR();

    ASSERT_TRUE(f.setVolume(*second)); // granted: the new volume with its layout
    EXPECT_EQ(f.source().volume(), glm::ivec3(128));
    EXPECT_EQ(runAndVerify(f), volume::activeCount(*second, s.band));
    DICER_EXPECT_NO_GL_ERROR();
}
