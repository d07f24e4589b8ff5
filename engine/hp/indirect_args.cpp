#include "indirect_args.h"

#include "allocation.h"

#include "hp_shared.h"

namespace dicer::hp {

Result<IndirectArgs> IndirectArgs::create(gl::ShaderLibrary& shaders, const std::string& label) {
    auto program = shaders.add({label, {{GL_COMPUTE_SHADER, "hp_list_args.comp.glsl"}}, {}});
    if (!program) return makeError(program.error());
    Result<gl::Buffer> buffer =
        gl::allocateBuffer(HP_ARGS_UINTS * sizeof(std::uint32_t), nullptr, GL_DYNAMIC_STORAGE_BIT, label);
    if (!buffer) return makeError(buffer.error());
    IndirectArgs args;
    args.m_shaders = &shaders;
    args.m_program = *program;
    args.m_buffer = std::move(buffer.value());
    return args;
}

void IndirectArgs::write(GLuint counterBuffer, std::uint32_t capacity) const {
    GLuint program = m_shaders->get(m_program);
    glProgramUniform1ui(program, HP_LOC_CAPACITY, capacity);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, counterBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, m_buffer.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_buffer.id());
}

void IndirectArgs::dispatch() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, m_buffer.id());
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_buffer.id());
    glDispatchComputeIndirect(GLintptr(HP_ARGS_DISPATCH_OFFSET * sizeof(std::uint32_t)));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

} // namespace dicer::hp
