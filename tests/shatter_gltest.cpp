// GL tests of HeartBreaker for surfaces (particles::SurfaceShatter): over a handful of triangles in a vertex
// buffer of the marching cubes' layout with a fake header, the compute step equals the CPU step
// (shatter_step.h) step after step, the count from the header grows and shrinks (new triangles spawn at rest,
// extra ones retire, beyond the capacity and partial triangles ignored), a vertex shader that includes
// shatter_apply.glsl places the vertices as the CPU does (exactly at rest), bad sources are one error each.
#include "fake_gl_info.h"
#include "gl_test_util.h"
#include "mc_expander.h"
#include "particles_shared.h"
#include "surface_shatter.h"

#include <glm/gtc/matrix_transform.hpp>

#include <array>
#include <optional>
#include <vector>

using namespace dicer;
using namespace dicer::particles;
using surface::McGpuVertex;

namespace {

// llvmpipe's exp, sin, cos and atan are its own polynomials, not glibc's: they differ in the last bits, so a
// piece stepped on the GPU is compared with the CPU's step of the same input within these (world units, where
// positions are at most a few units; velocities and spins are larger numbers, rad/s up to ~10).
constexpr float kPositionTolerance = 1e-5f;
constexpr float kSpeedTolerance = 1e-4f;

// `triangles` small random triangles inside the physical box [0, 10]^3, mapped into the world's [-1, 1]^3; the
// header holds the vertex count at MC_HEADER_TOTAL and the draw arguments at MC_HEADER_DRAW, as McExpander's.
struct FakeSurface {
    std::vector<McGpuVertex> vertices;
    gl::Buffer vertexBuffer, header;
    glm::mat4 toWorld =
        glm::translate(glm::mat4(1.f), glm::vec3(-1.f)) * glm::scale(glm::mat4(1.f), glm::vec3(0.2f));

    FakeSurface(std::uint32_t triangles, std::uint32_t total) : vertices(3 * triangles) {
        for (std::uint32_t t = 0; t < triangles; ++t) {
            const glm::vec3 centre = glm::vec3(5.f) + ps::psRandom3(t, 1u) * 4.f;
            for (std::uint32_t v = 0; v < 3; ++v)
                vertices[3 * t + v].position = centre + ps::psRandom3(3 * t + v, 2u) * 0.3f;
            const glm::vec3 n = ps::shFaceNormal(vertices[3 * t].position, vertices[3 * t + 1].position,
                                                 vertices[3 * t + 2].position);
            for (std::uint32_t v = 0; v < 3; ++v) {
                vertices[3 * t + v].normal = n;
                vertices[3 * t + v].cell = 0xffffffffu; // bits the update must ignore (a NaN as a float)
            }
        }
        vertexBuffer = test::bufferStorage(GLsizeiptr(vertices.size() * sizeof(McGpuVertex)), vertices.data(),
                                           0, "test shatter vertices");
        header = test::bufferStorage(MC_HEADER_WORDS * 4, nullptr, GL_DYNAMIC_STORAGE_BIT, "test header");
        setTotal(total);
    }
    std::uint32_t capacity() const { return std::uint32_t(vertices.size()); }
    void setTotal(std::uint32_t total) {
        std::uint32_t words[MC_HEADER_WORDS] = {};
        words[MC_HEADER_TOTAL] = total;
        words[MC_HEADER_DRAW] = std::min(total, capacity()) / 3 * 3;
        words[MC_HEADER_DRAW + 1] = 1;
        words[MC_HEADER_CAPACITY] = capacity();
        glNamedBufferSubData(header.id(), 0, sizeof words, words);
    }
    ShatterSource source() const {
        return {vertexBuffer.id(), header.id(), surface::McExpander::totalOffset(),
                capacity(),        toWorld,     glm::vec3(1.f)};
    }
    glm::vec3 world(std::uint32_t k) const {
        return glm::vec3(toWorld * glm::vec4(vertices[k].position, 1.f));
    }
    std::array<glm::vec3, 3> triangle(std::uint32_t t) const {
        return {world(3 * t), world(3 * t + 1), world(3 * t + 2)};
    }
};

std::vector<ps::ShatterPiece> readState(const SurfaceShatter& shatter, std::uint32_t n) {
    std::vector<ps::ShatterPiece> out(n);
    glGetNamedBufferSubData(shatter.stateBuffer(), 0, GLsizeiptr(n * sizeof(ps::ShatterPiece)), out.data());
    return out;
}

std::vector<std::uint32_t> readControl(const SurfaceShatter& shatter) {
    std::vector<std::uint32_t> out(SHATTER_CTRL_UINTS);
    glGetNamedBufferSubData(shatter.controlBuffer(), 0, GLsizeiptr(out.size() * 4), out.data());
    return out;
}

void expectNear(glm::vec4 gpu, glm::vec4 cpu, float tolerance, const char* what, std::uint32_t t, int step) {
    for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(gpu[c], cpu[c], tolerance) << what << " of triangle " << t << " at step " << step;
}

class ShatterGl : public test::FreshObjectTest<SurfaceShatter> {
protected:
    std::optional<SurfaceShatter>& m_shatter = m_object;
    // One update that must succeed.
    void update(const FakeSurface& surface, float dt) {
        Result<void> r = m_shatter->update(surface.source(), m_tuning, dt);
        ASSERT_TRUE(r) << r.error();
    }
    // One update on the GPU, and the CPU's step of the same pieces with the same parameters.
    void stepAndCompare(const FakeSurface& surface, std::uint32_t triangles, float dt, int step) {
        const bool launch = m_shatter->phase() == ParticlePhase::Exploding && m_pendingLaunch;
        const std::vector<ps::ShatterPiece> before = readState(*m_shatter, triangles);
        update(surface, dt);
        const ps::ShatterParams prm = packShatterParams(m_tuning, ShatterTuning{}, m_shatter->phase(), launch,
                                                        m_shatter->seed(), dt, surface.toWorld);
        m_pendingLaunch = false;
        const std::vector<ps::ShatterPiece> after = readState(*m_shatter, triangles);
        for (std::uint32_t t = 0; t < triangles; ++t) {
            const std::array<glm::vec3, 3> v = surface.triangle(t);
            const ps::ShatterPiece cpu = ps::shStep(before[t], v[0], v[1], v[2], prm, t);
            expectNear(after[t].offset, cpu.offset, kPositionTolerance, "offset", t, step);
            expectNear(after[t].orientation, cpu.orientation, kPositionTolerance, "orientation", t, step);
            expectNear(after[t].pivot, cpu.pivot, kPositionTolerance, "pivot", t, step);
            expectNear(after[t].velocity, cpu.velocity, kSpeedTolerance, "velocity", t, step);
            expectNear(after[t].spin, cpu.spin, kSpeedTolerance, "spin", t, step);
        }
    }
    void explode() {
        m_shatter->explode();
        m_pendingLaunch = true;
    }

    ParticleTuning m_tuning;
    bool m_pendingLaunch = false;
};

// The rest pose of triangle t, as the CPU computes it (the pivot within the world transform's rounding).
void expectAtRest(const ps::ShatterPiece& s, const FakeSurface& surface, std::uint32_t t) {
    const std::array<glm::vec3, 3> v = surface.triangle(t);
    const ps::ShatterPiece rest = ps::shRest((v[0] + v[1] + v[2]) / 3.f);
    EXPECT_EQ(s.offset, rest.offset) << t;
    EXPECT_EQ(s.velocity, rest.velocity) << t;
    EXPECT_EQ(s.orientation, rest.orientation) << t;
    EXPECT_EQ(s.spin, rest.spin) << t;
    expectNear(s.pivot, rest.pivot, kPositionTolerance, "pivot", t, 0);
}

} // namespace

TEST_F(ShatterGl, FirstFrameIsTheRestPose) {
    FakeSurface surface(12, 36);
    update(surface, 0.02f);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, 12);
    for (std::uint32_t t = 0; t < 12; ++t)
        expectAtRest(state[t], surface, t);
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], 12u);
    EXPECT_EQ(control[SHATTER_CTRL_PREV], 0u);
    EXPECT_EQ(control[SHATTER_CTRL_DISPATCH + 0] * control[SHATTER_CTRL_DISPATCH + 1], 1u);
    DICER_EXPECT_NO_GL_ERROR();
}

// Explode (launch, flight, bounces on the floor at y = -1), re-assemble, settle: every step of every piece.
TEST_F(ShatterGl, GpuStepEqualsCpuStep) {
    FakeSurface surface(20, 60);
    const float dt = 1.f / 30.f;
    update(surface, dt);
    explode();
    for (int step = 0; step < 45; ++step) // 1.5 s: pieces from y = 0.6 reach the floor at -1 and bounce
        stepAndCompare(surface, 20, dt, step);
    // The explosion really happened: pieces moved and turned, and some touched the floor.
    const std::vector<ps::ShatterPiece> flown = readState(*m_shatter, 20);
    int low = 0;
    for (const ps::ShatterPiece& s : flown) {
        EXPECT_GT(glm::length(glm::vec3(s.offset)), 1e-2f);
        EXPECT_GT(glm::length(glm::vec3(s.orientation)), 1e-3f);
        low += s.pivot.y + s.offset.y < -0.8f;
    }
    EXPECT_GT(low, 0);
    m_shatter->reassemble();
    for (int step = 45; step < 75; ++step)
        stepAndCompare(surface, 20, dt, step);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, CountGrowsAndShrinksBetweenFrames) {
    FakeSurface surface(30, 30); // 10 triangles
    update(surface, 0.02f);
    explode();
    update(surface, 0.02f); // triangles 0..9 fly

    surface.setTotal(60); // the surface grew: 10..19 are new and appear in place, 0..9 keep flying
    update(surface, 0.02f);
    std::vector<ps::ShatterPiece> state = readState(*m_shatter, 20);
    for (std::uint32_t t = 10; t < 20; ++t)
        expectAtRest(state[t], surface, t);
    for (std::uint32_t t = 0; t < 10; ++t)
        EXPECT_GT(glm::length(glm::vec3(state[t].offset)), 1e-3f) << t;
    std::vector<std::uint32_t> control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], 20u);
    EXPECT_EQ(control[SHATTER_CTRL_PREV], 10u);

    surface.setTotal(15); // shrank: 5 triangles stepped, the others retired as they were
    const std::vector<ps::ShatterPiece> retired = readState(*m_shatter, 20);
    update(surface, 0.02f);
    control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], 5u);
    EXPECT_EQ(control[SHATTER_CTRL_PREV], 20u);
    state = readState(*m_shatter, 20);
    for (std::uint32_t t = 5; t < 20; ++t)
        EXPECT_EQ(state[t].offset, retired[t].offset) << t; // not stepped
    EXPECT_NE(state[0].offset, retired[0].offset);

    surface.setTotal(36); // grew again: the retired 5..11 respawn at rest
    update(surface, 0.02f);
    state = readState(*m_shatter, 12);
    for (std::uint32_t t = 5; t < 12; ++t)
        expectAtRest(state[t], surface, t);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, OnlyWholeTrianglesWithinTheCapacityExist) {
    FakeSurface surface(20, 1000); // the pyramid counted more vertices than the buffer holds
    update(surface, 0.02f);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], 20u);
    surface.setTotal(32); // 10 triangles and two vertices of an 11th
    update(surface, 0.02f);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], 10u);
    surface.setTotal(0);
    update(surface, 0.02f);
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], 0u);
    EXPECT_EQ(control[SHATTER_CTRL_DISPATCH + 1], 0u); // an empty surface dispatches nothing
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, GrowingTheStateKeepsThePiecesAndZeroesTheRest) {
    const std::uint32_t n = m_shatter->capacity() + 10; // more triangles than the first state holds
    FakeSurface small(9, 27), large(n, 3 * n);          // triangle t is the same in both
    update(small, 0.02f);
    explode();
    update(small, 0.02f);
    const std::vector<ps::ShatterPiece> flying = readState(*m_shatter, 9);
    const std::uint32_t before = m_shatter->capacity();
    update(large, 0.f); // a step of 0 s: the flying pieces stay as they were
    const std::uint32_t capacity = m_shatter->capacity();
    EXPECT_GE(capacity, n);
    EXPECT_GT(capacity, before);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], n);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, capacity);
    for (std::uint32_t t = 0; t < 9; ++t) {
        expectNear(state[t].offset, flying[t].offset, kPositionTolerance, "offset", t, 0);
        expectNear(state[t].velocity, flying[t].velocity, kSpeedTolerance, "velocity", t, 0);
    }
    for (std::uint32_t t = 9; t < n; ++t)
        expectAtRest(state[t], large, t);
    for (std::uint32_t t = n; t < capacity; ++t) { // zeroed: drawn as the rest pose (shatter_step.h)
        EXPECT_EQ(state[t].orientation, glm::vec4(0.f)) << t;
        EXPECT_EQ(state[t].offset, glm::vec4(0.f)) << t;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The draw's half: a vertex shader that includes shatter_apply.glsl (shatter_probe.vert.glsl) reads the marching
// cubes' vertices as attributes and the pieces after bindForDraw(), drawn with the header's indirect arguments;
// transform feedback captures what it places.
TEST_F(ShatterGl, ProbeVertexShaderPlacesLikeTheCpu) {
    auto probe = m_shaders.add({"shatter probe (test)", {{GL_VERTEX_SHADER, "shatter_probe.vert.glsl"}}, {}});
    ASSERT_TRUE(probe) << probe.error();
    FakeSurface surface(16, 48);
    const std::uint32_t n = 48;
    gl::VertexArray vao = gl::createVertexArray("test shatter probe");
    glVertexArrayVertexBuffer(vao.id(), 0, surface.vertexBuffer.id(), 0, MC_VERTEX_BYTES);
    for (GLuint a : {0u, 1u}) {
        glEnableVertexArrayAttrib(vao.id(), a);
        glVertexArrayAttribFormat(vao.id(), a, 3, GL_FLOAT, GL_FALSE, a * 16);
        glVertexArrayAttribBinding(vao.id(), a, 0);
    }
    struct Captured {
        glm::vec3 world, placed, normal;
    };
    gl::Buffer captured = test::bufferStorage(GLsizeiptr(n * sizeof(Captured)), nullptr, 0, "test capture");
    // The headless context has no default framebuffer, and a draw needs a complete one even when the rasterizer
    // discards everything: one without attachments, 1 x 1.
    gl::Framebuffer framebuffer = gl::createFramebuffer("test shatter probe");
    glNamedFramebufferParameteri(framebuffer.id(), GL_FRAMEBUFFER_DEFAULT_WIDTH, 1);
    glNamedFramebufferParameteri(framebuffer.id(), GL_FRAMEBUFFER_DEFAULT_HEIGHT, 1);
    const auto draw = [&] {
        const GLuint program = m_shaders.get(*probe);
        glProgramUniformMatrix4fv(program, SHATTER_LOC_PROBE, 1, GL_FALSE, &surface.toWorld[0][0]);
        glUseProgram(program);
        m_shatter->bindForDraw();
        glBindVertexArray(vao.id());
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
        glEnable(GL_RASTERIZER_DISCARD);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, captured.id());
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, surface.header.id());
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawArraysIndirect(GL_TRIANGLES,
                             reinterpret_cast<const void*>(surface::McExpander::drawIndirectOffset()));
        glEndTransformFeedback();
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
        glDisable(GL_RASTERIZER_DISCARD);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glBindVertexArray(0);
        std::vector<Captured> out(n);
        glGetNamedBufferSubData(captured.id(), 0, GLsizeiptr(n * sizeof(Captured)), out.data());
        return out;
    };

    update(surface, 0.02f); // assembled: every vertex exactly where the surface has it
    std::vector<Captured> out = draw();
    for (std::uint32_t k = 0; k < n; ++k) {
        EXPECT_EQ(out[k].placed, out[k].world) << k;
        EXPECT_NEAR(glm::distance(out[k].world, surface.world(k)), 0.f, kPositionTolerance) << k;
        EXPECT_NEAR(glm::distance(out[k].normal, surface.vertices[k].normal), 0.f, kPositionTolerance) << k;
    }

    explode();
    for (int i = 0; i < 10; ++i)
        update(surface, 1.f / 30.f);
    out = draw();
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, n / 3);
    for (std::uint32_t k = 0; k < n; ++k) {
        const glm::vec3 placed = ps::shPlacePosition(state[k / 3], out[k].world);
        const glm::vec3 normal = ps::shPlaceNormal(state[k / 3], surface.vertices[k].normal);
        EXPECT_NEAR(glm::distance(out[k].placed, placed), 0.f, kPositionTolerance) << k;
        EXPECT_NEAR(glm::distance(out[k].normal, normal), 0.f, kPositionTolerance) << k;
        EXPECT_GT(glm::distance(out[k].placed, out[k].world), 1e-3f) << k; // it did move
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, ReturnSettlesIntoTheExactSurface) {
    FakeSurface surface(20, 60);
    update(surface, 0.02f);
    explode();
    for (int i = 0; i < 20; ++i)
        update(surface, 0.05f);
    m_shatter->reassemble();
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Returning);
    for (int i = 0; i < 100 && m_shatter->phase() != ParticlePhase::Assembled; ++i)
        update(surface, 0.05f);
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Assembled);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, 20);
    for (std::uint32_t t = 0; t < 20; ++t)
        expectAtRest(state[t], surface, t);
    m_shatter->toggle(); // Space: assembled -> exploding -> returning
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Exploding);
    m_shatter->toggle();
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Returning);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, BadSourcesAreOneErrorAndTheStateStays) {
    FakeSurface surface(10, 30);
    update(surface, 0.02f);
    explode();
    update(surface, 0.02f);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, 10);
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    ShatterSource bad = surface.source();
    bad.totalOffset = 13;
    Result<void> r = m_shatter->update(bad, m_tuning, 0.02f);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("offset 13"), std::string::npos) << r.error();
    bad.totalOffset = MC_HEADER_WORDS * 4; // just past the header
    EXPECT_FALSE(m_shatter->update(bad, m_tuning, 0.02f));
    bad = surface.source();
    bad.capacity = 31; // more vertices than the buffer holds
    r = m_shatter->update(bad, m_tuning, 0.02f);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("capacity of 31"), std::string::npos) << r.error();
    const std::vector<ps::ShatterPiece> after = readState(*m_shatter, 10);
    for (std::uint32_t t = 0; t < 10; ++t)
        EXPECT_EQ(after[t].offset, state[t].offset) << t;
    EXPECT_EQ(readControl(*m_shatter), control);
    EXPECT_TRUE(m_shatter->update(ShatterSource{}, m_tuning, 0.02f)); // no surface: nothing to do
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(ShatterAvailability, NeedsAVertexStageStorageBlock) {
    gl::GlInfo info = test::roomyGlInfo();
    EXPECT_TRUE(SurfaceShatter::isAvailable(info));
    info.maxVertexStorageBlocks = 0;
    EXPECT_FALSE(SurfaceShatter::isAvailable(info));
    gl::ShaderLibrary shaders;
    auto created = SurfaceShatter::create(shaders, info);
    ASSERT_FALSE(created);
    EXPECT_NE(created.error().find("GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS = 0"), std::string::npos);
    EXPECT_EQ(shaders.size(), 0u); // refused before anything was compiled
}
