#include "buffer_scan.h"

#include "allocation.h"
#include "gl_debug.h"
#include "horn_scan.h"
#include "peers_shared.h"

#include <algorithm>
#include <string>

namespace dicer::sort {

Result<void> BufferScan::init(gl::ShaderLibrary& shaders, const char* owner, int storageAlignment) {
    m_shaders = &shaders;
    m_owner = owner;
    auto scan = shaders.add({std::string(owner) + "/scan", {{GL_COMPUTE_SHADER, "horn_scan.comp.glsl"}}, {}});
    if (!scan) return makeError(scan.error());
    auto add =
        shaders.add({std::string(owner) + "/scan-add", {{GL_COMPUTE_SHADER, "horn_scan_add.comp.glsl"}}, {}});
    if (!add) return makeError(add.error());
    m_scan = *scan;
    m_add = *add;
    m_alignment = std::max(storageAlignment, 16);
    return {};
}

Result<void> BufferScan::resize(std::uint32_t elements) {
    elements = std::max<std::uint32_t>(elements, 1);
    std::vector<peers::ScanLevel> levels = peers::scanLevels(elements, m_alignment);
    if (elements > m_capacity || !m_buffer) { // else the layout of a smaller level 0 fits in the old buffer
        const std::int64_t bytes = peers::scanBufferBytes(levels, m_alignment);
        Result<gl::Buffer> buffer = gl::allocateBuffer(
            GLsizeiptr(bytes + m_alignment), nullptr, GL_DYNAMIC_STORAGE_BIT, std::string(m_owner) + " scan");
        if (!buffer) return makeError(buffer.error() + " (" + std::to_string(elements) + " elements)");
        m_buffer = std::move(buffer.value());
        m_capacity = elements;
        m_topSumOffset = bytes - m_alignment;
        m_scratchOffset = bytes; // HP_BIND_COUNTERS: the scan writes the total there, which nobody reads
    }
    m_levels.clear();
    for (const peers::ScanLevel& l : levels)
        m_levels.push_back({l.elements, l.blocks, l.offset});
    m_elements = elements;
    return {};
}

void BufferScan::bindLevel(GLuint binding, std::size_t level) const {
    if (level < m_levels.size()) {
        const Level& l = m_levels[level];
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, m_buffer.id(), GLintptr(l.offset),
                          GLsizeiptr(std::int64_t(l.elements) * 4));
    } else { // above the top: the single total of the top level's one block
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, m_buffer.id(), GLintptr(m_topSumOffset), 4);
    }
}

void BufferScan::run() const {
    // A smaller layout in a bigger old buffer ends before the old top-sum slot and scratch word: both still fit.
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, m_buffer.id(), GLintptr(m_scratchOffset),
                      4);
    auto dispatch = [](std::uint32_t blocks) {
        GLuint x = std::min<std::uint32_t>(blocks, PEER_MAX_GROUPS_X);
        glDispatchCompute(x, (blocks + x - 1) / x, 1);
    };
    auto pass = [&](GLuint program, std::size_t level) {
        glProgramUniform1ui(program, PEER_LOC_ELEMENTS, m_levels[level].elements);
        glProgramUniform1ui(program, PEER_LOC_WRITE_TOTAL, 0u);
        bindLevel(PEER_BIND_DATA, level);
        bindLevel(PEER_BIND_SUMS, level + 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        dispatch(m_levels[level].blocks);
    };
    // Up: scan every level, each writing its block totals into the next; down: add the scanned totals back.
    const GLuint scan = m_shaders->get(m_scan), add = m_shaders->get(m_add);
    glUseProgram(scan);
    for (std::size_t i = 0; i < m_levels.size(); ++i)
        pass(scan, i);
    glUseProgram(add);
    for (std::size_t i = m_levels.size() - 1; i-- > 0;)
        pass(add, i);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

} // namespace dicer::sort
