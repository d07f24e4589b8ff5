#include "hp5_pyramid.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>

namespace dicer::hp {

Hp5Layout hp5Layout(std::uint32_t base) {
    Hp5Layout l;
    l.base = base;
    for (std::uint32_t below = base; below > 0 && (l.levels == 0 || below > 1);) {
        ++l.levels;
        const auto level = std::size_t(l.levels);
        l.sizes[level] = below / HP5_FAN_IN + (below % HP5_FAN_IN != 0 ? 1u : 0u);
        l.offsets[level] = l.nodes;
        l.nodes += l.sizes[level];
        below = l.sizes[level];
    }
    return l;
}

Result<Hp5Pyramid> Hp5Pyramid::create(gl::ShaderLibrary& shaders, Hp5Base base, const std::string& label) {
    Hp5Pyramid p;
    p.m_shaders = &shaders;
    p.m_label = label;
    gl::ProgramDesc desc{label + " level", {{GL_COMPUTE_SHADER, "hp5_reduce.comp.glsl"}}, {}};
    if (base == Hp5Base::Words) desc.defines.push_back({"HP5_BASE_WORDS", ""});
    if (Result<void> r = shaders.addInto(p.m_build, desc); !r) return makeError(r.error());
    return p;
}

Result<void> Hp5Pyramid::reserve(std::uint32_t base, const gl::GlInfo& info, const std::string& who) {
    const Hp5Layout layout = hp5Layout(std::max(base, 1u));
    const std::int64_t nodeBytes = std::int64_t(layout.nodes) * 16;
    if (nodeBytes > info.maxStorageBlockBytes)
        return makeError(who + ": " + std::to_string(base) + " base elements need " +
                         std::to_string(nodeBytes >> 20) + " MiB of HP5 nodes, beyond this driver's storage block of " +
                         std::to_string(info.maxStorageBlockBytes >> 20) + " MiB (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    if (layout.nodes > m_nodeCapacity) {
        // Both or none: a refusal keeps the buffers of the previous base.
        Result<gl::Buffer> nodes = gl::allocateBuffer(GLsizeiptr(nodeBytes), nullptr, 0, m_label + " nodes");
        if (!nodes) return makeError(who + ": " + nodes.error());
        Result<gl::Buffer> totals =
            gl::allocateBuffer(GLsizeiptr(layout.nodes) * 4, nullptr, 0, m_label + " node totals");
        if (!totals) return makeError(who + ": " + totals.error());
        m_nodes = std::move(nodes.value());
        m_totals = std::move(totals.value());
        m_nodeCapacity = layout.nodes;
    }
    m_layout = layout;
    return {};
}

void Hp5Pyramid::build(GLuint baseBuffer) const {
    gl::DebugGroup group(m_label.c_str());
    const GLuint program = m_shaders->get(m_build);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, baseBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_NODES, m_nodes.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_TOTALS, m_totals.id());
    for (int level = 1; level <= m_layout.levels; ++level) {
        const auto l = std::size_t(level);
        glProgramUniform4ui(program, HP5_LOC_LEVEL, m_layout.offsets[l], m_layout.sizes[l],
                            level == 1 ? HP5_BELOW_IS_BASE : m_layout.offsets[l - 1],
                            level == 1 ? m_layout.base : m_layout.sizes[l - 1]);
        const std::uint32_t groups = (m_layout.sizes[l] + HP5_LOCAL_SIZE - 1) / HP5_LOCAL_SIZE;
        const std::uint32_t x = std::min<std::uint32_t>(groups, HP5_GROUPS_X);
        glDispatchCompute(x, (groups + x - 1) / x, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the next level reads these totals; the descent the nodes
    }
    glUseProgram(0);
}

void Hp5Pyramid::bindForDescent(GLuint program) const {
    glProgramUniform1ui(program, HP5_LOC_LEVELS, GLuint(m_layout.levels));
    glProgramUniform1uiv(program, HP5_LOC_OFFSETS, HP5_MAX_LEVELS, m_layout.offsets.data());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_NODES, m_nodes.id());
}

std::vector<glm::uvec4> Hp5Pyramid::readNodes(int level) const {
    if (level < 1 || level > m_layout.levels) return {};
    std::vector<glm::uvec4> out(m_layout.sizes[std::size_t(level)]);
    glGetNamedBufferSubData(m_nodes.id(), GLintptr(m_layout.offsets[std::size_t(level)]) * 16,
                            GLsizeiptr(out.size() * 16), out.data());
    return out;
}

std::vector<std::uint32_t> Hp5Pyramid::readTotals(int level) const {
    if (level < 1 || level > m_layout.levels) return {};
    std::vector<std::uint32_t> out(m_layout.sizes[std::size_t(level)]);
    glGetNamedBufferSubData(m_totals.id(), GLintptr(m_layout.offsets[std::size_t(level)]) * 4,
                            GLsizeiptr(out.size() * 4), out.data());
    return out;
}

} // namespace dicer::hp
