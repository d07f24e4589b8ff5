// HeartBreaker for surfaces, the pieces: which triangles of a marching cubes' list fly together. A piece is a
// connected set of triangles (a shared vertex, i.e. a shared crossed grid edge, connects two) within one brick of
// SHATTER_BRICK^3 cells, named by its lowest triangle index: a few hundred to a few thousand pieces for a
// scan's head, each rigid, so the object stays recognisable early in the flight.
//
// On the GPU (find), with no count read back: a counting sort of the live triangles by brick
// (shatter_bricks.comp.glsl), then one work group per brick with triangles that propagates labels over the
// brick's grid edges in shared memory until they settle (shatter_label.comp.glsl) and writes the pieces into the
// shatter's state (ShatterPiece::link). On the CPU (shatterPiecesReference): a union-find over the same rule, the
// tests' reference.
#pragma once

#include "gl_handle.h"
#include "result.h"
#include "shader.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace dicer::particles {

// Piece of every whole triangle of `vertices` (the marching cubes' 16-byte vertices as uints, mc_vertex.h: 4 a
// vertex, the cell at word 0, the ids at word 1), `cells` the grid the cell indices count: its lowest triangle
// index.
// Errors: a cell index outside the grid, an edge number above 11.
Result<std::vector<std::uint32_t>> shatterPiecesReference(std::span<const std::uint32_t> vertexWords,
                                                          glm::uvec3 cells);

// The bricks of SHATTER_BRICK^3 cells a grid of `cells` has per axis.
glm::uvec3 shatterBricks(glm::uvec3 cells);

class ShatterPieces {
public:
    static Result<ShatterPieces> create(gl::ShaderLibrary& shaders);

    // Finds the pieces of the live triangles (the control buffer's count, after shatter_args.comp.glsl) into
    // the state. Bound by the caller: SHATTER_BIND_LINKS, _MOTION, _CONTROL, _VERTICES, _PARAMS (ShatterParams
    // with the grid). `triangles`: the most that can be live (the state's capacity); `cells`: the source's grid.
    // Errors (nothing runs): a grid of no cells or more than 2^32, scratch the driver cannot allocate.
    Result<void> find(std::uint32_t triangles, glm::uvec3 cells, GLuint control);

private:
    explicit ShatterPieces(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    void dispatchOverTriangles(gl::ProgramId program) const;

    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_bin, m_place, m_scatter, m_args, m_label;
    gl::Buffer m_bricks, m_triangles, m_active;
    std::uint32_t m_brickWords = 0, m_triangleWords = 0, m_activeWords = 0;
};

} // namespace dicer::particles
