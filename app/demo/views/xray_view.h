// The X-ray panel's image: every level of a pyramid (a point method's or the surface's, hp/xray_levels.h) drawn
// by the method from its own GPU structures into a canvas of tiles, then coloured through the log colour map
// (shaders/views/xray_view.comp.glsl). The tiles' totals come back a few frames late (gl::LateReadback) for the
// panel's captions; nothing waits. Made the first time the view is shown: while it is off, nothing here exists
// or runs.
#pragma once

#include "gl_handle.h"
#include "hp_xray.h"
#include "late_readback.h"
#include "result.h"
#include "shader.h"
#include "xray_levels.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace dicer::app {

// A pyramid to draw: its levels and the method's draw (PointMethod::drawXray or McMethod::drawXray).
struct XrayPyramid {
    std::vector<hp::XrayLevel> levels;
    std::function<Result<void>(std::span<const hp::XrayTile>, const hp::XrayCanvas&)> draw;
};

class XrayView {
public:
    static constexpr int kColumns = 5;
    static constexpr int kMaxTiles = HP_XRAY_MAX_TILES;

    static Result<XrayView> create(gl::ShaderLibrary& shaders);

    // Draws `pyramid`'s levels for the window [x0, y0, x1, y1] (fractions of every level) in tiles of at most
    // `side` pixels a side. Errors: the method's (nothing built), a canvas the driver refused; the previous
    // image stays.
    Result<void> render(const XrayPyramid& pyramid, glm::vec4 window, int side);

    GLuint image() const { return m_image.id(); }
    glm::ivec2 imageSize() const { return m_size; }
    int side() const { return m_side; }
    const std::vector<hp::XrayTile>& tiles() const { return m_tiles; } // the last render's, base first
    const std::vector<hp::XrayLevel>& levels() const { return m_levels; } // what they are of
    // The tiles' totals as they came back (late: they may belong to a frame a few frames old); empty until the
    // first arrives.
    std::span<const std::uint32_t> totals() const { return m_totals; }
    int renders() const { return m_renders; }

private:
    explicit XrayView(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    Result<void> resize(glm::ivec2 size);

    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_colour;
    gl::Texture m_canvas, m_image;
    gl::Texture m_retiredImage; // the image before the last new size: ImGui may still draw it this frame
    gl::Buffer m_totalsBuffer;
    std::unique_ptr<gl::LateReadback> m_late;
    glm::ivec2 m_size{0};
    int m_side = 0;
    std::vector<hp::XrayTile> m_tiles;
    std::vector<hp::XrayLevel> m_levels;
    std::vector<std::uint32_t> m_totals;
    int m_renders = 0;
};

} // namespace dicer::app
