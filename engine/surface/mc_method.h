// Marching cubes on the GPU, the contract every method fulfils: a scalar volume (a 3D texture
// of its type's own format) and a band in; a triangle list (McGpuVertex, 3 vertices a triangle) and an
// indirect draw out, with no count read back. The HistoPyramid's stream expansion (`hp_mc`, mc_expander.h) and
// its peers (scan-based and atomic-append marching cubes) are rows of one table (mc_method_table.h); the demo,
// the bench and the tests hold an McMethod and never ask which row it is.
//
// WHAT THE BASE OWNS (what every method shares): the volume (own upload or a borrowed texture) and its shape,
// the packed case table (mc_table.h), the header (the expansion's indirect dispatch, the exact total, the
// draw arguments clamped to the capacity, the capacity: shaders/mc_shared.h), the vertex buffer and its growth,
// the read-backs for tests and the count ring, and the uniforms every placement pass sets (volume, band keys,
// band ends as float pairs, spacing, binary flag). A method adds its own buffers (shapeBuffers) and its passes
// (count, build, expand).
//
// ORDER: a method either writes the reference's order (McOrder::Cells: cells in linear order, the table's order
// within a cell; vertex k is the reference's vertex k) or triangles in any order with each triangle's 3
// vertices in the table's order (McOrder::Unordered); the check sorts the latter (mc_check.h).
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

enum class McOrder {
    Cells,     // the reference's order: vertex k is the reference's vertex k
    Unordered, // triangles in any order, each triangle's vertices in the table's order
};

class McMethod {
public:
    virtual ~McMethod() = default;
    McMethod(const McMethod&) = delete;
    McMethod& operator=(const McMethod&) = delete;

    virtual const char* name() const = 0; // its row's name in mc_method_table.h
    virtual McOrder order() const = 0;

    // Uploads the volume into a 3D texture of its own (the type's own format, as the discriminator does) and
    // computes isBinaryField on the CPU. Errors: an invalid volume, a side beyond GL_MAX_3D_TEXTURE_SIZE, more
    // cells than the method's storage blocks hold, an allocation failure; on error the previous volume stays.
    // A side < 2: no cells, every run gives 0 vertices (and says so in the log once).
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
    virtual void build() = 0;
    virtual void expand() = 0;

    GLuint vertexBuffer() const { return m_vertices.id(); } // McGpuVertex[capacity()]
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
    // Every cell's case after count() (tests): (X-1)(Y-1)(Z-1) bytes, x fastest. Empty without cells.
    virtual std::vector<std::uint8_t> readCases() const = 0;

    glm::ivec3 volumeSize() const { return m_size; }
    glm::ivec3 cells() const { return glm::max(m_size - 1, glm::ivec3(0)); }
    bool hasCells() const { return glm::all(glm::greaterThanEqual(m_size, glm::ivec3(2))); }
    bool binaryField() const { return m_binary; }

protected:
    McMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    // The table and the header every method reads: each subclass's create() calls it (a constructor cannot
    // report that the driver refused the memory).
    Result<void> initBuffers();
    McMethod(McMethod&&) noexcept = default;
    McMethod& operator=(McMethod&&) noexcept = default;

    // The method's own buffers for a volume of `size` samples (cells = size - 1 per axis, possibly none):
    // allocate them (or keep them when big enough). Errors name the limit; on error the previous ones stay.
    virtual Result<void> shapeBuffers(glm::ivec3 size) = 0;
    // The count pass proper, after the base has checked the volume and the vertex buffer and set the band;
    // not called when there are no cells.
    virtual void countCells() = 0;

    // Binds the volume's texture, the table and the uniforms of discriminate_values.glsl + mc_common.glsl:
    // the size, the band's keys and, for placement, the band's ends as float pairs, the spacing, the binary flag.
    void bindVolume(GLuint program) const;
    void bindPlacement(GLuint program) const;
    // Zero vertices in the header (no cells, no vertex buffer): the dispatch 0 x 1 x 1, the draw 0 x 1.
    void writeEmptyHeader();
    // The base words of a volume of `size` samples: (Y-1)(Z-1) rows of ceil((X-1) / 4) (mc_volume.glsl), 0
    // without cells. One error naming GL_MAX_SHADER_STORAGE_BLOCK_SIZE when a buffer of one uint a word (the
    // method's `buffers`, named in the message) does not fit one storage block, or when the padded cells
    // exceed 2^32 (the shaders' cell indices).
    Result<std::uint32_t> baseWords(glm::ivec3 size, const char* buffers) const;
    // A base of 4 cases a word (byte j of word w = cell j of the word), row-aligned, read back without the
    // padding: every cell's case, x fastest (readCases).
    std::vector<std::uint8_t> readRowAlignedCases(GLuint buffer) const;
    // Dispatches 1D groups of MC_LOCAL_SIZE covering `items` invocations, in rows of MC_GROUPS_X groups.
    static void dispatchItems(std::uint64_t items);
    // The volume's size as "XxYxZ" for messages.
    static std::string sizeText(glm::ivec3 size);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::Buffer m_table, m_header;
    gl::Buffer m_vertices;
    std::uint32_t m_capacity = 0;
    volume::Band m_band{};
    discriminate::ValueKind m_kind = discriminate::ValueKind::Unsigned;

private:
    Result<void> setShape(glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing, bool binaryField);

    gl::Texture m_ownTexture; // setVolume's upload; empty when a texture is borrowed
    GLuint m_texture = 0;
    glm::ivec3 m_size{0};
    glm::vec3 m_spacing{1.0f};
    volume::ScalarType m_type = volume::ScalarType::Uint8;
    bool m_binary = false;
};

} // namespace dicer::surface
