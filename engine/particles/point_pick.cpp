#include "point_pick.h"

#include "allocation.h"
#include "gl_debug.h"
#include "particles_shared.h"
#include "storage_blocks.h"

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>

namespace dicer::particles {

Result<PointPick> PointPick::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    PointPick p(shaders);
    p.m_perBlock = gl::entriesPerBlock(info);
    auto program = shaders.add({"point pick", {{GL_COMPUTE_SHADER, "point_pick.comp.glsl"}}, {}});
    if (!program) return makeError(program.error());
    p.m_program = *program;
    Result<gl::Buffer> result = gl::allocateBuffer(2 * 4, nullptr, 0, "point pick result");
    if (!result) return makeError(result.error());
    p.m_result = std::move(result.value());
    return p;
}

std::optional<std::uint32_t> PointPick::pick(const Particles& particles, const glm::mat4& viewProj, glm::vec2 pixel,
                                             glm::vec2 display, float radius) {
    if (!particles.positions || !particles.control || particles.capacity == 0) return std::nullopt;
    gl::DebugGroup group("point pick");
    const std::uint32_t none = PS_PICK_NONE;
    glClearNamedBufferData(m_result.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &none);
    const GLuint program = m_shaders->get(m_program);
    glProgramUniformMatrix4fv(program, PS_LOC_VIEW_PROJ, 1, GL_FALSE, glm::value_ptr(viewProj));
    glProgramUniform1ui(program, PS_LOC_CAPACITY, particles.capacity);
    glProgramUniform2f(program, PS_LOC_PICK_PIXEL, pixel.x, pixel.y);
    glProgramUniform2f(program, PS_LOC_PICK_DISPLAY, display.x, display.y);
    glProgramUniform1f(program, PS_LOC_PICK_RADIUS, radius);
    glUseProgram(program);
    gl::bindEntryBlocks(PS_BIND_POSITIONS, particles.positions, particles.capacity, m_perBlock);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_CONTROL, particles.control);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_PICK, m_result.id());
    // Every particle slot the buffers hold (the shader stops at the draw count), in rows of at most 65535 groups.
    const std::uint32_t groups = (particles.capacity + PS_LOCAL_SIZE - 1) / PS_LOCAL_SIZE;
    const std::uint32_t x = std::min(groups, 65535u), y = (groups + x - 1) / x;
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the update's positions
    for (int pass = 0; pass < 2; ++pass) {
        glProgramUniform1i(program, PS_LOC_PICK_PASS, pass);
        glDispatchCompute(x, y, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    glUseProgram(0);
    std::uint32_t result[2] = {none, none};
    glGetNamedBufferSubData(m_result.id(), 0, sizeof result, result);
    if (result[1] == none) return std::nullopt;
    return result[1];
}

} // namespace dicer::particles
