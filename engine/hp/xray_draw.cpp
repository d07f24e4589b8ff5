#include "xray_draw.h"

#include "allocation.h"
#include "hp_xray.h"

#include <glm/common.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>

namespace dicer::hp {

Result<void> XrayRecord::bind(const std::string& label) {
    if (!m_buffer) {
        Result<gl::Buffer> record = gl::allocateBuffer(HP_XRAY_WORDS * 4, nullptr, 0, label + " x-ray record");
        if (!record) return makeError(record.error());
        m_buffer = std::move(record.value());
    }
    glClearNamedBufferData(m_buffer.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_XRAY, m_buffer.id());
    return {};
}

std::vector<std::uint32_t> XrayRecord::read() const {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<std::uint32_t> words(HP_XRAY_WORDS);
    glGetNamedBufferSubData(m_buffer.id(), 0, GLsizeiptr(words.size() * 4), words.data());
    return words;
}

void dispatchXrayGroups(GLuint program, std::span<const XrayTile> tiles) {
    const std::size_t n = std::min(tiles.size(), std::size_t(HP_XRAY_MAX_TILES));
    std::array<glm::ivec4, HP_XRAY_MAX_TILES> tile{}, pixels{};
    int groups = 0;
    for (std::size_t i = 0; i < HP_XRAY_MAX_TILES; ++i) {
        if (i >= n) {
            tile[i].w = HP_XRAY_NO_TILE;
            continue;
        }
        const XrayTile& t = tiles[i];
        tile[i] = {t.level, t.block, t.slot, groups};
        pixels[i] = {t.pixels, t.at};
        const glm::ivec2 g = (t.pixels + HP_XRAY_LOCAL_SIZE - 1) / HP_XRAY_LOCAL_SIZE;
        groups += g.x * g.y;
    }
    if (groups == 0) return;
    glProgramUniform4iv(program, HP_LOC_XRAY_TILE, HP_XRAY_MAX_TILES, &tile[0].x);
    glProgramUniform4iv(program, HP_LOC_XRAY_PIXELS, GLsizei(n), &pixels[0].x);
    const int x = std::min(groups, HP_XRAY_MAX_GROUPS_X);
    glDispatchCompute(GLuint(x), GLuint((groups + x - 1) / x), 1);
}

void dispatchXrayTiles(GLuint program, std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    if (tiles.empty()) return;
    const std::size_t n = std::min(tiles.size(), std::size_t(HP_XRAY_MAX_TILES));
    std::array<glm::ivec4, HP_XRAY_MAX_TILES> nodes{};
    for (std::size_t i = 0; i < n; ++i) nodes[i] = {tiles[i].nodes, tiles[i].origin};
    glProgramUniform4iv(program, HP_LOC_XRAY_NODES, GLsizei(n), &nodes[0].x);
    glBindImageTexture(HP_IMAGE_XRAY_CANVAS, canvas.texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_XRAY_TOTALS, canvas.totals);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT); // the build's levels
    // One dispatch: each tile's own work groups.
    dispatchXrayGroups(program, tiles);
    // The view reads the canvas as an image and the totals as a buffer (a late copy and the colour pass).
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT);
}

} // namespace dicer::hp
