// Atomic-append marching cubes (mc_atomic.h): the programs, the cases, the one pass and the arguments; the
// volume, the header and the vertices are the base's (mc_method.cpp).
#include "mc_atomic.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>
#include <string>

namespace dicer::surface {

Result<McAtomic> McAtomic::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    McAtomic e(shaders, info);
    Result<void> r;
    for (size_t k = 0; k < discriminate::kValueKinds.size() && r; ++k)
        r = shaders.addInto(
            e.m_pass[k],
            discriminate::withValueKind({"atomic_mc pass", {{GL_COMPUTE_SHADER, "mc_atomic.comp.glsl"}}, {}}, k));
    if (r)
        r = shaders.addInto(e.m_args,
                            {"atomic_mc arguments", {{GL_COMPUTE_SHADER, "mc_args.comp.glsl"}}, {}});
    if (r) r = e.initBuffers();
    if (!r) return makeError(r.error());
    return e;
}

Result<std::unique_ptr<McMethod>> McAtomic::createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    Result<McAtomic> e = create(shaders, info);
    if (!e) return makeError(e.error());
    return std::unique_ptr<McMethod>(std::make_unique<McAtomic>(std::move(e.value())));
}

Result<void> McAtomic::shapeBuffers(glm::ivec3 size) {
    Result<std::uint32_t> words = baseWords(size, "cases");
    if (!words) return makeError(words.error());
    if (*words > m_caseWords || !m_cases) { // else a smaller base fits in the old buffer
        Result<gl::Buffer> cases =
            gl::allocateBuffer(std::max<GLsizeiptr>(*words, 1) * 4, nullptr, 0, "atomic_mc cases");
        if (!cases) return makeError("marching cubes: " + cases.error() + " (volume " + sizeText(size) + ")");
        m_cases = std::move(cases.value());
        m_caseWords = *words;
    }
    m_words = *words;
    return {};
}

std::vector<std::uint8_t> McAtomic::readCases() const {
    return readRowAlignedCases(m_cases.id());
}

void McAtomic::expand() {
    if (m_words == 0 || !m_vertices) {
        writeEmptyHeader();
        return;
    }
    gl::DebugGroup group("atomic_mc");
    // The counter starts at 0 on every run: a GL clear, in order with the passes (no readback, no stall).
    const std::uint32_t zero = 0;
    glClearNamedBufferSubData(m_header.id(), GL_R32UI, totalOffset(), 4, GL_RED_INTEGER, GL_UNSIGNED_INT,
                              &zero);
    const GLuint program = m_shaders->get(m_pass[std::size_t(m_kind)]);
    glUseProgram(program);
    bindVolume(program);
    bindPlacement(program);
    glProgramUniform1ui(program, MC_LOC_WORDS, m_words);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_VERTICES, m_vertices.id());
    dispatchItems(m_words);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    const GLuint args = m_shaders->get(m_args);
    glUseProgram(args);
    glProgramUniform4ui(args, MC_LOC_LEVEL, MC_TOTAL_IN_HEADER, 0, 0, 0); // the counter is the total
    glDispatchCompute(1, 1, 1);
    // The view draws the vertices (attributes or storage) with the header's arguments; tests read them back.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);
}

} // namespace dicer::surface
