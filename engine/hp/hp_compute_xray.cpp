// The compute pyramids' X-ray (hp_compute.h, xray.h): the list pass itself, compiled with HP_XRAY, run as one
// invocation that follows output k and records its descent instead of writing the point; and the view's tiles
// of their levels (xray_levels.h), read from the level textures and masks the build stored.
#include "hp_compute.h"

#include "gl_debug.h"
#include "hp_xray.h"
#include "xray_draw.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace dicer::hp {

Result<XrayPath> ComputeHistoPyramid::trace(std::uint32_t k) {
    const std::string who = name();
    if (m_levelCount == 0) return makeError(who + ": the pyramid has not been built");
    if (Result<void> r = checkTraceKey(k); !r) return makeError(r.error());
    if (!m_xray.valid()) {
        std::vector<std::pair<std::string, std::string>> defines{{"HP_XRAY", ""}};
        if (m_source == PyramidSource::Bits) defines.push_back({"HPC_FROM_BITS", ""});
        auto program = m_shaders->add({who + "/xray", {{GL_COMPUTE_SHADER, "hpc_list.comp.glsl"}}, defines});
        if (!program) return makeError(program.error());
        m_xray = *program;
    }
    gl::DebugGroup group("x-ray trace");
    if (Result<void> r = m_xrayRecord.bind(who); !r) return makeError(r.error());
    const GLuint program = m_shaders->get(m_xray);
    glProgramUniform1ui(program, HP_LOC_XRAY_KEY, k);
    glProgramUniform1i(program, HP_LOC_LEVELS, m_levelCount);
    glUseProgram(program);
    bindLevels(program);
    glDispatchCompute(1, 1, 1);
    glUseProgram(0);
    return parseXrayRecord(m_xrayRecord.read(), k, HPC_MASK_LEVEL);
}

void ComputeHistoPyramid::bindLevels(GLuint program, bool sums, bool masks) const {
    if (sums) glProgramUniform1iv(program, HPC_LOC_LEVEL_OFFSETS, HPC_MAX_LEVELS + 1, m_offsets);
    if (m_source == PyramidSource::Bits && masks) {
        glProgramUniform2i(program, HP_LOC_INPUT_SIZE, m_inputSize.x, m_inputSize.y);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, m_bits);
        bindBitsView(m_bits, false); // the X-ray's programs read a block a load
    }
    for (int t = 0; t < kTextures; ++t) { // the X-ray's tiles sample them
        glBindTextureUnit(GLuint(HPC_UNIT_MASKS + t), m_textures[t].id());
        glBindSampler(GLuint(HPC_UNIT_MASKS + t), 0);
    }
    bindLevelImages(); // the traversal (the list pass with HP_XRAY) loads them as images
}

int ComputeHistoPyramid::xrayTexture(int level) const {
    // Levels not stored are sums of the masks under their nodes (hpc_xray_levels.comp.glsl, texture 0).
    return storesLevel(level) ? computeLevelTexture(level) : 0;
}

std::vector<XrayLevel> ComputeHistoPyramid::xrayLevels() const {
    std::vector<XrayLevel> levels;
    if (m_levelCount == 0) return levels;
    for (int l = 0; l <= m_levelCount; ++l) {
        const char* unit = l == 0 ? (m_source == PyramidSource::Bits ? "bits (texels)" : "texels")
                           : l < HPC_MASK_LEVEL  ? "sums (masks' bits)"
                           : l == HPC_MASK_LEVEL ? "64-bit masks of 8x8 texels"
                           : !storesLevel(l)     ? "sums (2x2 masks' popcounts)"
                                                 : "sums (texels of 4 children's sums)";
        levels.push_back({l, computeLevelSize(m_inputSize, l), unit});
    }
    return levels;
}

Result<void> ComputeHistoPyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    const std::string who = name();
    if (m_levelCount == 0) return makeError(who + ": the pyramid has not been built");
    for (int t = 0; t < kTextures; ++t) {
        if (m_xrayLevels[t].valid()) continue;
        std::vector<std::pair<std::string, std::string>> defines{{"HPC_XRAY_TEXTURE", std::to_string(t)}};
        if (m_source == PyramidSource::Bits) defines.push_back({"HPC_FROM_BITS", ""});
        auto program = m_shaders->add({who + "/xray levels " + std::to_string(t),
                                       {{GL_COMPUTE_SHADER, "hpc_xray_levels.comp.glsl"}},
                                       defines});
        if (!program) return makeError(program.error());
        m_xrayLevels[t] = *program;
    }
    gl::DebugGroup group("x-ray levels");
    for (int t = 0; t < kTextures; ++t) { // the tiles of each level texture's program
        std::vector<XrayTile> own;
        for (const XrayTile& tile : tiles)
            if (xrayTexture(tile.level) == t) own.push_back(tile);
        if (own.empty()) continue;
        const GLuint program = m_shaders->get(m_xrayLevels[t]);
        glUseProgram(program);
        bindLevels(program, t != 0, t == 0);
        dispatchXrayTiles(program, own, canvas);
    }
    glUseProgram(0);
    return {};
}

} // namespace dicer::hp
