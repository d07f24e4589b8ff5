// The marching cubes' X-ray (mc_expander.h, mc_xray.h): the expansion pass itself, compiled with HP_XRAY, run as
// one invocation that follows vertex k and records its descent instead of writing the vertex; and the view's
// tiles of its levels (hp/xray_levels.h), read from the cases and the levels the passes stored.
#include "mc_expander.h"

#include "gl_debug.h"
#include "hp_xray.h"
#include "xray_draw.h"

#include <string>

namespace dicer::surface {

Result<McXrayPath> McExpander::trace(std::uint32_t k) {
    if (m_layout.levels == 0) return makeError(std::string(name()) + ": nothing has been expanded");
    const std::uint32_t total = readTotal();
    if (k >= total)
        return makeError(std::string(name()) + ": vertex " + std::to_string(k) + " is beyond the " +
                         std::to_string(total) + " vertices");
    if (!m_xray[0].valid()) {
        Result<void> r = discriminate::addKindPrograms(
            *m_shaders, m_xray, {"mc expand (x-ray)", {{GL_COMPUTE_SHADER, "mc_expand.comp.glsl"}}, {{"HP_XRAY", ""}}});
        if (!r) return makeError(r.error());
    }
    gl::DebugGroup group("mc x-ray trace");
    if (Result<void> r = m_xrayRecord.bind(name()); !r) return makeError(r.error());
    const GLuint program = useWordsProgram(m_xray);
    bindPlacement(program);
    glProgramUniform1ui(program, MC_LOC_LEVELS, GLuint(m_layout.levels));
    glProgramUniform1uiv(program, MC_LOC_OFFSETS, MC_MAX_LEVELS, m_layout.offsets.data());
    glProgramUniform1uiv(program, MC_LOC_XRAY_SIZES, MC_MAX_LEVELS, m_layout.sizes.data());
    glProgramUniform1ui(program, MC_LOC_XRAY_KEY, k);
    bindPyramidViews();
    bindVertexOutput();
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glDispatchCompute(1, 1, 1);
    glUseProgram(0);
    return parseMcXrayRecord(m_xrayRecord.read(), k);
}

std::vector<hp::XrayLevel> McExpander::xrayLevels() const {
    std::vector<hp::XrayLevel> levels;
    if (m_layout.levels == 0) return levels;
    levels.push_back({0, hp::zOrderExtent(std::uint64_t(m_layout.words) * 4), "cells (their vertex counts)", true});
    levels.push_back({1, hp::zOrderExtent(m_layout.words), "base words (4 cells)", true});
    for (int l = 2; l <= m_layout.levels; ++l)
        levels.push_back({l, hp::zOrderExtent(m_layout.sizes[std::size_t(l)]), "sums (of 4 below)", true});
    return levels;
}

Result<void> McExpander::drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
    if (m_layout.levels == 0) return makeError(std::string(name()) + ": nothing has been expanded");
    if (!m_xrayLevels.valid()) {
        auto program = m_shaders->add({"hp_mc/xray levels", {{GL_COMPUTE_SHADER, "mc_xray_levels.comp.glsl"}}, {}});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("mc x-ray levels");
    const GLuint program = m_shaders->get(m_xrayLevels);
    std::array<std::uint32_t, MC_MAX_LEVELS> sizes = m_layout.sizes;
    sizes[0] = m_layout.words * 4u;
    glProgramUniform1uiv(program, MC_LOC_OFFSETS, MC_MAX_LEVELS, m_layout.offsets.data());
    glProgramUniform1uiv(program, MC_LOC_XRAY_SIZES, MC_MAX_LEVELS, sizes.data());
    m_table.bind();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, casesBuffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_upper.id());
    glUseProgram(program);
    hp::dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

} // namespace dicer::surface
