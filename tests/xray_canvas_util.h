// The X-ray view's canvas in tests (engine/hp/xray_levels.h): drawn by a method, read back, compared with the
// CPU's sums of each tile's pixels.
#pragma once

#include "allocation.h"
#include "gl_test_util.h"
#include "xray_levels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace dicer::test {

inline constexpr std::uint32_t kUntouched = 0xdeadbeefu;

// The canvas for `tiles`, drawn by `draw`, read back: its pixels (row-major) and one total a tile.
struct DrawnCanvas {
    glm::ivec2 size{0};
    std::vector<std::uint32_t> pixels, totals;
    std::uint32_t at(glm::ivec2 p) const { return pixels[std::size_t(p.y) * std::size_t(size.x) + std::size_t(p.x)]; }
};

template <class Draw>
DrawnCanvas drawXrayCanvas(std::span<const hp::XrayTile> tiles, int side, int columns, Draw&& draw) {
    DrawnCanvas c;
    c.size = hp::xrayCanvasSize(tiles, side, columns);
    Result<gl::Texture> texture = gl::allocateTexture2D(c.size.x, c.size.y, GLenum(GL_R32UI), 1, "test canvas");
    EXPECT_TRUE(texture) << texture.error();
    if (!texture) return c;
    glClearTexImage(texture->id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &kUntouched);
    Result<gl::Buffer> totals = gl::allocateBuffer(GLsizeiptr(tiles.size() * 4), nullptr, 0, "test totals");
    EXPECT_TRUE(totals) << totals.error();
    if (!totals) return c;
    glClearNamedBufferData(totals->id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    Result<void> r = draw(hp::XrayCanvas{texture->id(), totals->id()});
    EXPECT_TRUE(r) << r.error();
    c.pixels.resize(std::size_t(c.size.x) * std::size_t(c.size.y));
    glGetTextureImage(texture->id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, GLsizei(c.pixels.size() * 4), c.pixels.data());
    c.totals.resize(tiles.size());
    glGetNamedBufferSubData(totals->id(), 0, GLsizeiptr(c.totals.size() * 4), c.totals.data());
    return c;
}

// Every tile's pixels equal the CPU's sums, and nothing outside the tiles was written. Returns the failures.
inline int compareXrayCanvas(const DrawnCanvas& c, std::span<const hp::XrayTile> tiles,
                             const std::function<std::uint64_t(int, int, int)>& node) {
    int failures = 0;
    std::vector<bool> inside(c.pixels.size(), false);
    for (const hp::XrayTile& t : tiles) {
        const std::vector<std::uint64_t> expected = hp::xrayTileSums(t, node);
        std::uint64_t total = 0;
        for (int y = 0; y < t.pixels.y; ++y)
            for (int x = 0; x < t.pixels.x; ++x) {
                const glm::ivec2 p = t.at + glm::ivec2(x, y);
                inside[std::size_t(p.y) * std::size_t(c.size.x) + std::size_t(p.x)] = true;
                const std::uint64_t want = expected[std::size_t(y) * std::size_t(t.pixels.x) + std::size_t(x)];
                total += want;
                if (c.at(p) != want && failures++ < 5)
                    ADD_FAILURE() << "level " << t.level << " block " << t.block << " pixel (" << x << ", " << y
                                  << "): GPU " << c.at(p) << ", CPU " << want;
            }
        if (c.totals[std::size_t(t.slot)] != total && failures++ < 5)
            ADD_FAILURE() << "level " << t.level << ": total " << c.totals[std::size_t(t.slot)] << ", CPU " << total;
    }
    for (std::size_t i = 0; i < inside.size(); ++i)
        if (!inside[i] && c.pixels[i] != kUntouched && failures++ < 5)
            ADD_FAILURE() << "pixel " << i << " outside every tile was written";
    return failures;
}

} // namespace dicer::test
