// The marching-cubes surface as an INDEXED mesh on the GPU: the weld's step 1 (surface_mesh.h, THE WELD: one
// vertex per crossed grid edge, numbered in the order the list first uses them, with that first use's vertex)
// computed from a method's triangle list without leaving the GPU, and read back as vertices and triangle indices.
// (GridEdgeMesh, surface_mesh.h). Exactly what weldSurface's step 1 makes of the same list on the CPU (the tests compare them word for word); the
// export runs steps 2 and 3 on it. Based on: Lorensen and Cline, "Marching Cubes" (SIGGRAPH 1987), one vertex per
// crossed grid edge; Dyken, Ziegler, Theobalt, Seidel, "High-speed marching cubes using HistoPyramids" (2008),
// an indexed surface from a HistoPyramid's list; Horn, GPU Gems 2 ch. 36 (2005), the scan (sort::BufferScan).
//
// WHY IT NEEDS THE REFERENCE'S ORDER (McOrder::Cells): a grid edge is shared by up to four cells, and its first
// use in the list is in the LOWEST of them (cells in linear order), at the first vertex of that cell's case on
// the edge (the table's order) — both found from the vertex's cell and edge alone, with no search.
//
// THE PASSES (shaders/surface/mc_weld_*.comp.glsl, one invocation a list vertex k):
//  1. flags: list vertex k is a first use (its cell is the edge's lowest and k is the case's first vertex on it)
//     -> 1, else 0, into the scan's level 0; and the first list vertex of each group of 2^shift cells (its
//     "start": written by the vertex whose predecessor lies in an earlier group).
//  2. the inclusive scan of the flags (Horn's): a first use's welded index is its scan - 1.
//  3. indices: each vertex finds its edge's first use p — in its own cell directly (k - vertex-in-cell + the
//     case's first vertex on the edge); in a lower cell from that cell's group's start, stepping over the
//     cells before it by their cases' vertex counts (fewer than 2^shift steps) — and writes scan(p) - 1; a
//     first use also writes its vertex at that index.
// Memory, on top of the list: 4 bytes a list vertex for the scan and the indices each, 16 bytes a welded vertex
// (about a sixth of the list's), 4 bytes a group of cells for the starts (groups of 4 cells; larger where that
// exceeds a storage block). It runs on request (the export, the tests, the bench): it reads the list's length
// back before it starts and the welded count after the scan.
#pragma once

#include "buffer_scan.h"
#include "gl_handle.h"
#include "gl_info.h"
#include "mc_method.h"
#include "result.h"
#include "shader.h"
#include "surface_mesh.h"

#include <cstdint>
#include <memory>

namespace dicer::surface {

class GridEdgeWeld {
public:
    // Compiles the two passes and the scan's; the packed table.
    static Result<std::unique_ptr<GridEdgeWeld>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Welds `method`'s last run (its whole list: the total must be within its capacity). Errors (one message;
    // nothing read back): a method whose list is not in the reference's order, a list cut at its capacity, a
    // list or starts table beyond a storage block, an allocation the driver refuses (the buffers kept stay).
    Result<GridEdgeMesh> run(const McMethod& method);

    // The cells a start covers: 2^shift, the smallest shift >= 2 whose table of starts fits one storage block.
    static std::uint32_t startShift(std::uint64_t cells, std::int64_t maxBlockBytes);
    // Tests: a larger shift than the table needs (more steps from a start), 0 = startShift's.
    void forceStartShift(std::uint32_t shift) { m_forcedShift = shift; }

private:
    GridEdgeWeld(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_flags, m_indices;
    sort::BufferScan m_scan;
    McTableGpu m_table;
    gl::Buffer m_starts, m_indexBuffer, m_welded;
    std::uint32_t m_startWords = 0, m_indexWords = 0, m_weldedWords = 0; // capacities in uints
    std::uint32_t m_forcedShift = 0;
};

} // namespace dicer::surface
