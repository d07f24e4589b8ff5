// The paper variants' X-ray (histopyramid.h, xray.h, xray_levels.h): the PointList builder's traversal
// (hp_list.comp.glsl's hpFind, which the fragment list pass runs too) compiled with HP_XRAY follows one output;
// their levels as stored (mip levels of one or four channels, the rectangle's packed levels, float or uint),
// drawn by hp_xray_levels.comp.glsl with the variant's own storage defines.
#include "histopyramid.h"
#include "paper_method.h"

#include "gl_debug.h"
#include "hp_xray.h"
#include "xray_draw.h"

namespace dicer::hp {

std::vector<XrayLevel> HistoPyramid::xrayLevels() const {
    std::vector<XrayLevel> levels;
    if (m_levels == 0) return levels;
    for (int l = 0; l <= m_levels; ++l) {
        const char* unit = l == 0 ? "texels (not stored: the discriminator)" : "sums";
        levels.push_back({l, glm::ivec2(std::max(m_baseSize >> l, 1)), unit});
    }
    return levels;
}

Result<void> HistoPyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    if (m_levels == 0) return makeError(std::string(name()) + ": the pyramid has not been built");
    if (!m_xrayLevels.valid()) {
        auto program = m_shaders.add({std::string(name()) + "/" + storageName(m_storage) + "/xray levels",
                                      {{GL_COMPUTE_SHADER, "hp_xray_levels.comp.glsl"}},
                                      defines()});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("x-ray levels");
    const GLuint program = m_shaders.get(m_xrayLevels);
    glUseProgram(program);
    bindForTraversal(program);
    dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

Result<XrayPath> HistoPyramid::trace(std::uint32_t k) {
    const std::string who = name();
    if (m_levels == 0) return makeError(who + ": the pyramid has not been built");
    if (!m_xrayList.valid()) {
        Defines defs = defines();
        defs.push_back({"HP_XRAY", ""});
        auto program = m_shaders.add({who + "/" + storageName(m_storage) + "/list-indirect xray",
                                      {{GL_COMPUTE_SHADER, "hp_list.comp.glsl"}},
                                      defs});
        if (!program) return makeError(program.error());
        m_xrayList = *program;
    }
    gl::DebugGroup group("x-ray trace");
    if (Result<void> r = m_xrayRecord.bind(who); !r) return makeError(r.error());
    const GLuint program = m_shaders.get(m_xrayList);
    glUseProgram(program);
    bindForTraversal(program);
    glProgramUniform1ui(program, HP_LOC_XRAY_KEY, k);
    glDispatchCompute(1, 1, 1);
    glUseProgram(0);
    return parseXrayRecord(m_xrayRecord.read(), k, /*maskLevel=*/-1);
}

Result<XrayPath> PaperMethod::trace(std::uint32_t k) {
    if (Result<void> r = checkTraceKey(k); !r) return makeError(r.error());
    return pyramid().trace(k);
}

std::vector<XrayLevel> PaperMethod::xrayLevels() const {
    return pyramid().xrayLevels();
}

Result<void> PaperMethod::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    return pyramid().drawXray(tiles, canvas);
}

} // namespace dicer::hp
