// HeartBreaker: the point list as a GPU particle system. Each point-list entry k drives particle k: while
// assembled it sits on its voxel (only its position is written there: the launch sets every velocity); on
// explode it flies off (gravity, drag, bouncing on a floor); on re-assemble a spring pulls it back onto its
// (current) voxel. State lives in two SSBOs of 16 bytes a point (positions, velocities: ps_state.glsl) and is
// stepped by a compute shader, one program per phase; the particle count comes from the HistoPyramid's counter
// buffer on the GPU, so nothing is read back. Based on: Ziegler, Tevs, Theobalt, Seidel, VMV 2006
// (HeartBreaker); the per-particle maths is shaders/particle_step.h, shared with the CPU tests.
//
// Count changes: a one-thread pass turns the new count n into the draw/dispatch arguments and keeps last
// frame's count; particles at indices >= last count are new and spawn on their target, indices >= n are not
// drawn or stepped (retired) and respawn if the cloud grows again.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "heart_breaker_phase.h"
#include "particle_step.h"
#include "result.h"
#include "shader.h"
#include "storage_blocks.h"

#include <glm/glm.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace dicer::particles {

// False colours: the voxel's position as rgb (the paper's); model colours: the mesh's, or a volume's values
// through viridis; height: the voxel's height through viridis (the colour-blind-safe false colours).
enum class ParticleColor { FalseColor, ModelColor, Height };

// How the cloud is drawn; one row each in particleRenderModes(). Splats: compute passes into per-pixel
// depth/colour images, resolved with gl_FragDepth (fast everywhere, and ~20x faster than points on llvmpipe).
// Points: GL point sprites from one glDrawArraysIndirect (the classic way; cheap on GPUs). SortedBlend:
// translucent soft round sprites, alpha-blended back to front in the order of depth_order.h (sorted every
// frame by the HistoPyramid counting sort), depth writes off.
enum class ParticleRender { Splats, Sprites, SortedBlend };

struct ParticleRenderInfo {
    ParticleRender mode;
    const char* name;    // command-line value
    const char* label;   // UI
    const char* summary; // tooltip / --help
    bool depthSorted;    // needs this frame's back-to-front order (ParticleDraw::order)
    bool (*isAvailable)(const gl::GlInfo& info);
};
std::span<const ParticleRenderInfo> particleRenderModes(); // in enum order
const ParticleRenderInfo& particleRenderInfo(ParticleRender mode);

// User-facing tuning (the UI edits it; ParticleSystem packs it into ParticleParams).
struct ParticleTuning {
    float speed = 1.2f;   // explosion speed, world units per second (the volume is at most 2 units wide)
    float noise = 0.45f;  // random part of the launch velocity, as a fraction of the speed
    float gravity = 3.0f; // units/s^2
    float drag = 1.0f;   // 1/s: velocity decays by e^(-drag t)
    // The floor the particles bounce on, in half-heights of the box the volume is drawn as (-1, the default: its
    // bottom). The floor itself is a plane of world space at y = floorY * shape.y (packParticleParams), so a
    // flat volume stands on it too; gravity and the bounces stay in world units.
    float floorY = -1.0f;
    float restitution = 0.5f; // normal speed kept per bounce
    float friction = 0.85f;   // tangential speed kept per bounce
    float returnOmega = 4.0f; // spring angular frequency of the re-assembly (higher = faster)
    bool operator==(const ParticleTuning&) const = default;
};

// Where this frame's points come from: the PointList's point buffer (uvec4 voxel + atlas texel) and the
// HistoPyramid's counter buffer (uint[0] = active cells). Entries beyond `pointCapacity` do not exist (and are
// not bound: the buffer is bound as blocks of its first `pointCapacity` entries, storage_blocks.h).
struct ParticleSource {
    GLuint pointBuffer = 0;
    GLuint counterBuffer = 0;
    std::uint32_t pointCapacity = 0;
    glm::ivec3 volume{1};
    glm::vec3 shape{1.f}; // the box the volume is drawn as (frame::Frame::shape): voxel centres in world
};

// The floor's world height: tuning.floorY half-heights of the box `shape` (y = floorY * shape.y).
float floorHeight(const ParticleTuning& tuning, glm::vec3 shape);
// What a particle rests on the floor by: half a voxel's widest side (the splat's radius at point size 1), so a
// landed particle lies on the floor, not half in it; the bottom voxels' centres sit there too.
float restingRadius(glm::ivec3 volume, glm::vec3 shape);
// How far from the centre (in x and in z) a particle can come to rest: the box's corner plus the farthest a
// launch (speed with all its noise) carries against the drag; the floor the demo draws reaches that far.
float floorReach(const ParticleTuning& tuning, glm::vec3 shape);

// What every HeartBreaker simulation (the particles, the shattered surface) keeps beside its state: its control
// words (its args pass' counts and indirect arguments), zeroed so that "last frame's count" starts at 0 and
// everything of the first frame spawns at rest, and the uniform block each step uploads. Both or neither
// (`owner` + " control" / " params" name them); a refusal is one error.
Result<void> allocateStepBuffers(gl::Buffer& control, gl::Buffer& params, std::uint32_t controlWords,
                                 GLsizeiptr paramsBytes, const std::string& owner);

// The std140 block one update uploads (also what the tests feed the CPU version of the step). `shape`: the box
// the volume is drawn as (voxel centres and the floor's height in world); the floor's contact height is the
// floor plus restingRadius.
ps::ParticleParams packParticleParams(const ParticleTuning& tuning, ParticlePhase phase, bool launch,
                                      std::uint32_t seed, float dt, glm::ivec3 volume,
                                      glm::vec3 shape = glm::vec3(1.f));

struct ParticleDraw {
    glm::mat4 viewProj{1.0f};
    float pointScale = 1.0f; // sprite diameter in pixels of an object of size 1 at distance 1
    ParticleColor color = ParticleColor::FalseColor;
    ParticleRender render = ParticleRender::Splats;
    GLuint atlas = 0;       // for ParticleColor::ModelColor
    GLuint slotColors = 0;  // ModelColor from the bits output: RGBA8 of point k at k (replaces the atlas)
    glm::ivec2 viewport{0}; // the bound framebuffer's size (splats)
    float opacity = 0.5f;   // SortedBlend: alpha at a sprite's centre, in (0, 1]
    GLuint order = 0;       // SortedBlend: slot -> particle index, back to front (ParticleDepthOrder::order)
};

class ParticleSystem {
public:
    static constexpr float kMaxStep = 1.0f / 20.0f; // longer frames are slowed down, not skipped over

    // `info`: the storage-block limit bounds how many particles the state holds (maxParticles).
    static Result<ParticleSystem> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Particles a state may hold on this context: every per-point buffer bounds it, and the largest entry of
    // any of them is 16 bytes (the point entry, a position, a velocity), each bound as ENTRY_BLOCKS blocks,
    // so as many as the point buffer (gl::maxBlockedEntries).
    static std::uint32_t maxParticles(const gl::GlInfo& info);

    // The phases (HeartBreakerPhase, shared with the shattered surface).
    void explode() { m_phase.explode(); }       // from any phase: launch from where the particles are now
    void reassemble() { m_phase.reassemble(); } // exploding -> returning (no-op otherwise)
    void toggle() { m_phase.toggle(); } // Space: explode when assembled/returning, reassemble when exploding
    ParticlePhase phase() const { return m_phase.phase(); }

    // One simulation step of `dt` seconds (clamped to kMaxStep), then the draw arguments for draw(). The state
    // grows to the source's capacity first; when the driver refuses that memory the step still runs on the
    // state it has (the particles beyond it are not drawn) and the refusal is returned, every frame it repeats.
    Result<void> update(const ParticleSource& source, const ParticleTuning& tuning, float dt);
    // World-sized sprites into the bound framebuffer, depth-tested against what it holds (the caller enables
    // GL_DEPTH_TEST). Uses the arguments of this frame's update(). Errors: the splats' images for a new
    // viewport were refused (nothing is drawn; the previous images stay).
    Result<void> draw(const ParticleSource& source, const ParticleDraw& params);

    // Particles the state holds: at least min(the sources' point capacity, maxParticles) once updated.
    std::uint32_t capacity() const { return m_capacity; }
    std::uint32_t seed() const { return m_phase.seed(); }
    GLuint positionBuffer() const { return m_positions.id(); }  // vec4 per particle: xyz world, w 1
    GLuint velocityBuffer() const { return m_velocities.id(); } // vec4 per particle: xyz units/s, w 0
    GLuint controlBuffer() const { return m_control.id(); }     // PS_CTRL_* layout (particles_shared.h)

private:
    ParticleSystem(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    void bindPoints(const ParticleSource& source) const;
    // Grows the state (keeping the particles that exist); on error the previous state and capacity stay.
    Result<void> reserve(std::uint32_t particles);
    // The uniforms a draw program has (setting one it lacks is GL_INVALID_OPERATION): a mask of DrawUniform.
    enum DrawUniform : unsigned { kColorMode = 1, kVolume = 2, kViewport = 4 };
    void setDrawUniforms(GLuint program, const ParticleSource& source, const ParticleDraw& params,
                         unsigned uniforms) const;
    void drawPoints(const ParticleSource& source, const ParticleDraw& params) const;
    Result<void> drawSplats(const ParticleSource& source, const ParticleDraw& params);
    void drawSortedBlend(const ParticleSource& source, const ParticleDraw& params) const;

    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_args, m_draw, m_drawBlend, m_resolve;
    // The update, one program per ParticlePhase (particles_update.comp.glsl says why).
    std::array<gl::BlockedProgram, kParticlePhases> m_update{};
    // The splats' depth pass, and their colour pass per PS_COLOR_* (a constant of each: llvmpipe would fetch
    // every mode's colour under lane masks).
    gl::BlockedProgram m_splatDepth;
    std::array<gl::BlockedProgram, 4> m_splatColor{};
    std::uint32_t boundEntries(const ParticleSource& source) const; // the most any blocked array binds
    gl::Texture m_splatDepthImage, m_splatColorImage;
    glm::ivec2 m_splatSize{0};
    gl::Buffer m_positions, m_velocities, m_control, m_params;
    gl::VertexArray m_emptyVao;
    std::uint32_t m_capacity = 0;
    std::uint32_t m_maxParticles = 0;
    std::uint32_t m_perBlock =
        0; // entries a bound block of the state and the points holds (storage_blocks.h)
    HeartBreakerPhase m_phase;
};

} // namespace dicer::particles
