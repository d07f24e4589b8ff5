// GL tests of HeartBreaker for surfaces (particles::SurfaceShatter) over marching cubes' reference surfaces
// (a ball, a noise field, the bundled scans) uploaded in the GPU's vertex layout with a fake header: the pieces
// found on the GPU equal the CPU reference exactly (shatter_pieces.h), every piece's step equals the CPU step
// (shatter_step.h) frame after frame, pieces stay rigid, a changed surface is broken again (new pieces spawn
// at rest, extra triangles retire), assembled runs nothing and draws the exact surface, a vertex shader that
// includes shatter_apply.glsl places the vertices as the CPU does, bad sources are one error each.
#include "allocation.h"
#include "fake_gl_info.h"
#include "gl_test_util.h"
#include "mc_expander.h"
#include "particles_shared.h"
#include "shatter_pieces_util.h"
#include "storage_blocks.h"
#include "surface_shatter.h"
#include "test_volumes.h"

#include <glm/gtc/matrix_transform.hpp>

#include <array>
#include <bit>
#include <cstring>
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
constexpr std::uint32_t kNoLowest = 0xffffffffu;

// A reference surface in the GPU's layout, its physical box mapped into the world's [-1, 1]^3; the header holds
// the vertex count at MC_HEADER_TOTAL and the draw arguments at MC_HEADER_DRAW, as McExpander's.
struct FakeSurface {
    std::vector<std::uint32_t> words; // 4 a vertex (shatter_pieces_util.h): what the GPU reads
    std::vector<McGpuVertex>
        vertices; // the same decoded (mc_vertex.h), as McMethod::readVertices decodes them
    glm::uvec3 cells{0};
    gl::Buffer vertexBuffer, header;
    glm::mat4 toWorld{1.f};
    std::uint64_t version = 1;

    FakeSurface(const volume::ScalarVolume& volume, volume::Band band) {
        const surface::McSurface surface = surface::marchingCubesReference(volume, band);
        words = test::vertexWords(surface);
        cells = glm::uvec3(surface.cells);
        for (std::size_t k = 0; k < words.size(); k += 4) { // spacing 1: physical units are index units
            const glm::uvec4 w(words[k], words[k + 1], words[k + 2], words[k + 3]);
            vertices.push_back(surface::decodeVertex(w, glm::ivec3(cells), glm::vec3(1.f)));
        }
        const glm::vec3 box = glm::vec3(volume.size - 1) * volume.spacing;
        const float scale = 2.f / std::max({box.x, box.y, box.z});
        toWorld = glm::scale(glm::mat4(1.f), glm::vec3(scale)) * glm::translate(glm::mat4(1.f), -box * 0.5f);
        vertexBuffer =
            test::bufferStorage(GLsizeiptr(words.size() * 4), words.data(), 0, "test shatter vertices");
        header = test::bufferStorage(MC_HEADER_WORDS * 4, nullptr, GL_DYNAMIC_STORAGE_BIT, "test header");
        setTotal(capacity());
    }
    std::uint32_t capacity() const { return std::uint32_t(vertices.size()); }
    std::uint32_t triangles() const { return capacity() / 3; }
    // Another count: another list (the pieces are found again).
    void setTotal(std::uint32_t total) {
        std::uint32_t w[MC_HEADER_WORDS] = {};
        w[MC_HEADER_TOTAL] = total;
        w[MC_HEADER_DRAW] = std::min(total, capacity()) / 3 * 3;
        w[MC_HEADER_DRAW + 1] = 1;
        w[MC_HEADER_CAPACITY] = capacity();
        glNamedBufferSubData(header.id(), 0, sizeof w, w);
        ++version;
    }
    ShatterSource source() const {
        ShatterSource s{vertexBuffer.id(), header.id(), surface::McExpander::totalOffset(), capacity(), toWorld,
                        glm::vec3(1.f)};
        s.cells = cells;
        s.spacing = glm::vec3(1.f);
        s.version = version;
        return s;
    }
    glm::vec3 world(std::uint32_t k) const { return glm::vec3(toWorld * glm::vec4(vertices[k].position, 1.f)); }
    std::array<glm::vec3, 3> triangle(std::uint32_t t) const {
        return {world(3 * t), world(3 * t + 1), world(3 * t + 2)};
    }
    // The CPU reference's pieces of the first `n` triangles.
    std::vector<std::uint32_t> pieces(std::uint32_t n) const {
        Result<std::vector<std::uint32_t>> r =
            shatterPiecesReference(std::span<const std::uint32_t>(words.data(), std::size_t(n) * 12), cells);
        EXPECT_TRUE(r) << r.error();
        return r ? r.value() : std::vector<std::uint32_t>{};
    }
    // A piece's cells in its brick (link.z): the or of its triangles' cells' bits.
    std::vector<std::uint32_t> masks(const std::vector<std::uint32_t>& pieces, const ps::ShatterParams& prm) const {
        std::vector<std::uint32_t> out(pieces.size(), 0u);
        for (std::uint32_t t = 0; t < pieces.size(); ++t)
            out[pieces[t]] |= ps::shCellMask(ps::shCellCoords(vertices[3 * t].cell, prm) % glm::uvec3(SHATTER_BRICK));
        return out;
    }
};

volume::ScalarVolume ball() {
    return test::sphereVolume(20, 7.f); // ~1 400 triangles in 3^3 bricks
}
constexpr volume::Band kBall{-1e9, 0.0};

std::vector<ps::ShatterPiece> readState(const SurfaceShatter& shatter, std::uint32_t n) {
    EXPECT_LE(n, shatter.capacity());
    return shatter.readState(n);
}

std::vector<std::uint32_t> readControl(const SurfaceShatter& shatter) {
    std::vector<std::uint32_t> out(SHATTER_CTRL_UINTS);
    glGetNamedBufferSubData(shatter.controlBuffer(), 0, GLsizeiptr(out.size() * 4), out.data());
    return out;
}

void expectNear(glm::vec4 gpu, glm::vec4 cpu, float tolerance, const char* what, std::uint32_t t, int step) {
    for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(gpu[c], cpu[c], tolerance) << what << " of piece " << t << " at step " << step;
}

bool atRest(const ps::ShatterPiece& s) {
    return s.offset == glm::vec4(0.f) && s.velocity == glm::vec4(0.f) && s.spin == glm::vec4(0.f) &&
           s.orientation == glm::vec4(0.f, 0.f, 0.f, 1.f);
}

// The CPU's frame of every piece, as the passes run it: each piece steps (its first triangle's invocation), then,
// exploding, the floor against its lowest vertex as drawn.
void cpuFrame(std::vector<ps::ShatterPiece>& state, const FakeSurface& surface,
              const std::vector<std::uint32_t>& pieces, const ps::ShatterParams& prm) {
    const std::vector<std::uint32_t> masks = surface.masks(pieces, prm);
    for (std::uint32_t t = 0; t < pieces.size(); ++t) { // the labelling: a piece that was none spawns at rest
        if (pieces[t] == t && state[t].link.w == 0u) state[t] = ps::shRest(glm::vec3(0.f));
        state[t].link = {pieces[t], kNoLowest, pieces[t] == t ? masks[t] : 0u, pieces[t] == t ? 1u : 0u};
    }
    for (std::uint32_t t = 0; t < pieces.size(); ++t) {
        if (pieces[t] != t) continue;
        const std::array<glm::vec3, 3> v = surface.triangle(t);
        const glm::vec3 pivot = ps::shPiecePivot(masks[t], surface.vertices[3 * t].cell, prm);
        state[t] = ps::shStep(state[t], pivot, ps::shFaceNormal(v[0], v[1], v[2]), prm, t);
        state[t].link.y = kNoLowest;
    }
    if (prm.control.x != PS_PHASE_EXPLODING) return;
    std::vector<float> lowest(pieces.size(), 1e30f);
    for (std::uint32_t t = 0; t < pieces.size(); ++t) {
        const std::array<glm::vec3, 3> v = surface.triangle(t);
        lowest[pieces[t]] = std::min(lowest[pieces[t]], ps::shLowest(state[pieces[t]], v[0], v[1], v[2]));
    }
    for (std::uint32_t t = 0; t < pieces.size(); ++t)
        if (pieces[t] == t) state[t] = ps::shFloor(state[t], lowest[t], prm);
}

class ShatterGl : public test::FreshObjectTest<SurfaceShatter> {
protected:
    std::optional<SurfaceShatter>& m_shatter = m_object;
    // One update that must succeed.
    void update(const FakeSurface& surface, float dt) {
        Result<void> r = m_shatter->update(surface.source(), m_tuning, dt);
        ASSERT_TRUE(r) << r.error();
    }
    // One update on the GPU, and the CPU's frame of the same pieces with the same parameters: every piece's
    // motion, and every triangle's piece, equal.
    void stepAndCompare(const FakeSurface& surface, const std::vector<std::uint32_t>& pieces, float dt, int step) {
        const bool launch = m_shatter->phase() == ParticlePhase::Exploding && m_pendingLaunch;
        const auto n = std::uint32_t(pieces.size());
        std::vector<ps::ShatterPiece> cpu = readState(*m_shatter, n);
        update(surface, dt);
        const ps::ShatterParams prm = packShatterParams(m_tuning, ShatterTuning{}, m_shatter->phase(), launch,
                                                        m_shatter->seed(), dt, surface.source());
        m_pendingLaunch = false;
        cpuFrame(cpu, surface, pieces, prm);
        const std::vector<ps::ShatterPiece> gpu = readState(*m_shatter, n);
        for (std::uint32_t t = 0; t < n; ++t) {
            ASSERT_EQ(gpu[t].link.x, pieces[t]) << "triangle " << t << " at step " << step;
            if (pieces[t] != t) continue;
            expectNear(gpu[t].offset, cpu[t].offset, kPositionTolerance, "offset", t, step);
            expectNear(gpu[t].orientation, cpu[t].orientation, kPositionTolerance, "orientation", t, step);
            expectNear(gpu[t].pivot, cpu[t].pivot, kPositionTolerance, "pivot", t, step);
            expectNear(gpu[t].velocity, cpu[t].velocity, kSpeedTolerance, "velocity", t, step);
            expectNear(gpu[t].spin, cpu[t].spin, kSpeedTolerance, "spin", t, step);
        }
    }
    void explode() {
        m_shatter->explode();
        m_pendingLaunch = true;
    }
    // The pieces the GPU found for the live triangles equal the CPU reference: names, cells, the first-entry flag.
    void expectPieces(const FakeSurface& surface, std::uint32_t n) {
        const std::vector<std::uint32_t> expected = surface.pieces(n);
        const ps::ShatterParams prm = packShatterParams(m_tuning, {}, ParticlePhase::Exploding, false, 0u, 0.f,
                                                        surface.source());
        const std::vector<std::uint32_t> masks = surface.masks(expected, prm);
        const std::vector<ps::ShatterPiece> state = readState(*m_shatter, n);
        int wrong = 0;
        for (std::uint32_t t = 0; t < n && wrong < 10; ++t) {
            const bool first = expected[t] == t;
            wrong += state[t].link.x != expected[t] || state[t].link.w != (first ? 1u : 0u) ||
                     (first && state[t].link.z != masks[t]);
            EXPECT_EQ(state[t].link.x, expected[t]) << "triangle " << t;
            EXPECT_EQ(state[t].link.w, first ? 1u : 0u) << "triangle " << t;
            if (first) {
                EXPECT_EQ(state[t].link.z, masks[t]) << "piece " << t;
            }
        }
    }

    ParticleTuning m_tuning;
    bool m_pendingLaunch = false;
};

} // namespace

// Assembled, nothing runs: the state stays zeroed (drawn as the surface itself) and no count is taken.
TEST_F(ShatterGl, AssembledRunsNothing) {
    FakeSurface surface(ball(), kBall);
    update(surface, 0.02f);
    for (const ps::ShatterPiece& s : readState(*m_shatter, surface.triangles())) {
        ASSERT_EQ(s.offset, glm::vec4(0.f));
        ASSERT_EQ(s.link, glm::uvec4(0u));
    }
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

// The pieces found on the GPU (the brick sort and the labelling) equal the CPU reference, triangle by
// triangle, for a ball, noise (many small sets, some touching across brick faces) and both scans' heads.
TEST_F(ShatterGl, PiecesEqualTheCpuReference) {
    std::vector<std::pair<std::string, FakeSurface>> surfaces;
    surfaces.emplace_back("ball", FakeSurface(ball(), kBall));
    surfaces.emplace_back("noise", FakeSurface(test::randomByteVolume({37, 29, 21}, 5u, 4), {2.0, 3.0}));
    for (const std::optional<volume::ScalarVolume>& scan : {test::loadHeadsq(), test::loadHeadMr()})
        if (scan) surfaces.emplace_back(scan->name,
                                        FakeSurface(*scan, volume::defaultBand(*scan, *volume::valueRange(*scan))));
    for (const auto& [name, surface] : surfaces) {
        SCOPED_TRACE(name);
        m_object.reset();
        SetUp();
        explode();
        update(surface, 0.f);
        EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], surface.triangles());
        expectPieces(surface, surface.triangles());
    }
    if (surfaces.size() < 4) GTEST_SKIP() << test::kScanMissing;
    DICER_EXPECT_NO_GL_ERROR();
}

// A surface longer than one storage block (the marching cubes' list is bound as four, mc_place.glsl): the source's
// vertices are read across blocks too, and the pieces' motion is kept across blocks of its own
// (shatter_state.glsl), here of a fake block size that splits the motion (80 bytes a triangle) into 3 or 4 and the
// ball's list (48 bytes a triangle) into 2 or 3; the pieces and the first steps equal the CPU's as with one block.
TEST_F(ShatterGl, VerticesAcrossStorageBlocks) {
    FakeSurface surface(ball(), kBall);
    const std::uint32_t vec4s = surface.capacity(); // a vertex is one 16-byte entry
    const std::uint32_t motion = surface.triangles() * SHATTER_MOTION_VEC4S;
    gl::GlInfo info = test::context().info();
    info.maxEntryBlockBytes =
        std::int64_t(std::bit_ceil((motion + 3) / 4)) * gl::kEntryBytes; // 3 or 4 blocks
    ASSERT_GT(vec4s, gl::entriesPerBlock(info));                         // the vertices: 2 or 3 blocks
    ASSERT_GT(motion, 2 * gl::entriesPerBlock(info));
    ASSERT_GE(SurfaceShatter::maxTriangles(info), surface.triangles());
    Result<SurfaceShatter> created = SurfaceShatter::create(m_shaders, info);
    ASSERT_TRUE(created) << created.error();
    m_object.emplace(std::move(created.value()));
    const std::vector<std::uint32_t> pieces = surface.pieces(surface.triangles());
    update(surface, 1.f / 30.f); // assembled: the state is sized for the surface
    ASSERT_GT(m_shatter->capacity() * SHATTER_MOTION_VEC4S, 2 * gl::entriesPerBlock(info));
    explode();
    for (int step = 0; step < 5; ++step)
        stepAndCompare(surface, pieces, 1.f / 30.f, step);
    expectPieces(surface, surface.triangles());
    DICER_EXPECT_NO_GL_ERROR();
}

// Explode (launch, flight, bounces on the floor), re-assemble: every step of every piece, CPU and GPU.
TEST_F(ShatterGl, GpuStepEqualsCpuStep) {
    FakeSurface surface(ball(), kBall);
    const std::vector<std::uint32_t> pieces = surface.pieces(surface.triangles());
    const float dt = 1.f / 30.f;
    update(surface, dt); // assembled: the state is sized for the surface
    explode();
    for (int step = 0; step < 45; ++step) // 1.5 s: pieces reach the floor and bounce
        stepAndCompare(surface, pieces, dt, step);
    // The explosion really happened: pieces moved and turned, and some touched the floor.
    const std::vector<ps::ShatterPiece> flown = readState(*m_shatter, surface.triangles());
    int low = 0, count = 0;
    for (std::uint32_t t = 0; t < flown.size(); ++t) {
        if (pieces[t] != t) continue;
        ++count;
        EXPECT_GT(glm::length(glm::vec3(flown[t].offset)), 1e-2f);
        EXPECT_GT(glm::length(glm::vec3(flown[t].orientation)), 1e-3f);
        low += flown[t].pivot.y + flown[t].offset.y < -0.8f;
    }
    EXPECT_GT(count, 8);
    EXPECT_GT(low, 0);
    m_shatter->reassemble();
    for (int step = 45; step < 75; ++step)
        stepAndCompare(surface, pieces, dt, step);
    DICER_EXPECT_NO_GL_ERROR();
}

// A piece is rigid: in flight, every two vertices of one piece keep their distance as drawn, and no piece's
// lowest vertex ends below the floor.
TEST_F(ShatterGl, PiecesMoveRigidlyAndStayAboveTheFloor) {
    FakeSurface surface(ball(), kBall);
    const std::vector<std::uint32_t> pieces = surface.pieces(surface.triangles());
    explode();
    const float floorY = floorHeight(m_tuning, glm::vec3(1.f));
    for (int frame = 0; frame < 60; ++frame) {
        update(surface, 1.f / 30.f);
        if (frame % 20 != 19) continue;
        const std::vector<ps::ShatterPiece> state = readState(*m_shatter, surface.triangles());
        std::vector<glm::vec3> anchor(pieces.size()), anchorRest(pieces.size());
        for (std::uint32_t k = 0; k < surface.capacity(); ++k) {
            const std::uint32_t p = pieces[k / 3];
            const glm::vec3 rest = surface.world(k), drawn = ps::shPlacePosition(state[p], rest);
            ASSERT_GE(drawn.y, floorY - 1e-4f) << "vertex " << k << " frame " << frame;
            if (k == 3 * p) {
                anchor[p] = drawn;
                anchorRest[p] = rest;
            }
            ASSERT_NEAR(glm::distance(drawn, anchor[p]), glm::distance(rest, anchorRest[p]), 1e-4f)
                << "vertex " << k << " of piece " << p << " frame " << frame;
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The surface changes in flight (another version): its pieces are found again; pieces that were not pieces
// before spawn at rest, those that were keep flying; triangles past the count retire unstepped.
TEST_F(ShatterGl, ChangedSurfaceBreaksAgain) {
    FakeSurface surface(ball(), kBall);
    const std::uint32_t all = surface.triangles(), half = all / 2;
    surface.setTotal(3 * half);
    explode();
    update(surface, 0.02f);
    update(surface, 0.02f);
    expectPieces(surface, half);
    const std::vector<ps::ShatterPiece> before = readState(*m_shatter, all);

    surface.setTotal(3 * all); // grew
    update(surface, 0.f);      // a step of 0 s: the flying pieces stay where they are
    expectPieces(surface, all);
    std::vector<std::uint32_t> control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], all);
    EXPECT_EQ(control[SHATTER_CTRL_PREV], half);
    const std::vector<std::uint32_t> pieces = surface.pieces(all), halfPieces = surface.pieces(half);
    std::vector<ps::ShatterPiece> state = readState(*m_shatter, all);
    int kept = 0, spawned = 0;
    for (std::uint32_t t = 0; t < all; ++t) {
        if (pieces[t] != t) continue;
        if (t < half && halfPieces[t] == t) {
            expectNear(state[t].offset, before[t].offset, kPositionTolerance, "offset", t, 0);
            kept += glm::length(glm::vec3(state[t].offset)) > 1e-4f;
        } else {
            EXPECT_TRUE(atRest(state[t])) << "piece " << t;
            ++spawned;
        }
    }
    EXPECT_GT(kept, 0);
    EXPECT_GT(spawned, 0);

    surface.setTotal(3 * half + 2); // shrank (and a partial triangle): the rest retire as they were
    const std::vector<ps::ShatterPiece> retired = readState(*m_shatter, all);
    update(surface, 0.02f);
    control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], half);
    state = readState(*m_shatter, all);
    for (std::uint32_t t = half; t < all; ++t)
        EXPECT_EQ(state[t].offset, retired[t].offset) << t; // not stepped
    expectPieces(surface, half);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, OnlyWholeTrianglesWithinTheCapacityExist) {
    FakeSurface surface(ball(), kBall);
    surface.setTotal(surface.capacity() + 1000); // the pyramid counted more vertices than the buffer holds
    explode();
    update(surface, 0.02f);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], surface.triangles());
    surface.setTotal(32); // 10 triangles and two vertices of an 11th
    update(surface, 0.02f);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], 10u);
    surface.setTotal(0);
    update(surface, 0.02f);
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    EXPECT_EQ(control[SHATTER_CTRL_LIVE], 0u);
    EXPECT_EQ(control[SHATTER_CTRL_DISPATCH + 1], 0u); // an empty surface dispatches nothing
    EXPECT_EQ(control[SHATTER_CTRL_ACTIVE], 0u);       // and has no bricks
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, GrowingTheStateKeepsThePiecesAndZeroesTheRest) {
    FakeSurface surface(test::sphereVolume(40, 15.f), kBall); // more triangles than the first state holds
    const std::uint32_t n = surface.triangles(), small = 900;
    ASSERT_GT(n, m_shatter->capacity());
    ASSERT_LT(small, m_shatter->capacity());
    surface.setTotal(3 * small);
    ShatterSource source = surface.source();
    source.capacity = 3 * small; // a vertex buffer that holds the small surface: the state is not grown yet
    explode();
    ASSERT_TRUE(m_shatter->update(source, m_tuning, 0.02f));
    EXPECT_LT(m_shatter->capacity(), n);
    const std::vector<ps::ShatterPiece> flying = readState(*m_shatter, small);
    const std::uint32_t before = m_shatter->capacity();
    surface.setTotal(3 * n);
    update(surface, 0.f); // a step of 0 s: the flying pieces stay as they were
    const std::uint32_t capacity = m_shatter->capacity();
    EXPECT_GE(capacity, n);
    EXPECT_GT(capacity, before);
    EXPECT_EQ(readControl(*m_shatter)[SHATTER_CTRL_LIVE], n);
    expectPieces(surface, n);
    const std::vector<std::uint32_t> pieces = surface.pieces(n), smallPieces = surface.pieces(small);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, capacity);
    for (std::uint32_t t = 0; t < n; ++t) {
        if (pieces[t] != t) continue;
        if (t < small && smallPieces[t] == t) {
            expectNear(state[t].offset, flying[t].offset, kPositionTolerance, "offset", t, 0);
            expectNear(state[t].velocity, flying[t].velocity, kSpeedTolerance, "velocity", t, 0);
        } else {
            EXPECT_TRUE(atRest(state[t])) << t;
        }
    }
    for (std::uint32_t t = n; t < capacity; ++t) { // zeroed, links and motion: drawn as the rest pose
        ASSERT_EQ(state[t].link, glm::uvec4(0u)) << t;
        for (const glm::vec4& v :
             {state[t].offset, state[t].velocity, state[t].orientation, state[t].spin, state[t].pivot})
            ASSERT_EQ(v, glm::vec4(0.f)) << t;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The draw's half: a vertex shader that includes shatter_apply.glsl (shatter_probe.vert.glsl) reads the marching
// cubes' vertices as attributes and the pieces after bindForDraw(), drawn with the header's indirect arguments;
// transform feedback captures what it places.
TEST_F(ShatterGl, ProbeVertexShaderPlacesLikeTheCpu) {
    auto probe = m_shaders.add({"shatter probe (test)", {{GL_VERTEX_SHADER, "shatter_probe.vert.glsl"}}, {}});
    ASSERT_TRUE(probe) << probe.error();
    FakeSurface surface(ball(), kBall);
    const std::uint32_t n = surface.capacity();
    gl::VertexArray vao = gl::createVertexArray("test shatter probe");
    glVertexArrayVertexBuffer(vao.id(), 0, surface.vertexBuffer.id(), 0, MC_VERTEX_BYTES);
    glEnableVertexArrayAttrib(vao.id(), 0);
    glVertexArrayAttribIFormat(vao.id(), 0, 4, GL_UNSIGNED_INT,
                               0); // the surface view's attribute (mc_vertex.h)
    glVertexArrayAttribBinding(vao.id(), 0, 0);
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
        glProgramUniform3i(program, SHATTER_LOC_PROBE + 1, int(surface.cells.x), int(surface.cells.y),
                           int(surface.cells.z));
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

    // As created (one block here), then with the motion over 3 or 4 blocks of an injected small block size.
    for (const bool smallBlocks : {false, true}) {
        SCOPED_TRACE(smallBlocks ? "the motion over 3 or 4 blocks" : "one block");
        if (smallBlocks) {
            gl::GlInfo info = test::context().info();
            info.maxEntryBlockBytes =
                std::int64_t(std::bit_ceil((n / 3 * SHATTER_MOTION_VEC4S + 3) / 4)) * gl::kEntryBytes;
            Result<SurfaceShatter> created = SurfaceShatter::create(m_shaders, info);
            ASSERT_TRUE(created) << created.error();
            m_object.emplace(std::move(created.value()));
            update(surface, 0.02f);
            ASSERT_GT(m_shatter->capacity() * SHATTER_MOTION_VEC4S, 2 * gl::entriesPerBlock(info));
        }
        update(surface, 0.02f); // assembled: every vertex exactly where the surface has it
        std::vector<Captured> out = draw();
        for (std::uint32_t k = 0; k < n; ++k) {
            EXPECT_EQ(out[k].placed, out[k].world) << k;
            EXPECT_NEAR(glm::distance(out[k].world, surface.world(k)), 0.f, kPositionTolerance) << k;
            EXPECT_NEAR(glm::distance(out[k].normal, glm::normalize(surface.vertices[k].normal)), 0.f,
                        kPositionTolerance)
                << k;
        }

        explode();
        for (int i = 0; i < 10; ++i)
            update(surface, 1.f / 30.f);
        out = draw();
        const std::vector<ps::ShatterPiece> state = readState(*m_shatter, n / 3);
        for (std::uint32_t k = 0; k < n; ++k) {
            const ps::ShatterPiece& piece = state[state[k / 3].link.x];
            const glm::vec3 placed = ps::shPlacePosition(piece, out[k].world);
            const glm::vec3 normal = ps::shPlaceNormal(piece, glm::normalize(surface.vertices[k].normal));
            EXPECT_NEAR(glm::distance(out[k].placed, placed), 0.f, kPositionTolerance) << k;
            EXPECT_NEAR(glm::distance(out[k].normal, normal), 0.f, kPositionTolerance) << k;
            EXPECT_GT(glm::distance(out[k].placed, out[k].world), 1e-3f) << k; // it did move
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Growth the driver refuses (the motion's buffer; the links' is granted): update() is that one error naming it,
// the state keeps its capacity and every entry; granted later, it grows.
TEST_F(ShatterGl, RefusedGrowthKeepsTheState) {
    FakeSurface surface(test::sphereVolume(40, 15.f), kBall);
    const std::uint32_t n = surface.triangles(), small = 900;
    ASSERT_LT(small, m_shatter->capacity());
    ASSERT_GT(n, m_shatter->capacity());
    surface.setTotal(3 * small);
    ShatterSource source = surface.source();
    source.capacity = 3 * small;
    explode();
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(m_shatter->update(source, m_tuning, 1.f / 30.f));
    const std::uint32_t capacity = m_shatter->capacity();
    const std::vector<ps::ShatterPiece> before = readState(*m_shatter, capacity);
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    surface.setTotal(3 * n);
    {
        // The grown state: 16 bytes a triangle of links (granted), 80 of motion (refused).
        gl::InjectedOutOfMemory guard(std::int64_t(n) * 40);
        Result<void> r = m_shatter->update(surface.source(), m_tuning, 1.f / 30.f);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find("shatter motion"), std::string::npos) << r.error();
        EXPECT_NE(r.error().find("GL_OUT_OF_MEMORY"), std::string::npos) << r.error();
        EXPECT_EQ(guard.refused(), 1);
    }
    EXPECT_EQ(m_shatter->capacity(), capacity);
    const std::vector<ps::ShatterPiece> after = readState(*m_shatter, capacity);
    for (std::uint32_t t = 0; t < capacity; ++t) {
        ASSERT_EQ(after[t].link, before[t].link) << t;
        ASSERT_EQ(after[t].offset, before[t].offset) << t;
        ASSERT_EQ(after[t].orientation, before[t].orientation) << t;
    }
    EXPECT_EQ(readControl(*m_shatter), control);
    DICER_EXPECT_NO_GL_ERROR();
    ASSERT_TRUE(m_shatter->update(surface.source(), m_tuning, 1.f / 30.f)); // granted
    EXPECT_GE(m_shatter->capacity(), n);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, ReturnSettlesIntoTheExactSurface) {
    FakeSurface surface(ball(), kBall);
    explode();
    for (int i = 0; i < 20; ++i)
        update(surface, 0.05f);
    m_shatter->reassemble();
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Returning);
    for (int i = 0; i < 100 && m_shatter->phase() != ParticlePhase::Assembled; ++i)
        update(surface, 0.05f);
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Assembled);
    for (const ps::ShatterPiece& s : readState(*m_shatter, surface.triangles())) // zeroed: the rest pose
        ASSERT_EQ(s.link, glm::uvec4(0u));
    m_shatter->toggle(); // Space: assembled -> exploding -> returning
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Exploding);
    update(surface, 0.02f); // the pieces are found again after the zeroing
    expectPieces(surface, surface.triangles());
    m_shatter->toggle();
    EXPECT_EQ(m_shatter->phase(), ParticlePhase::Returning);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_F(ShatterGl, BadSourcesAreOneErrorAndTheStateStays) {
    FakeSurface surface(ball(), kBall);
    explode();
    update(surface, 0.02f);
    const std::vector<ps::ShatterPiece> state = readState(*m_shatter, surface.triangles());
    const std::vector<std::uint32_t> control = readControl(*m_shatter);
    ShatterSource bad = surface.source();
    bad.totalOffset = 13;
    Result<void> r = m_shatter->update(bad, m_tuning, 0.02f);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("offset 13"), std::string::npos) << r.error();
    bad.totalOffset = MC_HEADER_WORDS * 4; // just past the header
    EXPECT_FALSE(m_shatter->update(bad, m_tuning, 0.02f));
    bad = surface.source();
    bad.capacity = surface.capacity() + 1; // more vertices than the buffer holds
    r = m_shatter->update(bad, m_tuning, 0.02f);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("capacity of " + std::to_string(surface.capacity() + 1)), std::string::npos)
        << r.error();
    bad = surface.source();
    bad.cells = {0u, 4u, 4u}; // no cells
    r = m_shatter->update(bad, m_tuning, 0.02f);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("a grid of 0x4x4 cells"), std::string::npos) << r.error();
    const std::vector<ps::ShatterPiece> after = readState(*m_shatter, surface.triangles());
    for (std::uint32_t t = 0; t < after.size(); ++t) {
        EXPECT_EQ(after[t].offset, state[t].offset) << t;
        EXPECT_EQ(after[t].link, state[t].link) << t;
    }
    EXPECT_EQ(readControl(*m_shatter), control);
    EXPECT_TRUE(m_shatter->update(ShatterSource{}, m_tuning, 0.02f)); // no surface: nothing to do
    DICER_EXPECT_NO_GL_ERROR();
}

// The draw reads the links and the motion's ENTRY_BLOCKS blocks: 5 vertex-stage storage blocks.
TEST(ShatterAvailability, NeedsTheVertexStageStorageBlocksOfItsState) {
    gl::GlInfo info = test::roomyGlInfo();
    info.maxVertexStorageBlocks = 1 + ENTRY_BLOCKS;
    EXPECT_TRUE(SurfaceShatter::isAvailable(info));
    for (int blocks : {ENTRY_BLOCKS, 0}) {
        info.maxVertexStorageBlocks = blocks;
        EXPECT_FALSE(SurfaceShatter::isAvailable(info));
        gl::ShaderLibrary shaders;
        auto created = SurfaceShatter::create(shaders, info);
        ASSERT_FALSE(created);
        EXPECT_NE(created.error().find("GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS = " + std::to_string(blocks)),
                  std::string::npos)
            << created.error();
        EXPECT_EQ(shaders.size(), 0u); // refused before anything was compiled
    }
}
