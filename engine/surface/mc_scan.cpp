// Scan-based marching cubes (mc_scan.h): the programs, the scan, and the passes; the volume, the cases, the
// header, the arguments and the vertices are the base's (mc_method.cpp).
#include "mc_scan.h"

#include "gl_debug.h"

#include <string>

namespace dicer::surface {

Result<std::unique_ptr<McMethod>> McScan::createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<McScan> e(new McScan(shaders, info));
    Result<void> r = discriminate::addKindPrograms(
        shaders, e->m_count, {"scan_mc count", {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}}, {}});
    if (r)
        r = discriminate::addKindPrograms(
            shaders, e->m_expand, {"scan_mc expand", {{GL_COMPUTE_SHADER, "mc_scan_expand.comp.glsl"}}, {}});
    if (r) r = e->m_scan.init(shaders, "scan_mc", info.storageBufferOffsetAlignment);
    if (r) r = e->initShared("scan_mc arguments");
    if (!r) return makeError(r.error());
    return std::unique_ptr<McMethod>(std::move(e));
}

Result<void> McScan::shapeBuffers(glm::ivec3, std::uint32_t words) {
    // Its resize keeps its previous storage on failure.
    if (Result<void> r = m_scan.resize(words); !r) return makeError("marching cubes: " + r.error());
    return {};
}

void McScan::bindScannedCounts() const {
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_scan.buffer(), 0, m_scan.levelZeroBytes());
}

void McScan::countCells() {
    bindScannedCounts();
    countWords(m_count, "scan_mc count", CountsAfterBuild::Overwritten); // scanned in place
}

void McScan::buildOffsets() {
    gl::DebugGroup group("scan_mc build");
    m_scan.run(); // inclusive sums of the word counts, in place
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_scan.buffer(), 0, m_scan.levelZeroBytes());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    writeDrawArgs(m_words - 1); // the total: the last inclusive sum
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(0);
}

void McScan::writeVertices() {
    gl::DebugGroup group("scan_mc expand");
    bindPlacement(useWordsProgram(m_expand));
    bindScannedCounts();
    bindVertexOutput();
    dispatchItems(m_words); // every word: the CPU knows how many, and an empty one leaves at once
    finishVertexWrites();
}

} // namespace dicer::surface
