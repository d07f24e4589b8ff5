#include "hp5_pyramid.h"

#include "allocation.h"
#include "gl_debug.h"
#include "xray_draw.h"

#include <algorithm>

namespace dicer::hp {

namespace {

std::uint32_t wholeQuads(std::uint32_t entries) {
    return (entries + 3u) / 4u * 4u;
}

} // namespace

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
    p.m_base = base;
    gl::ProgramDesc desc{label + " level", {{GL_COMPUTE_SHADER, "hp5_reduce.comp.glsl"}}, {}};
    if (base == Hp5Base::Words) desc.defines.push_back({"HP5_BASE_WORDS", ""});
    if (Result<void> r = shaders.addInto(p.m_build, desc); !r) return makeError(r.error());
    desc.name = label + " level 1";
    desc.defines.push_back({"HP5_LEVEL1_QUADS", ""});
    if (Result<void> r = shaders.addInto(p.m_buildLevel1, desc); !r) return makeError(r.error());
    p.m_nodesView = gl::BufferView::create(GL_RGBA32UI, 16, label + " nodes view");
    p.m_level1View = gl::BufferView::create(GL_RGBA32UI, 16, label + " level 1 view");
    return p;
}

Result<void> Hp5Pyramid::reserve(std::uint32_t base, const gl::GlInfo& info, const std::string& who) {
    const Hp5Layout layout = hp5Layout(std::max(base, 1u));
    const std::int64_t level1Bytes = std::int64_t(layout.sizes[1]) * 4;
    const std::int64_t upperBytes = std::int64_t(layout.upperNodes()) * 16;
    const std::int64_t totalBytes = std::int64_t(layout.nodes) * 4;
    const std::int64_t largest = std::max({level1Bytes, upperBytes, totalBytes});
    if (largest > info.maxStorageBlockBytes)
        return makeError(who + ": " + std::to_string(base) + " base elements need " +
                         std::to_string(largest >> 20) + " MiB of HP5 nodes in one block, beyond this driver's " +
                         "storage block of " + std::to_string(info.maxStorageBlockBytes >> 20) +
                         " MiB (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    // The descent reads the nodes through views (hp5_descend.glsl).
    for (Result<void> fits : {m_nodesView.fits(GLsizeiptr(upperBytes), info, "HP5 nodes"),
                              m_level1View.fits(GLsizeiptr(level1Bytes), info, "HP5 level 1")})
        if (!fits) return makeError(who + ": " + fits.error());
    // All or none: a refusal keeps the buffers of the previous base.
    struct Grow {
        gl::Buffer* buffer;
        std::uint32_t* capacity;
        std::uint32_t needed;
        GLsizeiptr bytesEach;
        const char* what;
    } grows[] = {// level 1's build writes whole quads of nodes (hp5_reduce.comp.glsl, HP5_LEVEL1_QUADS)
                 {&m_level1, &m_level1Capacity, wholeQuads(layout.sizes[1]), 4, " level 1"},
                 {&m_nodes, &m_nodeCapacity, std::max(layout.upperNodes(), 1u), 16, " nodes"},
                 {&m_totals, &m_totalCapacity, std::max(layout.nodes, wholeQuads(layout.sizes[1])), 4,
                  " node totals"}};
    gl::Buffer grown[3];
    for (int i = 0; i < 3; ++i) {
        if (grows[i].needed <= *grows[i].capacity) continue;
        Result<gl::Buffer> b = gl::allocateBuffer(GLsizeiptr(grows[i].needed) * grows[i].bytesEach, nullptr, 0,
                                                  m_label + grows[i].what);
        if (!b) return makeError(who + ": " + b.error());
        grown[i] = std::move(b.value());
    }
    for (int i = 0; i < 3; ++i)
        if (grown[i]) {
            *grows[i].buffer = std::move(grown[i]);
            *grows[i].capacity = grows[i].needed;
        }
    m_layout = layout;
    return {};
}

void Hp5Pyramid::build(GLuint baseBuffer) const {
    gl::DebugGroup group(m_label.c_str());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, baseBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_TOTALS, m_totals.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_LEVEL1, m_level1.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_NODES, m_nodes.id());
    for (int level = 1; level <= m_layout.levels; ++level) {
        const auto l = std::size_t(level);
        // Level 1 (the largest) four nodes an invocation, the others one (their totals' offsets are not quads).
        const GLuint program = m_shaders->get(level == 1 ? m_buildLevel1 : m_build);
        glUseProgram(program);
        // Level 1's program writes its nodes at 0 (an unread location is no location on some drivers).
        if (level >= 2)
            glProgramUniform1ui(program, HP5_LOC_NODE_SHIFT,
                                m_layout.offsets[l] - m_layout.nodeOffset(level));
        glProgramUniform4ui(program, HP5_LOC_LEVEL, m_layout.offsets[l], m_layout.sizes[l],
                            level == 1 ? HP5_BELOW_IS_BASE : m_layout.offsets[l - 1],
                            level == 1 ? m_layout.base : m_layout.sizes[l - 1]);
        const std::uint32_t invocations = level == 1 ? wholeQuads(m_layout.sizes[l]) / 4 : m_layout.sizes[l];
        const std::uint32_t groups = (invocations + HP5_LOCAL_SIZE - 1) / HP5_LOCAL_SIZE;
        const std::uint32_t x = std::min<std::uint32_t>(groups, HP5_GROUPS_X);
        glDispatchCompute(x, (groups + x - 1) / x, 1);
        // The next level reads these totals; the descent the nodes, through views (image loads).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }
    glUseProgram(0);
}

void Hp5Pyramid::bindForDescent(GLuint program) const {
    std::array<GLuint, HP5_MAX_LEVELS> offsets{};
    for (int level = 2; level <= m_layout.levels; ++level)
        offsets[std::size_t(level)] = m_layout.nodeOffset(level);
    glProgramUniform1ui(program, HP5_LOC_LEVELS, GLuint(m_layout.levels));
    glProgramUniform1uiv(program, HP5_LOC_OFFSETS, HP5_MAX_LEVELS, offsets.data());
    m_nodesView.bind(HP5_IMAGE_NODES, m_nodes.id(), GLsizeiptr(m_layout.upperNodes()) * 16);
    m_level1View.bind(HP5_IMAGE_LEVEL1, m_level1.id(), GLsizeiptr(wholeQuads(m_layout.sizes[1])) * 4);
}

std::vector<XrayLevel> Hp5Pyramid::xrayLevels(const char* baseUnit) const {
    std::vector<XrayLevel> levels;
    if (m_layout.levels == 0) return levels;
    levels.push_back({0, zOrderExtent(m_layout.base), baseUnit, true});
    for (int l = 1; l <= m_layout.levels; ++l)
        levels.push_back({l, zOrderExtent(m_layout.sizes[std::size_t(l)]), "node totals (of 5 below)", true});
    return levels;
}

Result<void> Hp5Pyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas, GLuint baseBuffer) {
    if (m_layout.levels == 0) return makeError(m_label + ": nothing has been built");
    if (!m_xray.valid()) {
        gl::ProgramDesc desc{m_label + " x-ray levels", {{GL_COMPUTE_SHADER, "hp5_xray_levels.comp.glsl"}}, {}};
        if (m_base == Hp5Base::Words) desc.defines.push_back({"HP5_BASE_WORDS", ""});
        auto program = m_shaders->add(desc);
        if (!program) return makeError(program.error());
        m_xray = *program;
    }
    gl::DebugGroup group((m_label + " x-ray levels").c_str());
    const GLuint program = m_shaders->get(m_xray);
    std::array<std::uint32_t, HP5_MAX_LEVELS> sizes = m_layout.sizes;
    sizes[0] = m_layout.base;
    glProgramUniform1uiv(program, HP5_LOC_XRAY_SIZES, HP5_MAX_LEVELS, sizes.data());
    glProgramUniform1uiv(program, HP5_LOC_XRAY_OFFSETS, HP5_MAX_LEVELS, m_layout.offsets.data());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, baseBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_TOTALS, m_totals.id());
    glUseProgram(program);
    dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

std::vector<glm::uvec4> Hp5Pyramid::readNodes(int level) const {
    if (level < 1 || level > m_layout.levels) return {};
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the build's shader writes, for the read-back
    std::vector<glm::uvec4> out(m_layout.sizes[std::size_t(level)]);
    if (level > 1) {
        glGetNamedBufferSubData(m_nodes.id(), GLintptr(m_layout.nodeOffset(level)) * 16, GLsizeiptr(out.size() * 16),
                                out.data());
        return out;
    }
    std::vector<std::uint32_t> packed(out.size());
    glGetNamedBufferSubData(m_level1.id(), 0, GLsizeiptr(packed.size() * 4), packed.data());
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = {packed[i] & 0xffu, packed[i] >> 8 & 0xffu, packed[i] >> 16 & 0xffu, packed[i] >> 24};
    return out;
}

std::vector<std::uint32_t> Hp5Pyramid::readTotals(int level) const {
    if (level < 1 || level > m_layout.levels) return {};
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<std::uint32_t> out(m_layout.sizes[std::size_t(level)]);
    glGetNamedBufferSubData(m_totals.id(), GLintptr(m_layout.offsets[std::size_t(level)]) * 4,
                            GLsizeiptr(out.size() * 4), out.data());
    return out;
}

} // namespace dicer::hp
