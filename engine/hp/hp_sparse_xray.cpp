// hp_sparse's X-ray (hp_sparse.h): its levels (xray_levels.h), its 1D pyramid over the pool's masks drawn in Z order
// from the pool and the levels buffer the build wrote (hps_xray_levels.comp.glsl); and an output's path, recorded
// by the list pass's own climb (hps_list.comp.glsl with HP_XRAY).
#include "hp_sparse.h"

#include "gl_debug.h"
#include "hp_xray.h"
#include "xray_draw.h"

#include <string>

namespace dicer::hp {

std::vector<XrayLevel> SparseHistoPyramid::xrayLevels() const {
    std::vector<XrayLevel> levels;
    if (m_levels == 0) return levels;
    // The extents hold the pool's capacity (the used slots are known on the GPU only): past them, 0.
    for (int l = 0; l <= m_levels; ++l) {
        const char* unit = l == 0   ? "64-bit masks of 8x8 texels (16 a slot)"
                           : l == 1 ? "quadrants (4 masks)"
                           : l == 2 ? "slots (marked 32x32 bricks)"
                                    : "sums (4 children's sums stored)";
        levels.push_back({l, zOrderExtent(sparseLevelNodes(m_slots, l)), unit, true});
    }
    // The coarse map's bricks where they lie in the atlas, each holding its slot's points (level 2's node).
    const int grid = hpSparseGrid(m_side);
    levels.push_back({m_levels + 1, {grid, grid}, "bricks of 32x32 texels (their points; 0: not marked)", false,
                      "bricks", SPARSE_BRICK});
    return levels;
}

Result<void> SparseHistoPyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    if (m_levels == 0 || m_index == 0 || m_pool == 0)
        return makeError(std::string(name()) + ": the pyramid has not been built");
    if (!m_xrayLevels.valid()) {
        auto program =
            m_shaders->add({"hp_sparse/xray levels", {{GL_COMPUTE_SHADER, "hps_xray_levels.comp.glsl"}}, {}});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("x-ray levels");
    const GLuint program = m_shaders->get(m_xrayLevels);
    glProgramUniform1iv(program, HPS_LOC_LEVEL_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
    glProgramUniform1i(program, HPS_LOC_XRAY_SIDE, m_side);
    glProgramUniform1i(program, HPS_LOC_XRAY_BRICK_LEVEL, m_levels + 1);
    bindInput();
    glUseProgram(program);
    dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

Result<XrayPath> SparseHistoPyramid::trace(std::uint32_t k) {
    const std::string who = name();
    if (m_levels == 0 || m_index == 0 || m_pool == 0)
        return makeError(who + ": the pyramid has not been built");
    if (Result<void> r = checkTraceKey(k); !r) return makeError(r.error());
    if (!m_xrayTrace.valid()) {
        auto program =
            m_shaders->add({who + "/xray", {{GL_COMPUTE_SHADER, "hps_list.comp.glsl"}}, {{"HP_XRAY", ""}}});
        if (!program) return makeError(program.error());
        m_xrayTrace = *program;
    }
    gl::DebugGroup group("hp_sparse x-ray trace");
    if (Result<void> r = m_xrayRecord.bind(who); !r) return makeError(r.error());
    const GLuint program = m_shaders->get(m_xrayTrace);
    glProgramUniform1ui(program, HP_LOC_XRAY_KEY, k);
    glProgramUniform1i(program, HP_LOC_LEVELS, m_levels);
    glProgramUniform1iv(program, HPS_LOC_LEVEL_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
    glUseProgram(program);
    bindInput();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, argsBuffer());
    // Every quadrant climbs, as the list does; the one holding k records (the list's arguments: the build's).
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_buildArgs.id());
    glDispatchComputeIndirect(HPS_LIST_ARGS * 4);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glUseProgram(0);
    return parseXrayRecord(m_xrayRecord.read(), k, /*maskLevel=*/0);
}

} // namespace dicer::hp
