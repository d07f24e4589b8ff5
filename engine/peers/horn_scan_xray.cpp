// Horn's scan in the X-ray (horn_scan.h, hp/xray_levels.h): it builds no pyramid to descend, but its scan levels
// are one, 1024:1: level 0's scan over the texels, each level above the scan of the block totals below. The
// view draws each level as the elements it scans (horn_xray_levels.comp.glsl: differences of the finished scan),
// then the top block's total; every level sums to the count.
#include "horn_scan.h"

#include "gl_debug.h"
#include "peers_shared.h"
#include "xray_draw.h"

#include <array>

namespace dicer::peers {

std::vector<hp::XrayLevel> HornScan::xrayLevels() const {
    std::vector<hp::XrayLevel> levels;
    if (m_levels.empty() || m_levels.size() + 1 > HORN_XRAY_MAX_LEVELS) return levels;
    levels.push_back({0, m_size, "texels (0 or 1: the steps of its scan)", false});
    for (std::size_t l = 1; l < m_levels.size(); ++l)
        levels.push_back({int(l), hp::zOrderExtent(m_levels[l].elements),
                          "block totals (1024 below; from its scan)", true});
    levels.push_back({int(m_levels.size()), {1, 1}, "the total (the top block's)", true});
    return levels;
}

Result<void> HornScan::drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
    if (m_levels.empty()) return makeError(std::string(name()) + ": nothing has been scanned");
    if (!m_xrayLevels.valid()) {
        auto program = m_shaders->add(
            {"horn_scan/xray levels", {{GL_COMPUTE_SHADER, "horn_xray_levels.comp.glsl"}}, {}});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("horn_scan x-ray levels");
    // Level 0 bound alone (it may fill a storage block); the levels above and the top's total as one range from
    // level 1 (or the total) on, each level at its offset in that range.
    const std::int64_t upperStart = m_levels.size() > 1 ? m_levels[1].offset : m_topSumOffset;
    std::array<std::uint32_t, HORN_XRAY_MAX_LEVELS> offsets{}, elements{};
    for (std::size_t l = 0; l < m_levels.size(); ++l) {
        offsets[l] = std::uint32_t((m_levels[l].offset - upperStart) / 4);
        elements[l] = m_levels[l].elements;
    }
    offsets[m_levels.size()] = std::uint32_t((m_topSumOffset - upperStart) / 4);
    elements[m_levels.size()] = 1;
    const GLuint program = m_shaders->get(m_xrayLevels);
    glProgramUniform1i(program, HORN_LOC_XRAY_WIDTH, m_size.x);
    glProgramUniform1uiv(program, HORN_LOC_XRAY_OFFSETS, HORN_XRAY_MAX_LEVELS, offsets.data());
    glProgramUniform1uiv(program, HORN_LOC_XRAY_ELEMENTS, HORN_XRAY_MAX_LEVELS, elements.data());
    bindLevel(PEER_BIND_DATA, 0);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, PEER_BIND_SUMS, m_scan.id(), GLintptr(upperStart),
                      GLsizeiptr(m_topSumOffset + 4 - upperStart));
    glUseProgram(program);
    hp::dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

} // namespace dicer::peers
