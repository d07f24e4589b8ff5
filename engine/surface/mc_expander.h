// Marching cubes on the GPU by HistoPyramid stream expansion (issue 19, items 2 and 5): a scalar volume (a 3D
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
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"

#include "band.h"
#include "mc_reference.h"
#include "scalar_volume.h"
#include "volume_texture.h"

#include "mc_shared.h"

#include <array>
#include <cstdint>
#include <vector>

namespace dicer::surface {

// One output vertex as the GPU writes it (mc_shared.h).
struct McGpuVertex {
    glm::vec3 position; // physical units
    std::uint32_t cell; // linear cell index, x fastest
    glm::vec3 normal;   // unit, out of the band region
    std::uint32_t ids;  // case | edge << 8 | vertex-in-cell << 12 | fallback << 16 | crossing << 20

    int mcCase() const { return int(ids & 0xffu); }
    int edge() const { return int(ids >> MC_ID_EDGE_SHIFT & 0xfu); }
    int vertexInCell() const { return int(ids >> MC_ID_INDEX_SHIFT & 0xfu); }
    bool normalFallback() const { return (ids >> MC_ID_FALLBACK_SHIFT & 1u) != 0; }
    McCrossing crossing() const { return McCrossing(ids >> MC_ID_CROSSING_SHIFT & 3u); }
};
static_assert(sizeof(McGpuVertex) == MC_VERTEX_BYTES, "the std430 layout of mc_expand.comp.glsl");

// The pyramid's levels for cells X-1 x Y-1 x Z-1 (CPU-only; unit-tested): the base is row-aligned (a row of
// cells takes ceil((X-1) / 4) words; shaders/mc_volume.glsl), level 1 has one entry per base word, each level
// above ceil(below / 4), up to one entry (the top); levels 2.. lie one after another in the upper buffer at
// `offsets`.
struct McPyramidLayout {
    std::uint64_t cells = 0;
    std::uint32_t words = 0; // base words = level 1's entries
    int levels = 0;          // levels above the base (1: level 1 is the top); 0 when there are no cells
    std::array<std::uint32_t, MC_MAX_LEVELS> offsets{}, sizes{}; // index = level (1 .. levels)
    std::uint32_t upperEntries = 0;                              // levels 2 .. levels together
};
// nullopt-like: words = 0 and levels = 0 when there are more than 2^32 - 4 padded cells (the caller errs).
McPyramidLayout mcPyramidLayout(glm::ivec3 cells);

class McExpander {
public:
    // Compiles the programs (count and expand per value kind: signed, unsigned, float; reduce; arguments) and
    // uploads the table. Errors: the first compile or link log.
    static Result<McExpander> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Uploads the volume into a 3D texture of its own (the type's own format, as the discriminator does) and
    // computes isBinaryField on the CPU. Errors: an invalid volume, a side beyond GL_MAX_3D_TEXTURE_SIZE,
    // more cells than the storage-block limit allows (LIMITS above), an allocation failure; on error the
    // previous volume stays. A side < 2: no cells, every run gives 0 vertices (and says so in the log once).
    Result<void> setVolume(const volume::ScalarVolume& volume);
    // The same over a texture someone else owns (the VolumeDiscriminator's volumeTexture(), whose volume this
    // is): nothing is uploaded; the texture must outlive the runs. `binaryField`: isBinaryField(volume).
    Result<void> useVolumeTexture(GLuint texture, glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing,
                                  bool binaryField);

    // Grows the vertex buffer to at least `vertices` (1.5x steps). Beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE /
    // MC_VERTEX_BYTES or GL_OUT_OF_MEMORY: one clear error, the previous buffer stays.
    Result<void> reserve(std::uint32_t vertices);

    // count + build + expand (each also callable alone, in that order). Errors: no volume, no vertex buffer.
    Result<void> run(volume::Band band);
    Result<void> count(volume::Band band);
    void build();
    void expand();

    GLuint vertexBuffer() const { return m_vertices.id(); } // McGpuVertex[capacity()]
    GLuint casesBuffer() const { return m_cases.id(); }     // the base: byte c = cell c's case
    std::uint32_t capacity() const { return m_capacity; }
    // MC_HEADER_WORDS uints: the expansion's dispatch, the total, the draw arguments at
    // drawIndirectOffset() (bind as GL_DRAW_INDIRECT_BUFFER: glDrawArraysIndirect), the capacity.
    GLuint headerBuffer() const { return m_header.id(); }
    static constexpr GLintptr drawIndirectOffset() { return MC_HEADER_DRAW * 4; }
    static constexpr GLintptr totalOffset() { return MC_HEADER_TOTAL * 4; }

    // Waits for the GPU (tests, the count ring): the total vertex count of the last run, and the first
    // min(n, capacity) vertices.
    std::uint32_t readTotal() const;
    std::vector<McGpuVertex> readVertices(std::uint32_t n) const;

    glm::ivec3 volumeSize() const { return m_size; }
    const McPyramidLayout& layout() const { return m_layout; }
    bool binaryField() const { return m_binary; }

private:
    struct KindPrograms {
        gl::ProgramId count, expand;
    };

    McExpander(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    Result<void> setShape(glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing, bool binaryField);
    void bindVolume(GLuint program) const;
    void writeEmptyHeader();

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    std::array<KindPrograms, voxel::kValueKinds.size()> m_programs; // [ValueKind]
    gl::ProgramId m_reduce, m_args;
    gl::Buffer m_table, m_header;

    gl::Texture m_ownTexture; // setVolume's upload; empty when a texture is borrowed
    GLuint m_texture = 0;
    glm::ivec3 m_size{0};
    glm::vec3 m_spacing{1.0f};
    volume::ScalarType m_type = volume::ScalarType::Uint8;
    voxel::ValueKind m_kind = voxel::ValueKind::Unsigned;
    bool m_binary = false;
    volume::Band m_band{};

    McPyramidLayout m_layout;
    gl::Buffer m_cases, m_level1, m_upper;
    gl::Buffer m_vertices;
    std::uint32_t m_capacity = 0;
};

} // namespace dicer::surface
