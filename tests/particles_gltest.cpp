// GL tests of the GPU particle system: the compute step equals the CPU step (particle_step.h) and the
// particle count may grow or shrink between frames (new particles spawn on their voxel, extra ones retire).
#include "draw_target_util.h"
#include "fake_point_list.h"
#include "gl_test_util.h"
#include "hp_point.h"
#include "particles.h"
#include "particles_shared.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace dicer;
using namespace dicer::particles;

namespace {

constexpr glm::ivec3 kVolume{8, 8, 8};

// A point buffer of `n` entries over the 8^3 volume and a counter buffer saying `count`.
struct FakePointList : test::FakePointList {
    FakePointList(std::uint32_t n, std::uint32_t count) : test::FakePointList(n, count, std::uint32_t(kVolume.x)) {}
    glm::vec3 target(std::uint32_t k) const { return ps::psVoxelCenter(voxel(k), glm::vec3(kVolume)); }
};

// The state as the CPU step takes it: positions and velocities are two arrays of vec4 on the GPU.
std::vector<ps::Particle> readState(const ParticleSystem& system, std::uint32_t n) {
    std::vector<glm::vec4> positions(n), velocities(n);
    glGetNamedBufferSubData(system.positionBuffer(), 0, GLsizeiptr(n * sizeof(glm::vec4)), positions.data());
    glGetNamedBufferSubData(system.velocityBuffer(), 0, GLsizeiptr(n * sizeof(glm::vec4)), velocities.data());
    std::vector<ps::Particle> out(n);
    for (std::uint32_t k = 0; k < n; ++k)
        out[k] = {positions[k], velocities[k]};
    return out;
}

std::vector<std::uint32_t> readControl(const ParticleSystem& system) {
    std::vector<std::uint32_t> out(PS_CTRL_UINTS);
    glGetNamedBufferSubData(system.controlBuffer(), 0, GLsizeiptr(out.size() * 4), out.data());
    return out;
}

class ParticlesGl : public test::FreshObjectTest<ParticleSystem> {
protected:
    std::optional<ParticleSystem>& m_system = m_object;
    ParticleTuning m_tuning;

    // An explosion, then `frames` updates by `dt` of the flying cloud.
    void explodeAndFly(const FakePointList& list, int frames, float dt) {
        m_system->explode();
        for (int i = 0; i < frames; ++i)
            EXPECT_TRUE(m_system->update(list.source(), m_tuning, dt));
    }
    // Updates by 0.05 s (at most `frames`) until the returning cloud has settled.
    void updateUntilAssembled(const FakePointList& list, int frames) {
        for (int i = 0; i < frames && m_system->phase() != ParticlePhase::Assembled; ++i)
            EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.05f));
    }
};

} // namespace

TEST_F(ParticlesGl, FirstFrameSpawnsEveryParticleOnItsVoxel) {
    FakePointList list(100, 100);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    std::vector<ps::Particle> state = readState(*m_system, 100);
    for (std::uint32_t k = 0; k < 100; ++k)
        EXPECT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
    std::vector<std::uint32_t> control = readControl(*m_system);
    EXPECT_EQ(control[PS_CTRL_DRAW], 100u);
    EXPECT_EQ(control[PS_CTRL_DRAW + 1], 1u);
    EXPECT_EQ(control[PS_CTRL_PREV], 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ParticlesGl, GpuStepEqualsCpuStep) {
    FakePointList list(300, 300);
    const float dt = 1.f / 30.f;
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, dt));
    m_system->explode();
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, dt)); // launch
    std::vector<ps::Particle> before = readState(*m_system, 300);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, dt));
    std::vector<ps::Particle> after = readState(*m_system, 300);
    ps::ParticleParams prm =
        packParticleParams(m_tuning, ParticlePhase::Exploding, false, m_system->seed(), dt, kVolume);
    for (std::uint32_t k = 0; k < 300; ++k) {
        ps::Particle cpu = ps::psStep(before[k], list.target(k), prm, k);
        // llvmpipe's exp() differs from glibc's in the last bits; positions stay within a few ulps of 1.
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(after[k].position[c], cpu.position[c], 1e-5f) << k;
            EXPECT_NEAR(after[k].velocity[c], cpu.velocity[c], 1e-4f) << k;
        }
    }
    // The launch really happened: particles moved away from their voxels.
    EXPECT_GT(glm::length(glm::vec3(after[5].position) - list.target(5)), 1e-3f);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ParticlesGl, CountGrowsAndShrinksBetweenFrames) {
    FakePointList list(64, 10);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    explodeAndFly(list, 1, 0.02f); // particles 0..9 fly

    list.setCount(20); // the cloud grew: 10..19 are new and must appear on their voxels, 0..9 keep flying
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    std::vector<ps::Particle> state = readState(*m_system, 20);
    for (std::uint32_t k = 10; k < 20; ++k)
        EXPECT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
    for (std::uint32_t k = 0; k < 10; ++k)
        EXPECT_GT(glm::length(glm::vec3(state[k].position) - list.target(k)), 1e-3f) << k;
    std::vector<std::uint32_t> control = readControl(*m_system);
    EXPECT_EQ(control[PS_CTRL_DRAW], 20u);
    EXPECT_EQ(control[PS_CTRL_PREV], 10u);

    list.setCount(5); // shrank: only 5 are drawn and stepped
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    control = readControl(*m_system);
    EXPECT_EQ(control[PS_CTRL_DRAW], 5u);
    EXPECT_EQ(control[PS_CTRL_PREV], 20u);
    EXPECT_EQ(control[PS_CTRL_DISPATCH + 0] * control[PS_CTRL_DISPATCH + 1], 1u);

    list.setCount(12); // grew again: the retired 5..11 respawn on their voxels
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    state = readState(*m_system, 12);
    for (std::uint32_t k = 5; k < 12; ++k)
        EXPECT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ParticlesGl, CountIsClampedToThePointCapacity) {
    FakePointList list(50, 1000); // the HistoPyramid found more cells than the list could hold
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    EXPECT_EQ(readControl(*m_system)[PS_CTRL_DRAW], 50u);
    list.setCount(0);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    std::vector<std::uint32_t> control = readControl(*m_system);
    EXPECT_EQ(control[PS_CTRL_DRAW], 0u);
    EXPECT_EQ(control[PS_CTRL_DISPATCH + 1], 0u); // an empty cloud dispatches nothing
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ParticlesGl, ReturnSettlesIntoAssembled) {
    FakePointList list(40, 40);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    explodeAndFly(list, 20, 0.05f);
    m_system->reassemble();
    EXPECT_EQ(m_system->phase(), ParticlePhase::Returning);
    updateUntilAssembled(list, 100);
    EXPECT_EQ(m_system->phase(), ParticlePhase::Assembled);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.05f));
    std::vector<ps::Particle> state = readState(*m_system, 40);
    for (std::uint32_t k = 0; k < 40; ++k)
        EXPECT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
    DICER_EXPECT_NO_GL_ERROR();
}

// While assembled the update writes only positions (particles_update.comp.glsl), but a particle that respawns
// then (the cloud grew back over indices that flew before they retired) must be at rest: a return that starts
// without a launch (explode then reassemble before the next update) reads its velocity.
TEST_F(ParticlesGl, RespawnWhileAssembledIsAtRest) {
    FakePointList list(64, 20);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f));
    explodeAndFly(list, 3, 0.03f); // 0..19 fly
    list.setCount(5);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.03f)); // 5..19 retire mid-flight
    m_system->reassemble();
    updateUntilAssembled(list, 200);
    ASSERT_EQ(m_system->phase(), ParticlePhase::Assembled);
    list.setCount(20);
    EXPECT_TRUE(m_system->update(list.source(), m_tuning, 0.02f)); // 5..19 respawn while assembled
    std::vector<ps::Particle> state = readState(*m_system, 20);
    for (std::uint32_t k = 5; k < 20; ++k) {
        EXPECT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
        EXPECT_EQ(state[k].velocity, glm::vec4(0.f)) << k;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Every per-point buffer is 16 bytes a point (positions and velocities are two arrays, not one 32-byte
// particle) bound as ENTRY_BLOCKS storage blocks, so a context whose storage block holds N point entries holds
// 4N particles (and the 4-byte buffers, the sort keys and colours, 4N in their one block): here a fake block of
// 4096 entries, a point list longer than four, and every one of the 16384 particles spawned on its voxel
// through the four blocks of the points, the positions and the velocities.
TEST(ParticlesCapacity, AsManyParticlesAsThePointBufferHolds) {
    constexpr std::uint32_t kBlockPoints = 4096, kParticles = 4 * kBlockPoints;
    gl::GlInfo small = test::context().info();
    small.maxStorageBlockBytes = std::int64_t(kBlockPoints) * HP_POINT_BYTES;
    EXPECT_EQ(ParticleSystem::maxParticles(small), kParticles);
    gl::ShaderLibrary shaders;
    auto system = ParticleSystem::create(shaders, small);
    ASSERT_TRUE(system) << system.error();
    FakePointList list(kParticles + 1000, kParticles + 1000);
    EXPECT_TRUE(system->update(list.source(), ParticleTuning{}, 0.02f));
    EXPECT_EQ(system->capacity(), kParticles);                 // not block / 32 bytes, not one block
    EXPECT_EQ(readControl(*system)[PS_CTRL_DRAW], kParticles); // clamped to what every buffer holds
    std::vector<ps::Particle> state = readState(*system, kParticles);
    for (std::uint32_t k = 0; k < kParticles; ++k) {
        ASSERT_EQ(glm::vec3(state[k].position), list.target(k)) << k;
        ASSERT_EQ(state[k].velocity, glm::vec4(0.f)) << k;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The splats' colour pass is one program per colour mode (particles_splat.comp.glsl): each must show its own
// colour. One particle on voxel (5, 6, 7) of 8^3, identity view, a 64x64 target: its centre pixel is the mode's
// colour times the fake sphere shading there (0.55 + 0.45 sqrt(1 - r^2), computed here as the shader does).
TEST_F(ParticlesGl, SplatColorPassShowsEachColorMode) {
    const glm::uvec4 entry{5, 6, 7, 0}; // atlas texel (0, 0)
    gl::Buffer points = test::bufferStorage(sizeof entry, &entry, 0, "test point");
    const std::uint32_t one = 1;
    gl::Buffer counters = test::bufferStorage(16, nullptr, GL_DYNAMIC_STORAGE_BIT, "test counters");
    glNamedBufferSubData(counters.id(), 0, 4, &one);
    const ParticleSource source{points.id(), counters.id(), 1, kVolume};
    EXPECT_TRUE(m_system->update(source, m_tuning, 0.02f)); // spawns on its voxel
    const glm::u8vec4 model{200, 40, 10, 255}, slot{20, 180, 60, 255};
    gl::Texture atlas = test::texture2D(1, 1, GL_RGBA8, 1, "test atlas");
    glTextureSubImage2D(atlas.id(), 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &model);
    gl::Buffer slotColors = test::bufferStorage(4, &slot, 0, "test slot colours");

    const test::DrawTarget target({64, 64});
    const glm::ivec2 size = target.size;
    const glm::vec3 world = ps::psVoxelCenter(glm::uvec3(entry), glm::vec3(kVolume));
    const glm::vec2 window = (glm::vec2(world) * 0.5f + 0.5f) * glm::vec2(size);
    const glm::ivec2 centre = glm::ivec2(glm::floor(window));
    const float radius = 8.f; // 0.5 * pointScale / w
    const glm::vec2 d = (glm::vec2(centre) + 0.5f - window) / radius;
    const float shade = 0.55f + 0.45f * std::sqrt(std::max(1.f - glm::dot(d, d), 0.f));

    struct Case {
        ParticleColor color;
        GLuint slotColors;
        glm::vec3 base;
    };
    const Case cases[] = {{ParticleColor::FalseColor, 0, (glm::vec3(entry) + 0.5f) / glm::vec3(kVolume)},
                          {ParticleColor::ModelColor, 0, glm::vec3(model) / 255.f},
                          {ParticleColor::ModelColor, slotColors.id(), glm::vec3(slot) / 255.f}};
    for (const Case& c : cases) {
        target.begin();
        ParticleDraw params;
        params.pointScale = 2.f * radius;
        params.color = c.color;
        params.atlas = atlas.id();
        params.slotColors = c.slotColors;
        params.viewport = size;
        EXPECT_TRUE(m_system->draw(source, params));
        target.end();
        const glm::u8vec4 pixel = target.pixel(centre);
        for (int ch = 0; ch < 3; ++ch) // RGBA8 rounding: within one step
            EXPECT_NEAR(float(pixel[ch]), c.base[ch] * shade * 255.f, 1.f)
                << "mode " << int(c.color) << (c.slotColors ? " (slots)" : "") << " channel " << ch;
        EXPECT_EQ(pixel.a, 255);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Splats without moire: a plane of 1024 x 1024 voxels (1024^3's z = 0 slice) seen face-on, each voxel 1.41 and
// 2.2 pixels wide (the sizes where the splats' discs, half a voxel wide, left the pixels between four voxel
// centres empty in a regular pattern): no background pixel inside the plane's projection.
TEST_F(ParticlesGl, SplatsCoverAFaceOnPlaneWithoutGaps) {
    constexpr std::uint32_t kSide = 1024;
    const test::FakePointList plane(kSide * kSide, kSide * kSide, kSide);
    EXPECT_TRUE(m_system->update(plane.source(), m_tuning, 0.02f)); // spawns on the voxels
    for (int size : {1448, 2250}) {
        const test::DrawTarget target({size, size});
        target.begin();
        ParticleDraw params;
        params.pointScale = float(size) / float(kSide); // the voxel's side in pixels at w = 1 (identity view)
        params.viewport = target.size;
        EXPECT_TRUE(m_system->draw(plane.source(), params));
        target.end();
        const std::vector<std::uint32_t> pixels = target.pixels();
        const float voxel = float(size) / float(kSide);
        std::size_t gaps = 0, inside = 0;
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                const glm::vec2 c{float(x) + 0.5f, float(y) + 0.5f}; // inside the outermost voxel centres
                if (c.x < 0.5f * voxel || c.y < 0.5f * voxel || c.x > float(size) - 0.5f * voxel ||
                    c.y > float(size) - 0.5f * voxel)
                    continue;
                ++inside;
                gaps += (pixels[std::size_t(y) * std::size_t(size) + std::size_t(x)] >> 24) == 0 ? 1 : 0;
            }
        EXPECT_EQ(gaps, 0u) << size << " px: of " << inside << " pixels inside the plane, " << gaps
                            << " show the background";
    }
    DICER_EXPECT_NO_GL_ERROR();
}
