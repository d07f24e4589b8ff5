// HeartBreaker for surfaces: the marching cubes' triangle list shattered into its triangles, which fly off,
// tumble, fall and bounce like the particles (particles.h) and re-assemble. Each triangle is a rigid piece (a
// centroid offset and velocity, an orientation quaternion and a spin) in an SSBO, stepped by a compute shader
// over the source's live triangles; the triangle count comes from the source's header on the GPU (an indirect
// dispatch made by a one-invocation pass), so nothing is read back. The surface's own draw places its vertices
// with shaders/shatter_apply.glsl after bindForDraw(). Based on: Ziegler, Tevs, Theobalt, Seidel, VMV 2006
// (HeartBreaker); the per-piece maths is shaders/shatter_step.h, shared with the CPU tests.
//
// Count changes, as the particles': pieces at indices >= last frame's count are new and spawn at rest on their
// triangle, indices >= this frame's count are not stepped (retired) and respawn if the surface grows again.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "heart_breaker_phase.h"
#include "particles.h"
#include "result.h"
#include "shader.h"
#include "shatter_step.h"

#include <glm/glm.hpp>

#include <cstdint>

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
};

// What only the shattered surface has (the flight itself is ParticleTuning's).
struct ShatterTuning {
    float tumble = 6.0f;      // spin at launch, rad/s about each axis, random in [-tumble, tumble]
    float normalShare = 0.5f; // launch speed along the triangle's normal, as a fraction of the speed
    bool operator==(const ShatterTuning&) const = default;
};

// The std140 block one update uploads (also what the tests feed the CPU version of the step): the floor at
// floorHeight(tuning, shape), the explosion's centre at the world's origin (the volume's centre, as the
// particles').
ps::ShatterParams packShatterParams(const ParticleTuning& tuning, const ShatterTuning& shatter,
                                    ParticlePhase phase, bool launch, std::uint32_t seed, float dt,
                                    const glm::mat4& toWorld, glm::vec3 shape = glm::vec3(1.f));

class SurfaceShatter {
public:
    static constexpr float kMaxStep = ParticleSystem::kMaxStep; // longer frames are slowed down, not skipped

    // The draw reads the pieces in the vertex shader: one vertex-stage storage block (GL guarantees none).
    static bool isAvailable(const gl::GlInfo& info);
    // Compiles the two passes. Errors: not available (the limit named), the first compile or link log.
    static Result<SurfaceShatter> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The phases: HeartBreakerPhase, as ParticleSystem's (the demo's Space drives both).
    void explode() { m_phase.explode(); }       // from any phase: launch from where the pieces are now
    void reassemble() { m_phase.reassemble(); } // exploding -> returning (no-op otherwise)
    void toggle() { m_phase.toggle(); }         // explode when assembled/returning, reassemble when exploding
    ParticlePhase phase() const { return m_phase.phase(); }

    // One step of `dt` seconds (clamped to kMaxStep) of every live triangle. No source buffer: nothing to do.
    // Errors (nothing runs, the state stays): totalOffset not a multiple of 4 or outside the header, a vertex
    // buffer smaller than `capacity` vertices, pieces the driver cannot allocate.
    Result<void> update(const ShatterSource& source, const ParticleTuning& tuning, float dt,
                        const ShatterTuning& shatter = {});
    // Binds the pieces for a draw whose vertex shader includes shaders/shatter_apply.glsl (the storage binding
    // SHATTER_BIND_STATE); the pieces are this frame's update's. Draw the triangle list from vertex 0.
    void bindForDraw() const;

    std::uint32_t capacity() const { return m_capacity; } // pieces (triangles) the state holds
    std::uint32_t seed() const { return m_phase.seed(); }
    GLuint stateBuffer() const { return m_state.id(); }     // ps::ShatterPiece[capacity()]
    GLuint controlBuffer() const { return m_control.id(); } // SHATTER_CTRL_* (particles_shared.h)

private:
    SurfaceShatter(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    Result<void> reserve(std::uint32_t pieces);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_args, m_update;
    gl::Buffer m_state, m_control, m_params;
    std::uint32_t m_capacity = 0;
    HeartBreakerPhase m_phase;
};

} // namespace dicer::particles
