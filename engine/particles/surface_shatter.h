// HeartBreaker for surfaces: the marching cubes' triangle list shattered into pieces, which fly off, tumble,
// fall and bounce like the particles (particles.h) and re-assemble. A piece is a connected set of triangles
// within one brick of 8^3 cells (shatter_pieces.h), rigid: a pivot offset and velocity, an orientation
// quaternion and a spin, in a state entry per triangle (a piece's in its first triangle's; links and motion in
// two arrays, shaders/shatter_state.glsl), stepped by compute passes over the source's live triangles; the
// triangle count comes from the source's header on the GPU (an indirect dispatch made by a one-invocation
// pass), so nothing is read back. The surface's own draw places its
// vertices with shaders/shatter_apply.glsl after bindForDraw(). Based on: Ziegler, Tevs, Theobalt, Seidel, VMV
// 2006 (HeartBreaker); the per-piece maths is shaders/shatter_step.h, shared with the CPU tests.
//
// Per frame: assembled, nothing runs (the state is zeroed once when the return ends: the rest pose); otherwise
// the pieces are found again when the source's version changed (or at the launch), then each piece steps, and,
// exploding, the floor meets each piece's lowest vertex. A piece that appears (the surface changed) spawns at
// rest; triangles at or past this frame's count are not stepped (retired).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "heart_breaker_phase.h"
#include "particles.h"
#include "result.h"
#include "shader.h"
#include "shatter_pieces.h"
#include "shatter_step.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace dicer::particles {

// Where this frame's triangles come from: a vertex buffer of the marching cubes' 32-byte vertices (mc_shared.h:
// {vec3 position; uint cell; vec3 normal; uint ids}, position in physical units; vertices 3t .. 3t + 2 are
// triangle t) and the uint vertex count at byte `totalOffset` of `headerBuffer` (surface::McExpander:
// vertexBuffer(), headerBuffer(), totalOffset(), capacity()). Vertices beyond `capacity` do not exist.
struct ShatterSource {
    GLuint vertexBuffer = 0;
    GLuint headerBuffer = 0;
    GLintptr totalOffset = 0;   // bytes, a multiple of 4
    std::uint32_t capacity = 0; // vertices the vertex buffer holds
    glm::mat4 toWorld{1.0f};    // physical units -> world: the matrix the surface is drawn with
    glm::vec3 shape{1.0f};      // the box the volume is drawn as (frame::Frame::shape): the floor's height
    glm::uvec3 cells{1u};       // the grid the vertices' cell indices count (surface::McMethod::cells)
    glm::vec3 spacing{1.0f};    // physical units per cell step (the positions are index * spacing)
    // Another value whenever the triangles may differ from the last update's (frame::Frame::surfaceVersion):
    // the pieces are found again.
    std::uint64_t version = 0;
};

// What only the shattered surface has (the flight itself is ParticleTuning's).
struct ShatterTuning {
    float tumble = 3.0f;      // spin at launch, rad/s about each axis, random in [-tumble, tumble]
    float normalShare = 0.25f; // launch speed along the face normal (a piece's first triangle's), a fraction
    bool operator==(const ShatterTuning&) const = default;
};

// The std140 block one update uploads (also what the tests feed the CPU version of the step): the source's
// world, grid and spacing, the floor at floorHeight(tuning, source.shape), the explosion's centre at the
// world's origin (the volume's centre, as the particles').
ps::ShatterParams packShatterParams(const ParticleTuning& tuning, const ShatterTuning& shatter,
                                    ParticlePhase phase, bool launch, std::uint32_t seed, float dt,
                                    const ShatterSource& source);

class SurfaceShatter {
public:
    static constexpr float kMaxStep = ParticleSystem::kMaxStep; // longer frames are slowed down, not skipped

    // The draw reads the pieces in the vertex shader: 1 + ENTRY_BLOCKS vertex-stage storage blocks (the links and
    // the motion's blocks; GL guarantees none).
    static bool isAvailable(const gl::GlInfo& info);
    // Compiles the two passes. Errors: not available (the limit named), the first compile or link log.
    static Result<SurfaceShatter> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The phases: HeartBreakerPhase, as ParticleSystem's (the demo's Space drives both).
    void explode() { m_phase.explode(); }       // from any phase: launch from where the pieces are now
    void reassemble() { m_phase.reassemble(); } // exploding -> returning (no-op otherwise)
    void toggle() { m_phase.toggle(); }         // explode when assembled/returning, reassemble when exploding
    ParticlePhase phase() const { return m_phase.phase(); }

    // One step of `dt` seconds (clamped to kMaxStep) of every piece. No source buffer: nothing to do.
    // Errors (nothing runs, the state stays): totalOffset not a multiple of 4 or outside the header, a vertex
    // buffer smaller than `capacity` vertices, a grid of no cells, pieces the driver cannot allocate.
    Result<void> update(const ShatterSource& source, const ParticleTuning& tuning, float dt,
                        const ShatterTuning& shatter = {});
    // Binds the pieces for a draw whose vertex shader includes shaders/shatter_apply.glsl (the storage bindings
    // SHATTER_BIND_LINKS and SHATTER_BIND_MOTION's blocks); the pieces are this frame's update's. Draw the
    // triangle list from vertex 0.
    void bindForDraw() const;

    // Triangles the state can hold on this context: the links' one storage block, the motion's kEntryBlocks
    // (llvmpipe: 6 710 886, past the 5 592 405 the source's vertex blocks hold).
    static std::uint32_t maxTriangles(const gl::GlInfo& info);
    std::uint32_t capacity() const { return m_capacity; } // triangles the state holds
    std::uint32_t seed() const { return m_phase.seed(); }
    // Tests: the first `triangles` entries (at most capacity()) as ShatterPieces, links and motion joined
    // (waits for the GPU).
    std::vector<ps::ShatterPiece> readState(std::uint32_t triangles) const;
    GLuint controlBuffer() const { return m_control.id(); } // SHATTER_CTRL_* (particles_shared.h)

private:
    SurfaceShatter(gl::ShaderLibrary& shaders, const gl::GlInfo& info, ShatterPieces pieces)
        : m_shaders(&shaders), m_info(info), m_pieces(std::move(pieces)) {}
    Result<void> reserve(std::uint32_t triangles);
    void bindState() const;
    void dispatchOverTriangles(gl::ProgramId program) const;

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    ShatterPieces m_pieces;
    gl::ProgramId m_args, m_step, m_lowest, m_floor;
    // The state (shatter_state.glsl): a uvec4 link and SHATTER_MOTION_VEC4S vec4 of motion per triangle.
    gl::Buffer m_links, m_motion, m_control, m_params;
    std::uint32_t m_capacity = 0;
    bool m_toldLimit = false; // the state was said to be short (once)
    HeartBreakerPhase m_phase;
    bool m_atRest = true;                       // the state is zeroed: the rest pose, no piece found
    std::optional<std::uint64_t> m_piecesOf;    // the source version the pieces were found for
};

} // namespace dicer::particles
