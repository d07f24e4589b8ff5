// Picking a point by a click: the particle whose centre is drawn nearest a window pixel (within a radius, the
// nearest to the eye among equals), found on the GPU over the particles' current positions (two passes of
// point_pick.comp.glsl) and read back: two uints, a wait for the GPU, on a click only (never the frame). The X-ray
// panel follows the picked point (its index is its output index: particle k is point k).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <optional>

namespace dicer::particles {

class PointPick {
public:
    static Result<PointPick> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    struct Particles {
        GLuint positions = 0;      // vec4 a particle, xyz world (ParticleSystem::positionBuffer)
        GLuint control = 0;        // PS_CTRL_* (ParticleSystem::controlBuffer): the draw count
        std::uint32_t capacity = 0; // particles the buffers hold
    };
    // `pixel` and `display` in window units, y down; `viewProj` the draw's. nullopt: no centre within `radius`.
    std::optional<std::uint32_t> pick(const Particles& particles, const glm::mat4& viewProj, glm::vec2 pixel,
                                      glm::vec2 display, float radius);

private:
    explicit PointPick(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_program;
    gl::Buffer m_result;
    std::uint32_t m_perBlock = 0;
};

} // namespace dicer::particles
