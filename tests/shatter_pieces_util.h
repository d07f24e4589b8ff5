// What the shatter's pieces tests share (shatter_pieces_test.cpp on the CPU, shatter_pieces_gltest.cpp on the
// GPU): a marching cubes' reference surface as the 16-byte vertices the GPU writes, and an independent check of
// a piece assignment by breadth-first search (not the union-find of shatterPiecesReference).
#pragma once

#include "mc_reference.h"
#include "mc_test_util.h"
#include "mc_vertex.h"
#include "particles_shared.h"
#include "shatter_pieces.h"

#include <glm/glm.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace dicer::test {

// The reference's triangle list as the marching cubes' vertex words (mc_vertex.h, 4 a vertex): the cell index,
// ids (the case, the edge, the vertex in the cell, the crossing), t's bits and the packed normal, as
// mc_place.glsl writes them.
inline std::vector<std::uint32_t> vertexWords(const surface::McSurface& surface) {
    std::vector<std::uint32_t> words;
    words.reserve(surface.vertices.size() * 4);
    std::vector<std::uint8_t> inCell(std::size_t(surface.cellCount()), 0);
    for (const surface::McVertex& v : surface.vertices) {
        const std::uint32_t cell =
            std::uint32_t((v.cell.z * surface.cells.y + v.cell.y) * surface.cells.x + v.cell.x);
        const std::uint32_t ids = v.mcCase | std::uint32_t(v.edge) << SHATTER_EDGE_SHIFT |
                                  std::uint32_t(inCell[cell]++) << MC_ID_INDEX_SHIFT |
                                  std::uint32_t(v.crossing) << MC_ID_CROSSING_SHIFT;
        for (std::uint32_t w : {cell, ids, std::bit_cast<std::uint32_t>(float(v.t)),
                                surface::mcPackNormal(glm::vec3(v.normal))})
            words.push_back(w);
    }
    return words;
}

// A float32 n^3 volume of the distance to its centre minus `radius`: the band [-1e9, 0] is a ball.
inline volume::ScalarVolume sphereVolume(int n, float radius) {
    std::vector<float> values(std::size_t(n) * n * n);
    for (int z = 0; z < n; ++z)
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const glm::vec3 d = glm::vec3(x, y, z) - glm::vec3(float(n / 2));
                values[std::size_t((z * n + y) * n + x)] = glm::length(d) - radius;
            }
    return makeVolume({n, n, n}, volume::ScalarType::Float32, values);
}

// Pieces of the assignment (piece -> its triangles).
inline std::map<std::uint32_t, std::vector<std::uint32_t>> piecesOf(const std::vector<std::uint32_t>& pieces) {
    std::map<std::uint32_t, std::vector<std::uint32_t>> out;
    for (std::uint32_t t = 0; t < pieces.size(); ++t) out[pieces[t]].push_back(t);
    return out;
}

// "" when `pieces` (triangle -> piece) is the rule: each piece is named by its lowest triangle, lies within one
// brick, is connected through shared grid edges (a search from its first triangle reaches all of it) and is
// maximal (no triangle of another piece in its brick shares a grid edge with it). Else the first violation.
inline std::string checkPieces(const std::vector<std::uint32_t>& words, glm::uvec3 cells,
                               const std::vector<std::uint32_t>& pieces) {
    const std::size_t triangles = words.size() / 12;
    if (pieces.size() != triangles) return "the assignment has " + std::to_string(pieces.size()) + " entries";
    const auto brickOf = [&](std::uint32_t t) {
        const std::uint32_t cell = words[t * 12];
        const glm::uvec3 c{cell % cells.x, cell / cells.x % cells.y, cell / cells.x / cells.y};
        return std::uint64_t(c.z / SHATTER_BRICK) << 42 | std::uint64_t(c.y / SHATTER_BRICK) << 21 |
               (c.x / SHATTER_BRICK);
    };
    // The grid edge of vertex k, as surface::gridEdgeId over the samples (cells + 1).
    const glm::ivec3 samples = glm::ivec3(cells) + 1;
    const auto edgeOf = [&](std::uint32_t k) {
        const std::uint32_t cell = words[k * 4];
        const glm::ivec3 c(int(cell % cells.x), int(cell / cells.x % cells.y), int(cell / cells.x / cells.y));
        return surface::gridEdgeId(samples, c, int(words[k * 4 + 1] >> SHATTER_EDGE_SHIFT & 15u));
    };
    // Per (brick, grid edge): the triangles with a vertex on it.
    std::map<std::pair<std::uint64_t, std::int64_t>, std::vector<std::uint32_t>> onEdge;
    for (std::uint32_t t = 0; t < triangles; ++t)
        for (std::uint32_t k = 0; k < 3; ++k) onEdge[{brickOf(t), edgeOf(3 * t + k)}].push_back(t);
    for (const auto& [edge, ts] : onEdge)
        for (std::uint32_t t : ts)
            if (pieces[t] != pieces[ts.front()])
                return "triangles " + std::to_string(ts.front()) + " and " + std::to_string(t) +
                       " share a grid edge in one brick but lie in pieces " + std::to_string(pieces[ts.front()]) +
                       " and " + std::to_string(pieces[t]);
    for (const auto& [piece, ts] : piecesOf(pieces)) {
        if (piece != ts.front()) return "piece " + std::to_string(piece) + " is not its lowest triangle's index";
        std::set<std::uint32_t> reached{piece};
        std::deque<std::uint32_t> queue{piece};
        while (!queue.empty()) {
            const std::uint32_t t = queue.front();
            queue.pop_front();
            for (std::uint32_t k = 0; k < 3; ++k)
                for (std::uint32_t u : onEdge[{brickOf(t), edgeOf(3 * t + k)}])
                    if (reached.insert(u).second) queue.push_back(u);
        }
        if (reached.size() != ts.size())
            return "piece " + std::to_string(piece) + " has " + std::to_string(ts.size()) +
                   " triangles, a search through shared edges in its brick reaches " +
                   std::to_string(reached.size());
        for (std::uint32_t t : ts)
            if (brickOf(t) != brickOf(piece)) return "piece " + std::to_string(piece) + " spans two bricks";
    }
    return "";
}

} // namespace dicer::test
