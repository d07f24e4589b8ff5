#include "atomic_append.h"

#include "peers_shared.h"
#include "gl_debug.h"
#include "hp_math.h"

namespace dicer::peers {

Result<std::unique_ptr<AtomicAppend>> AtomicAppend::create(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    std::unique_ptr<AtomicAppend> p(new AtomicAppend(shaders, info));
    auto program = shaders.add({"atomic_append", {{GL_COMPUTE_SHADER, "atomic_append.comp.glsl"}}, {}});
    if (!program) return makeError(program.error());
    p->m_program = *program;
    if (Result<void> r = p->initCounters(); !r) return makeError(r.error());
    p->m_sampler = hp::createAtlasSampler("atomic_append atlas");
    return p;
}

Result<void> AtomicAppend::build(const MethodInput& input) {
    auto size = checkInput(input, m_info.maxTextureSize);
    if (!size) return makeError(size.error());
    if (Result<void> r = m_points.reserve(input.capacity); !r) return r;
    gl::DebugGroup group("atomic_append");

    // The counter starts at zero: a clear is ordered before the dispatch like any other GL command.
    m_counters.clear();
    GLuint program = m_shaders->get(m_program);
    glProgramUniform2i(program, HP_LOC_INPUT_SIZE, size->x, size->y);
    glProgramUniform1ui(program, HP_LOC_THRESHOLD, hp::thresholdToByte(input.threshold));
    glProgramUniform1ui(program, HP_LOC_CAPACITY, input.capacity);
    bindPointOutput(program, input, *size);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, m_counters.id());
    glBindTextureUnit(HP_UNIT_INPUT, input.atlas);
    glBindSampler(HP_UNIT_INPUT, m_sampler.id());
    glUseProgram(program);
    const int cellsPerGroup = 2 * APPEND_GATHERS * APPEND_LOCAL_SIZE; // 2x2 cells per gather
    glDispatchCompute(GLuint((size->x + cellsPerGroup - 1) / cellsPerGroup),
                      GLuint((size->y + cellsPerGroup - 1) / cellsPerGroup), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    return {};
}

Result<std::unique_ptr<hp::PointMethod>> createAtomicAppend(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info) {
    auto p = AtomicAppend::create(shaders, info);
    if (!p) return makeError(p.error());
    return std::unique_ptr<hp::PointMethod>(std::move(p.value()));
}

} // namespace dicer::peers
