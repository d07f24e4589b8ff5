// The grid-edge weld on the GPU (grid_edge_weld.h): the passes, their buffers and the read-back.
#include "grid_edge_weld.h"

#include "allocation.h"
#include "gl_debug.h"
#include "mc_table.h"
#include "storage_blocks.h"

#include <algorithm>
#include <string>

namespace dicer::surface {
namespace {

std::string bytesText(std::int64_t bytes) {
    return std::to_string(bytes) + " bytes";
}

} // namespace

Result<std::unique_ptr<GridEdgeWeld>> GridEdgeWeld::create(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    std::unique_ptr<GridEdgeWeld> w(new GridEdgeWeld(shaders, info));
    Result<void> r = shaders.addInto(
        w->m_flags, {"grid-edge weld flags", {{GL_COMPUTE_SHADER, "mc_weld_flags.comp.glsl"}}, {}});
    if (r)
        r = shaders.addInto(w->m_indices,
                            {"grid-edge weld indices", {{GL_COMPUTE_SHADER, "mc_weld_index.comp.glsl"}}, {}});
    if (r) r = w->m_scan.init(shaders, "grid-edge weld", info.storageBufferOffsetAlignment);
    if (!r) return makeError(r.error());
    Result<McTableGpu> table = McTableGpu::create("grid-edge weld table");
    if (!table) return makeError(table.error());
    w->m_table = std::move(table.value());
    return w;
}

std::uint32_t GridEdgeWeld::startShift(std::uint64_t cells, std::int64_t maxBlockBytes) {
    std::uint32_t shift = 2;
    if (cells == 0) return shift;
    while (shift < 31 && std::int64_t((((cells - 1) >> shift) + 1) * 4) > maxBlockBytes)
        ++shift;
    return shift;
}

Result<GridEdgeMesh> GridEdgeWeld::run(const McMethod& method) {
    const std::string what = std::string("grid-edge weld (") + method.name() + "): ";
    if (method.order() != McOrder::Cells)
        return makeError(what + "its list is not in the cells' order, which the weld on the GPU follows");
    GridEdgeMesh mesh;
    mesh.volumeSize = method.volumeSize();
    mesh.spacing = method.spacing();
    const std::uint32_t n = method.hasCells() ? method.readTotal() : 0;
    if (n > method.capacity())
        return makeError(what + "the list of " + std::to_string(n) +
                         " vertices is cut at the vertex buffer's " + std::to_string(method.capacity()) +
                         " (grow it and run again first)");
    if (n == 0) return mesh;
    const std::int64_t block = m_info.maxStorageBlockBytes;
    if (std::int64_t(n) * 4 > block)
        return makeError(what + "its " + std::to_string(n) + " vertices need " +
                         bytesText(std::int64_t(n) * 4) +
                         " of indices, beyond one storage block (GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         bytesText(block) + ")");
    const glm::ivec3 cells = method.cells();
    const std::uint64_t cellCount = std::uint64_t(cells.x) * cells.y * cells.z;
    const std::uint32_t shift = std::max(m_forcedShift, startShift(cellCount, block));
    const std::uint32_t groups = std::uint32_t((cellCount - 1) >> shift) + 1;

    // What the list's length sizes, before any pass (a refusal runs none; the buffers kept stay); the welded
    // vertices' buffer once the scan has counted them.
    if (Result<void> r = m_scan.resize(n); !r) return makeError(what + r.error());
    if (Result<void> r = gl::growWords(m_starts, m_startWords, groups, "grid-edge weld starts"); !r)
        return makeError(what + r.error());
    if (Result<void> r = gl::growWords(m_indexBuffer, m_indexWords, n, "grid-edge weld indices"); !r)
        return makeError(what + r.error());

    gl::DebugGroup group("grid-edge weld");
    // Both passes read the list, the table, the starts and the scan's level 0 (the scan rebinds between them).
    auto usePass = [&](const gl::ProgramId& id) {
        const GLuint program = m_shaders->get(id);
        glUseProgram(program);
        glProgramUniform3i(program, MC_LOC_WELD_CELLS, cells.x, cells.y, cells.z);
        glProgramUniform1ui(program, MC_LOC_WELD_LIST, n);
        glProgramUniform1ui(program, MC_LOC_WELD_SHIFT, shift);
        m_table.bind();
        gl::bindEntryBlocks(MC_BIND_VERTICES, method.vertexBuffer(), method.capacity(),
                            McMethod::verticesPerBlock(method.glInfo()));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_WELD_STARTS, m_starts.id());
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, MC_BIND_WELD_SCAN, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
    };
    usePass(m_flags);
    McMethod::dispatchItems(n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    m_scan.run(); // binds its own levels
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);

    std::uint32_t welded = 0; // the last inclusive sum: the welded vertices
    glGetNamedBufferSubData(m_scan.buffer(), GLintptr(n - 1) * 4, 4, &welded);
    glUseProgram(0); // never left bound across a return: a shader reload may delete it
    if (std::int64_t(welded) * 16 > block)
        return makeError(what + std::to_string(welded) + " welded vertices need " +
                         bytesText(std::int64_t(welded) * 16) + ", beyond one storage block (" +
                         bytesText(block) + ")");
    if (Result<void> r = gl::growWords(m_welded, m_weldedWords, 4 * welded, "grid-edge weld vertices"); !r)
        return makeError(what + r.error());

    usePass(m_indices);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_WELD_INDICES, m_indexBuffer.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_WELD_VERTICES, m_welded.id());
    McMethod::dispatchItems(n);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);

    mesh.vertices.resize(welded);
    mesh.indices.resize(n);
    glGetNamedBufferSubData(m_welded.id(), 0, GLsizeiptr(welded) * 16, mesh.vertices.data());
    glGetNamedBufferSubData(m_indexBuffer.id(), 0, GLsizeiptr(n) * 4, mesh.indices.data());
    return mesh;
}

} // namespace dicer::surface
