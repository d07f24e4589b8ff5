#include "shatter_pieces.h"

#include "allocation.h"
#include "gl_debug.h"
#include "particles_shared.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

namespace dicer::particles {
namespace {

// Union-find with the lower index as the root: each set's root is its lowest triangle.
struct LowestRootSets {
    std::vector<std::uint32_t> parent;
    explicit LowestRootSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
};

std::string text(glm::uvec3 v) {
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

} // namespace

glm::uvec3 shatterBricks(glm::uvec3 cells) {
    return (cells + glm::uvec3(SHATTER_BRICK - 1)) / glm::uvec3(SHATTER_BRICK);
}

Result<std::vector<std::uint32_t>> shatterPiecesReference(std::span<const std::uint32_t> vertexWords,
                                                          glm::uvec3 cells) {
    constexpr std::size_t kWords = MC_VERTEX_BYTES / 4; // one vertex: cell, ids, t, normal (mc_vertex.h)
    const std::size_t triangles = vertexWords.size() / kWords / 3;
    const std::uint64_t cellCount = std::uint64_t(cells.x) * cells.y * cells.z;
    LowestRootSets sets(triangles);
    // A grid edge of one brick -> the first triangle seen on it (the key: brick, then the brick-local edge).
    std::unordered_map<std::uint64_t, std::uint32_t> firstOnEdge;
    const glm::uvec3 bricks = shatterBricks(cells);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const std::uint32_t cell = vertexWords[3 * t * kWords];
        if (cell >= cellCount)
            return makeError("shatter pieces: triangle " + std::to_string(t) + "'s cell " + std::to_string(cell) +
                             " is outside the grid of " + text(cells) + " cells");
        const glm::uvec3 c{cell % cells.x, cell / cells.x % cells.y, cell / cells.x / cells.y};
        const glm::uvec3 b = c / glm::uvec3(SHATTER_BRICK), local = c % glm::uvec3(SHATTER_BRICK);
        const std::uint64_t brick = (std::uint64_t(b.z) * bricks.y + b.y) * bricks.x + b.x;
        for (std::uint32_t k = 0; k < 3; ++k) {
            const std::uint32_t edge = vertexWords[(3 * t + k) * kWords + 1] >> SHATTER_EDGE_SHIFT & 15u;
            if (edge > 11)
                return makeError("shatter pieces: vertex " + std::to_string(3 * t + k) + " names edge " +
                                 std::to_string(edge) + " (a cell has 12)");
            // mc_table.h's numbering: axis edge / 4, the offsets on the other two axes bits 0 and 1 of edge % 4.
            const std::uint32_t axis = edge / 4, b0 = edge & 1u, b1 = edge >> 1 & 1u;
            const glm::uvec3 p = local + (axis == 0   ? glm::uvec3(0, b0, b1)
                                          : axis == 1 ? glm::uvec3(b0, 0, b1)
                                                      : glm::uvec3(b0, b1, 0));
            constexpr std::uint32_t n = SHATTER_BRICK + 1;
            const std::uint64_t key = brick * SHATTER_BRICK_EDGES + ((p.z * n + p.y) * n + p.x) * 3 + axis;
            const auto [at, inserted] = firstOnEdge.try_emplace(key, t);
            if (!inserted) sets.join(at->second, t);
        }
    }
    std::vector<std::uint32_t> pieces(triangles);
    for (std::uint32_t t = 0; t < triangles; ++t) pieces[t] = sets.find(t);
    return pieces;
}

Result<ShatterPieces> ShatterPieces::create(gl::ShaderLibrary& shaders) {
    ShatterPieces pieces(shaders);
    const gl::ProgramDesc bricks{"shatter pieces", {{GL_COMPUTE_SHADER, "shatter_bricks.comp.glsl"}}, {}};
    Result<void> r = shaders.addInto(pieces.m_bin, gl::withDefine(bricks, "SHATTER_BIN", "bin"));
    if (r) r = shaders.addInto(pieces.m_place, gl::withDefine(bricks, "SHATTER_PLACE", "place"));
    if (r) r = shaders.addInto(pieces.m_scatter, gl::withDefine(bricks, "SHATTER_SCATTER", "scatter"));
    if (r)
        r = shaders.addInto(pieces.m_args,
                            gl::withDefine({"shatter args", {{GL_COMPUTE_SHADER, "shatter_args.comp.glsl"}}, {}},
                                           "SHATTER_ARGS_BRICKS", "bricks"));
    if (r)
        r = shaders.addInto(pieces.m_label,
                            {"shatter pieces (label)", {{GL_COMPUTE_SHADER, "shatter_label.comp.glsl"}}, {}});
    // The scratch exists from the start (grown, i.e. replaced, as surfaces need): the objects a program holds
    // do not depend on whether a surface was ever shattered.
    if (r) r = gl::growWords(pieces.m_bricks, pieces.m_brickWords, 2 * 64, "shatter bricks");
    if (r) r = gl::growWords(pieces.m_active, pieces.m_activeWords, 64, "shatter active bricks");
    if (r) r = gl::growWords(pieces.m_triangles, pieces.m_triangleWords, 2 * 1024, "shatter brick order");
    if (!r) return makeError(r.error());
    return pieces;
}

void ShatterPieces::dispatchOverTriangles(gl::ProgramId program) const {
    glUseProgram(m_shaders->get(program));
    glDispatchComputeIndirect(GLintptr(SHATTER_CTRL_DISPATCH * sizeof(std::uint32_t)));
}

Result<void> ShatterPieces::find(std::uint32_t triangles, glm::uvec3 cells, GLuint control) {
    const std::uint64_t cellCount = std::uint64_t(cells.x) * cells.y * cells.z;
    if (cellCount == 0 || cellCount > UINT32_MAX)
        return makeError("surface shatter: a grid of " + text(cells) + " cells has no pieces (1 to 2^32 cells)");
    const glm::uvec3 b = shatterBricks(cells);
    const auto bricks = std::uint32_t(std::uint64_t(b.x) * b.y * b.z);
    if (Result<void> r = gl::growWords(m_bricks, m_brickWords, 2 * bricks, "shatter bricks"); !r)
        return makeError("surface shatter: " + r.error());
    if (Result<void> r = gl::growWords(m_active, m_activeWords, bricks, "shatter active bricks"); !r)
        return makeError("surface shatter: " + r.error());
    if (Result<void> r = gl::growWords(m_triangles, m_triangleWords, 2 * triangles, "shatter brick order"); !r)
        return makeError("surface shatter: " + r.error());

    gl::DebugGroup group("shatter pieces");
    glClearNamedBufferSubData(m_bricks.id(), GL_R32UI, 0, GLsizeiptr(bricks) * 8, GL_RED_INTEGER,
                              GL_UNSIGNED_INT, nullptr);
    glClearNamedBufferSubData(control, GL_R32UI, SHATTER_CTRL_ACTIVE * 4, 8, GL_RED_INTEGER, GL_UNSIGNED_INT,
                              nullptr); // the active bricks and the placed slots
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_BRICKS, m_bricks.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_TRIANGLES, m_triangles.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_ACTIVE, m_active.id());
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, control);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);

    dispatchOverTriangles(m_bin);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(m_shaders->get(m_args));
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(m_shaders->get(m_place));
    glDispatchComputeIndirect(GLintptr(SHATTER_CTRL_PLACE * sizeof(std::uint32_t)));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    dispatchOverTriangles(m_scatter);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(m_shaders->get(m_label));
    glDispatchComputeIndirect(GLintptr(SHATTER_CTRL_LABEL * sizeof(std::uint32_t)));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    return {};
}

} // namespace dicer::particles
