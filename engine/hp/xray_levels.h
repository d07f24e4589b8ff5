// The X-ray's picture of a pyramid: every level a grid of nodes, each drawn as one tile of a canvas from the GPU
// structure the method built this frame (PointMethod::drawXray, McMethod::drawXray). A level with more nodes
// than its tile has pixels is reduced by summing: a pixel holds the sum of an aligned square of block x block
// nodes (block a power of two), so its values and its total stay true, and the pixel of a level is the node
// of the level log2(block) above it. A 1D pyramid (marching cubes' 4:1 levels over the cells) is drawn in
// Z order, so an entry's four children are the 2x2 nodes under it, as in a 2D pyramid. The tiles are planned
// here, on the CPU (no GL): the planner and the CPU sums the tests compare with.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace dicer::hp {

// One level of a pyramid, as a grid of nodes (level 0: the base cells; the top: one node holding the count).
struct XrayLevel {
    int level = 0;
    glm::ivec2 nodes{0};
    const char* unit = "nodes"; // what a node is ("texels", "8x8 masks", "cells", "slots (32x32 bricks)", "sums")
    bool zOrder = false;        // a 1D level drawn in Z order
    // A tile beside the pyramid's levels (hp_sparse's brick map), after them: its caption instead of "L<level>",
    // its level number past the top, and its nodes squares of `texelsPerNode` atlas texels (the cell found is in
    // node cell / texelsPerNode).
    const char* name = nullptr;
    int texelsPerNode = 0;
};
// The pyramid's own levels among `levels` (those without a name): its top is this minus 1.
int xrayPyramidLevels(std::span<const XrayLevel> levels);

// One level's tile: pixel p sums the nodes origin + p * block .. + block - 1 (those within `nodes`).
struct XrayTile {
    int level = 0;
    glm::ivec2 nodes{0};  // the level's extent
    glm::ivec2 origin{0}; // a multiple of block
    int block = 1;
    glm::ivec2 pixels{0}; // at most the slot's side each way
    glm::ivec2 at{0};     // the tile's first pixel in the canvas
    int slot = 0;         // its index: the totals' slot, the tile's place in the grid
    bool operator==(const XrayTile&) const = default;
};

// The canvas the tiles are drawn into (its R32UI texture and the totals buffer: GL names, owned by the caller).
// Drawing writes the tiles' pixels only.
struct XrayCanvas {
    std::uint32_t texture = 0; // R32UI, at least xrayCanvasSize() of the tiles
    std::uint32_t totals = 0;  // a buffer of at least one uint a tile, cleared by the caller
};

// The tiles of `levels` (base first) for the window [x0, y0, x1, y1] in fractions of each level's extent (the
// whole level: 0, 0, 1, 1), at most `side` pixels a side, `columns` tiles a row of the canvas.
std::vector<XrayTile> planXrayTiles(std::span<const XrayLevel> levels, glm::vec4 window, int side, int columns);
glm::ivec2 xrayCanvasSize(std::span<const XrayTile> tiles, int side, int columns);

// A 1D level of `entries` entries in Z order: its extent (a power of two each way, width >= height), and the
// node of entry i (x: the even bits of i, y: the odd ones).
glm::ivec2 zOrderExtent(std::uint64_t entries);
glm::ivec2 zOrderNode(std::uint64_t i);
std::uint64_t zOrderIndex(glm::ivec2 node);

// The CPU's picture of one tile: `node(level, x, y)` is the reference's node value (0 past the extent). Pixels
// row-major, tile.pixels.x a row.
std::vector<std::uint64_t> xrayTileSums(const XrayTile& tile,
                                        const std::function<std::uint64_t(int, int, int)>& node);

} // namespace dicer::hp
