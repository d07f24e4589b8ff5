// hp_sparse's X-ray levels (hp_sparse.h, xray_levels.h): its 1D pyramid over the pool's masks, drawn in Z order
// from the pool and the levels buffer the build wrote (hps_xray_levels.comp.glsl).
#include "hp_sparse.h"

#include "gl_debug.h"
#include "xray_draw.h"

#include <string>

namespace dicer::hp {

std::vector<XrayLevel> SparseHistoPyramid::xrayLevels() const {
    std::vector<XrayLevel> levels;
    if (m_levels == 0) return levels;
    // The extents hold the pool's capacity (the used slots are known on the GPU only): past them, 0.
    for (int l = 0; l <= m_levels; ++l) {
        const char* unit = l == 0 ? "64-bit masks of 8x8 texels (16 a slot)"
                         : l == 1 ? "quadrants (4 masks)"
                         : l == 2 ? "slots (marked 32x32 bricks)"
                                  : "sums (4 children's sums stored)";
        levels.push_back({l, zOrderExtent(sparseLevelNodes(m_slots, l)), unit, true});
    }
    return levels;
}

Result<void> SparseHistoPyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    if (m_levels == 0 || m_index == 0 || m_pool == 0)
        return makeError(std::string(name()) + ": the pyramid has not been built");
    if (!m_xrayLevels.valid()) {
        auto program = m_shaders->add({"hp_sparse/xray levels", {{GL_COMPUTE_SHADER, "hps_xray_levels.comp.glsl"}}, {}});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("x-ray levels");
    const GLuint program = m_shaders->get(m_xrayLevels);
    glProgramUniform1iv(program, HPS_LOC_LEVEL_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
    bindInput();
    glUseProgram(program);
    dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

} // namespace dicer::hp
