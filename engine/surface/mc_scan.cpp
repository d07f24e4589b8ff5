// Scan-based marching cubes (mc_scan.h): the programs, the cases and the scan, and the passes; the volume, the
// header and the vertices are the base's (mc_method.cpp).
//
// [SECTION] creation  [SECTION] buffers  [SECTION] passes
#include "mc_scan.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>
#include <string>

namespace dicer::surface {

// [SECTION] creation ---------------------------------------------------------------------------------------

Result<McScan> McScan::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    McScan e(shaders, info);
    Result<void> r;
    for (size_t k = 0; k < discriminate::kValueKinds.size() && r; ++k) {
        KindPrograms& p = e.m_programs[k];
        r = shaders.addInto(
            p.count,
            discriminate::withValueKind({"scan_mc count", {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}}, {}}, k));
        if (r)
            r = shaders.addInto(
                p.expand, discriminate::withValueKind(
                              {"scan_mc expand", {{GL_COMPUTE_SHADER, "mc_scan_expand.comp.glsl"}}, {}}, k));
    }
    if (r)
        r = shaders.addInto(e.m_args, {"scan_mc arguments", {{GL_COMPUTE_SHADER, "mc_args.comp.glsl"}}, {}});
    if (r) r = e.m_scan.init(shaders, "scan_mc", info.storageBufferOffsetAlignment);
    if (r) r = e.initBuffers();
    if (!r) return makeError(r.error());
    return e;
}

Result<std::unique_ptr<McMethod>> McScan::createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    Result<McScan> e = create(shaders, info);
    if (!e) return makeError(e.error());
    return std::unique_ptr<McMethod>(std::make_unique<McScan>(std::move(e.value())));
}

// [SECTION] buffers ----------------------------------------------------------------------------------------

Result<void> McScan::shapeBuffers(glm::ivec3 size) {
    Result<std::uint32_t> words = baseWords(size, "cases and scanned counts");
    if (!words) return makeError(words.error());
    gl::Buffer cases;
    if (*words > m_caseWords || !m_cases) { // else a smaller base fits in the old buffer
        Result<gl::Buffer> allocated =
            gl::allocateBuffer(std::max<GLsizeiptr>(*words, 1) * 4, nullptr, 0, "scan_mc cases");
        if (!allocated)
            return makeError("marching cubes: " + allocated.error() + " (volume " + sizeText(size) + ")");
        cases = std::move(allocated.value());
    }
    // The scan last: its resize keeps its previous storage on failure, and nothing else has changed yet.
    if (Result<void> r = m_scan.resize(*words); !r) return makeError("marching cubes: " + r.error());
    if (cases) {
        m_cases = std::move(cases);
        m_caseWords = *words;
    }
    m_words = *words;
    return {};
}

std::vector<std::uint8_t> McScan::readCases() const {
    return readRowAlignedCases(m_cases.id());
}

// [SECTION] passes -----------------------------------------------------------------------------------------

void McScan::countCells() {
    gl::DebugGroup group("scan_mc count");
    const GLuint program = m_shaders->get(m_programs[std::size_t(m_kind)].count);
    glUseProgram(program);
    bindVolume(program);
    glProgramUniform1ui(program, MC_LOC_WORDS, m_words);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    // The counts go straight into the scan's level 0 (offset 0 of its buffer).
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_scan.buffer(), 0, m_scan.levelZeroBytes());
    dispatchItems(m_words);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(0); // never leave a program bound that a shader reload may delete
}

void McScan::build() {
    if (m_words == 0 || !m_vertices) {
        writeEmptyHeader();
        return;
    }
    gl::DebugGroup group("scan_mc build");
    m_scan.run(); // inclusive sums of the word counts, in place
    const GLuint args = m_shaders->get(m_args);
    glUseProgram(args);
    glProgramUniform4ui(args, MC_LOC_LEVEL, m_words - 1, 0, 0, 0); // the total: the last inclusive sum
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_scan.buffer(), 0, m_scan.levelZeroBytes());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(0);
}

void McScan::expand() {
    if (m_words == 0 || !m_vertices) return;
    gl::DebugGroup group("scan_mc expand");
    const GLuint program = m_shaders->get(m_programs[std::size_t(m_kind)].expand);
    glUseProgram(program);
    bindVolume(program);
    bindPlacement(program);
    glProgramUniform1ui(program, MC_LOC_WORDS, m_words);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_scan.buffer(), 0, m_scan.levelZeroBytes());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_VERTICES, m_vertices.id());
    dispatchItems(m_words); // every word: the CPU knows how many, and an empty one leaves at once
    // The view draws the vertices (attributes or storage) with the header's arguments; tests read them back.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);
}

} // namespace dicer::surface
