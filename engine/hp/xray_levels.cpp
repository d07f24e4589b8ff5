#include "xray_levels.h"

#include <glm/common.hpp>

#include <algorithm>
#include <bit>
#include <cmath>

namespace dicer::hp {

int xrayPyramidLevels(std::span<const XrayLevel> levels) {
    int n = 0;
    for (const XrayLevel& l : levels)
        n += l.name ? 0 : 1;
    return n;
}

std::vector<XrayTile> planXrayTiles(std::span<const XrayLevel> levels, glm::vec4 window, int side,
                                    int columns) {
    side = std::max(side, 1);
    columns = std::max(columns, 1);
    window = glm::clamp(window, glm::vec4(0.f), glm::vec4(1.f));
    std::vector<XrayTile> tiles;
    for (const XrayLevel& level : levels) {
        XrayTile t;
        t.level = level.level;
        t.nodes = glm::max(level.nodes, glm::ivec2(1));
        t.slot = int(tiles.size());
        t.at = glm::ivec2(t.slot % columns, t.slot / columns) * side;
        // The window in nodes: at least one node, within the level.
        glm::ivec2 lo, hi;
        for (int a = 0; a < 2; ++a) {
            lo[a] = std::clamp(int(std::floor(window[a] * float(t.nodes[a]))), 0, t.nodes[a] - 1);
            hi[a] = std::clamp(int(std::ceil(window[a + 2] * float(t.nodes[a]))), lo[a] + 1, t.nodes[a]);
        }
        // The smallest power-of-two block whose aligned pixels cover the window within the side.
        for (int block = 1;; block *= 2) {
            const glm::ivec2 origin = lo / block * block;
            const glm::ivec2 pixels = (hi - origin + block - 1) / block;
            if ((pixels.x <= side && pixels.y <= side) || block >= (1 << 30)) {
                t.block = block;
                t.origin = origin;
                t.pixels = pixels;
                break;
            }
        }
        tiles.push_back(t);
    }
    return tiles;
}

glm::ivec2 xrayCanvasSize(std::span<const XrayTile> tiles, int side, int columns) {
    if (tiles.empty()) return glm::ivec2(0);
    const int n = int(tiles.size());
    columns = std::clamp(columns, 1, n);
    return glm::ivec2(columns, (n + columns - 1) / columns) * std::max(side, 1);
}

glm::ivec2 zOrderExtent(std::uint64_t entries) {
    const int bits = entries <= 1 ? 0 : int(std::bit_width(entries - 1)); // ceil(log2(entries))
    return glm::ivec2(1 << ((bits + 1) / 2), 1 << (bits / 2));
}

glm::ivec2 zOrderNode(std::uint64_t i) {
    glm::ivec2 node(0);
    for (int b = 0; b < 32; ++b) {
        node.x |= int((i >> (2 * b)) & 1u) << b;
        node.y |= int((i >> (2 * b + 1)) & 1u) << b;
    }
    return node;
}

std::uint64_t zOrderIndex(glm::ivec2 node) {
    std::uint64_t i = 0;
    for (int b = 0; b < 31; ++b)
        i |=
            (std::uint64_t((node.x >> b) & 1) << (2 * b)) | (std::uint64_t((node.y >> b) & 1) << (2 * b + 1));
    return i;
}

std::vector<std::uint64_t> xrayTileSums(const XrayTile& tile,
                                        const std::function<std::uint64_t(int, int, int)>& node) {
    std::vector<std::uint64_t> sums(std::size_t(tile.pixels.x) * std::size_t(tile.pixels.y), 0);
    for (int py = 0; py < tile.pixels.y; ++py)
        for (int px = 0; px < tile.pixels.x; ++px) {
            const glm::ivec2 lo = tile.origin + glm::ivec2(px, py) * tile.block;
            const glm::ivec2 hi = glm::min(lo + tile.block, tile.nodes);
            std::uint64_t sum = 0;
            for (int y = lo.y; y < hi.y; ++y)
                for (int x = lo.x; x < hi.x; ++x)
                    sum += node(tile.level, x, y);
            sums[std::size_t(py) * std::size_t(tile.pixels.x) + std::size_t(px)] = sum;
        }
    return sums;
}

} // namespace dicer::hp
