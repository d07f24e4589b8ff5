// Marching cubes on the GPU by HistoPyramid stream expansion: a scalar volume (a 3D
// texture of its type's own format) and a band in, a triangle list (position, normal and the ids the tests
// check) and an indirect draw out, with no count read back. Based on: Ziegler, Tevs, Theobalt, Seidel, TR
// MPI-I-2006-4-002 (2006), the HistoPyramid and its traversal; Dyken, Ziegler, Theobalt, Seidel, "High-speed
// marching cubes using HistoPyramids" (Computer Graphics Forum 2008), the expansion over per-cell counts.
//
// THE PASSES (docs/SURFACES.md, "On the GPU"):
//  1. count  (mc_count.comp.glsl): one invocation per 4 consecutive cells (x fastest): each cell's case from
//     its 8 corners by the discriminator's exact key compare (discriminate_values.glsl; NaN never in a band),
//     its vertex count from the packed table (mc_table.h). Writes the base (the 4 cases as the bytes of one
//     word) and level 1 (their counts' sum, 0..60).
//  2. build  (mc_reduce.comp.glsl, one dispatch per level): a 1D 4:1 pyramid over the linear cell index, each
//     entry the sum of 4 below, up to one entry: the total. Then (mc_args.comp.glsl) one invocation turns the
//     total into the expansion's indirect dispatch and the indirect draw (count = the total, clamped to the
//     vertex buffer's capacity in whole triangles).
//  3. expand (mc_expand.comp.glsl): one invocation per output vertex k, dispatched indirectly: the descent
//     finds the cell and the vertex's index within its case, the table gives the edge, the vertex is placed
//     and its normal taken exactly as mc_reference.h defines them (float32 here), written at k.
// Vertex k is the reference's vertex k (cells in order, the table's order within a cell): the tests compare
// entry for entry.
//
// THE LAYOUT, AND WHY 1D 4:1: the cells are numbered as the reference numbers them (each row of cells padded
// to a multiple of 4, so a base word's 4 cells share their 20 corners), so the list comes out in the
// reference's order with no sort; 4:1 halves the levels of a 2:1 pyramid (log4) for three compares per
// level in the descent (the sort wing's SORT_FAN_IN 4 for the same reason), and a base word of 4 byte-sized
// cases is 1 byte per cell: the base is 1/4 of a uint count per cell, and level 1 (one uint per 4 cells) is
// written by the count pass itself. A 3D 2x2x2 pyramid would need power-of-two padding of non-cubic volumes
// (up to 8x the cells for a 65 x 65 x 65 volume) and an order the reference does not have.
// LIMITS: the cases and level 1 are storage blocks of ceil(cells / 4) words each, so cells <= 4 x
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE / 4 = the limit in bytes (llvmpipe 128 MiB: up to 511^3 cells, a 512^3
// volume); levels 2 and up are 1/3 of that in one more block. The vertex buffer: 32 bytes a vertex, one
// storage block (llvmpipe: 4 Mi vertices); beyond it reserve() is one clear error, and the expansion writes
// (and the draw draws) at most the capacity, while the total stays exact in the header for the caller to
// grow.
//
// NO READBACK: count, build, expand and the draw arguments are GPU-only; readTotal() and readVertices() wait
// and are for tests and the count ring (a few frames late).
// The volume, the table, the header and the vertex buffer are the base's (mc_method.h): this is the row `hp_mc`
// of mc_method_table.h.
#pragma once

#include "buffer_view.h"
#include "mc_method.h"
#include "xray_draw.h"

#include <array>
#include <cstdint>
#include <memory>

namespace dicer::surface {

// The pyramid's levels for cells X-1 x Y-1 x Z-1 (CPU-only; unit-tested): the base is row-aligned (a row of
// cells takes ceil((X-1) / 4) words; shaders/mc_volume.glsl), level 1 has one entry per base word, each level
// above ceil(below / 4), up to one entry (the top); levels 2.. lie one after another in the upper buffer at
// `offsets`. Each level is STORED padded to a multiple of 4 entries, the padding 0 (mcStoredEntries), so a
// descent reads a node's first three children without asking where the level ends (mc_expand.comp.glsl).
struct McPyramidLayout {
    std::uint64_t cells = 0;
    std::uint32_t words = 0; // base words = level 1's entries
    int levels = 0;          // levels above the base (1: level 1 is the top); 0 when there are no cells
    std::array<std::uint32_t, MC_MAX_LEVELS> offsets{}, sizes{}; // index = level (1 .. levels)
    std::uint32_t upperEntries = 0;                              // levels 2 .. levels together
};
// nullopt-like: words = 0 and levels = 0 when there are more than 2^32 - 4 padded cells (the caller errs).
McPyramidLayout mcPyramidLayout(glm::ivec3 cells);
// The entries a level of `size` entries is stored in: a whole number of nodes' children.
constexpr std::uint32_t mcStoredEntries(std::uint32_t size) {
    return (size + MC_FAN_IN - 1) / MC_FAN_IN * MC_FAN_IN;
}

class McExpander final : public McMethod {
public:
    // Compiles the programs (count and expand per value kind: signed, unsigned, float; reduce; arguments) and
    // uploads the table. Errors: the first compile or link log.
    static Result<McExpander> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    static Result<std::unique_ptr<McMethod>> createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    const McPyramidLayout& layout() const { return m_layout; }
    // The expansion pass compiled with HP_XRAY, one invocation following vertex k (mc_expander_xray.cpp).
    Result<McXrayPath> trace(std::uint32_t k) override;
    // Level 0: the cells (4 a base word, rows padded), level 1: the words, up to the top; each in Z order.
    std::vector<hp::XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) override;

private:
    McExpander(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : McMethod(shaders, info, "hp_mc", McOrder::Cells, "cases and first pyramid level") {}
    Result<void> shapeBuffers(glm::ivec3 size, std::uint32_t words) override;
    void countCells() override;
    void buildOffsets() override;
    void writeVertices() override;

    discriminate::KindPrograms m_count, m_expand;
    gl::ProgramId m_reduce;
    McPyramidLayout m_layout;
    gl::Buffer m_level1, m_upper; // the base (the cases) is the base class's
    // The descent's reads (mc_expand.comp.glsl): the levels 2+, level 1 and the cases, a node (4 entries) a texel.
    gl::BufferView m_upperView, m_level1View, m_casesView;
    void bindPyramidViews() const;
    GLsizeiptr level1Bytes() const; // level 1 as stored (whole nodes); the cases take as many words
    GLsizeiptr upperBytes() const;
    discriminate::KindPrograms m_xray; // the expansion with HP_XRAY: compiled at the first trace
    hp::XrayRecord m_xrayRecord;
    gl::ProgramId m_xrayLevels; // the X-ray's tiles (mc_xray_levels.comp.glsl): compiled at the first draw
};

} // namespace dicer::surface
