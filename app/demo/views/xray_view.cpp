#include "xray_view.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_xray.h"
#include "view_shared.h"
#include "xray_draw.h"

#include <algorithm>
#include <array>

namespace dicer::app {

Result<XrayView> XrayView::create(gl::ShaderLibrary& shaders) {
    XrayView v(shaders);
    auto colour = shaders.add({"x-ray view", {{GL_COMPUTE_SHADER, "xray_view.comp.glsl"}}, {}});
    if (!colour) return makeError(colour.error());
    v.m_colour = *colour;
    Result<gl::Buffer> totals = gl::allocateBuffer(kMaxTiles * 4, nullptr, 0, "x-ray totals");
    if (!totals) return makeError(totals.error());
    v.m_totalsBuffer = std::move(totals.value());
    auto late = gl::LateReadback::create(kMaxTiles, "x-ray totals ring");
    if (!late) return makeError(late.error());
    v.m_late = std::move(late.value());
    return v;
}

Result<void> XrayView::resize(glm::ivec2 size) {
    if (size == m_size) return {};
    Result<gl::Texture> canvas = gl::allocateTexture2D(size.x, size.y, GLenum(GL_R32UI), 1, "x-ray canvas");
    if (!canvas) return makeError("x-ray view: " + canvas.error());
    Result<gl::Texture> image = gl::allocateTexture2D(size.x, size.y, GLenum(GL_RGBA8), 1, "x-ray view image");
    if (!image) return makeError("x-ray view: " + image.error());
    glTextureParameteri(image->id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST); // cells stay crisp when magnified
    glTextureParameteri(image->id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    m_canvas = std::move(canvas.value());
    m_retiredImage = std::move(m_image); // the panel recorded its draw with it this frame
    m_image = std::move(image.value());
    m_size = size;
    return {};
}

Result<void> XrayView::render(const XrayPyramid& pyramid, glm::vec4 window, int side) {
    if (pyramid.levels.empty() || !pyramid.draw) return makeError("x-ray view: no pyramid");
    side = std::clamp(side, 8, 512);
    std::span<const hp::XrayLevel> levels = pyramid.levels;
    if (levels.size() > std::size_t(kMaxTiles)) levels = levels.last(std::size_t(kMaxTiles));
    std::vector<hp::XrayTile> tiles = hp::planXrayTiles(levels, window, side, kColumns);
    if (Result<void> r = resize(hp::xrayCanvasSize(tiles, side, kColumns)); !r) return r;
    gl::DebugGroup group("x-ray view");
    glClearNamedBufferData(m_totalsBuffer.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    if (Result<void> r = pyramid.draw(tiles, {m_canvas.id(), m_totalsBuffer.id()}); !r) return r;
    const GLuint program = m_shaders->get(m_colour);
    // The colour map's top: the pyramid's top tile (its one node, the count), not a tile beside the levels after it
    // (hp_sparse's brick map: zoomed, its total is only the bricks in view).
    const int top = std::max(hp::xrayPyramidLevels(levels) - 1, 0);
    glProgramUniform1i(program, XRAY_LOC_TOP_SLOT, tiles[std::size_t(std::min(top, int(tiles.size()) - 1))].slot);
    glUseProgram(program);
    glBindImageTexture(HP_IMAGE_XRAY_CANVAS, m_canvas.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glBindImageTexture(VIEW_IMAGE_DST, m_image.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_XRAY_TOTALS, m_totalsBuffer.id());
    // Only the tiles' pixels, each tile its own work groups: the panel shows nothing else of the image.
    hp::dispatchXrayGroups(program, tiles);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); // ImGui samples it later this frame
    glUseProgram(0);
    // The captions' totals: a late copy. A new plan (other levels or window) makes older copies another's.
    if (tiles != m_tiles) {
        m_late->clear();
        m_totals.clear();
    }
    m_late->push(m_totalsBuffer.id());
    if (std::span<const std::uint32_t> late = m_late->poll(); !late.empty())
        m_totals.assign(late.begin(), late.begin() + std::ptrdiff_t(tiles.size()));
    m_tiles = std::move(tiles);
    m_levels.assign(levels.begin(), levels.end());
    m_side = side;
    ++m_renders;
    return {};
}

} // namespace dicer::app
