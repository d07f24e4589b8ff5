// Marching cubes on the GPU, the contract every method fulfils: a scalar volume (a 3D texture
// of its type's own format) and a band in; a triangle list (McGpuVertex, 3 vertices a triangle) and an
// indirect draw out, with no count read back. The HistoPyramid's stream expansion (`hp_mc`, mc_expander.h) and
// its peers (scan-based and atomic-append marching cubes) are rows of one table (mc_method_table.h); the demo,
// the bench and the tests hold an McMethod and never ask which row it is.
//
// WHAT THE BASE OWNS (what every method shares): the volume (own upload or a borrowed texture) and its shape,
// its base words (4 cells of a row each, mc_volume.glsl) and the cases buffer (a word of 4 cases per base word,
// written by every method's first pass, read by readCases), the packed case table (mc_table.h), the header
// (the expansion's indirect dispatch, the exact total, the draw arguments clamped to the capacity, the
// capacity: shaders/mc_shared.h) and the arguments pass that fills it (mc_args.comp.glsl), the vertex buffer
// and its growth, the read-backs for tests and the count ring, and the uniforms every pass sets (volume, band
// keys, words; for placement the band ends as float pairs, spacing, binary flag). A method adds its own buffers
// (shapeBuffers) and its passes (count, build, expand), built from the base's steps.
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
#include "mc_table_gpu.h"
#include "mc_xray.h"
#include "xray_levels.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace dicer::surface {

// One output vertex as read back (readVertices): the GPU's 16 bytes (mc_vertex.h) with the position decoded.
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
// The GPU's vertex (mc_vertex.h) decoded: `cells` per axis (the volume's size - 1), `spacing` per cell step.
McGpuVertex decodeVertex(const glm::uvec4& written, glm::ivec3 cells, glm::vec3 spacing);

enum class McOrder {
    Cells,     // the reference's order: vertex k is the reference's vertex k
    Unordered, // triangles in any order, each triangle's vertices in the table's order
};

class McMethod {
public:
    virtual ~McMethod() = default;
    McMethod(const McMethod&) = delete;
    McMethod& operator=(const McMethod&) = delete;

    const char* name() const { return m_name; } // its row's name in mc_method_table.h
    McOrder order() const { return m_order; }

    // Uploads the volume into a 3D texture of its own (the type's own format, as the discriminator does) and
    // computes isBinaryField on the CPU. Errors: an invalid volume, a side beyond GL_MAX_3D_TEXTURE_SIZE, more
    // cells than the method's storage blocks hold, an allocation failure; on error the previous volume stays.
    // A side < 2: no cells, every run gives 0 vertices (and says so in the log once).
    Result<void> setVolume(const volume::ScalarVolume& volume);
    // The same over a texture someone else owns (the VolumeDiscriminator's volumeTexture(), whose volume this
    // is): nothing is uploaded; the texture must outlive the runs. `binaryField`: isBinaryField(volume).
    Result<void> useVolumeTexture(GLuint texture, glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing,
                                  bool binaryField);

    // Grows the vertex buffer to at least `vertices` (1.5x steps). Beyond maxVertices or GL_OUT_OF_MEMORY: one
    // clear error, the previous buffer stays.
    Result<void> reserve(std::uint32_t vertices);
    // The vertex buffer is one buffer bound as gl::kEntryBlocks storage blocks of verticesPerBlock vertices
    // (storage_blocks.h; the shaders' mc_place.glsl), so a surface may be longer than one block allows
    // (llvmpipe: 8 388 608 vertices of 16 bytes a block of 128 MiB, 33 554 432 in all = 11.2 M triangles, 512 MiB).
    static std::uint32_t verticesPerBlock(const gl::GlInfo& info);
    static std::uint32_t maxVertices(const gl::GlInfo& info);

    // The volume texture's contents as of this run (a version the caller counts): a borrowed texture may be
    // rewritten in place (a mesh's occupancy, every frame it turns). The column ranges ("THE COUNT'S COLUMNS"
    // below) are computed the second run a version stays the same; a run after a change counts every column.
    void setContentVersion(std::uint64_t version);
    // Computes the column ranges now (the bench times it; a count does it when they are due).
    void computeColumnRanges();

    // count + build + expand (each also callable alone, in that order). Errors: no volume, no vertex buffer.
    // Without cells or a vertex buffer, build writes zero vertices into the header and expand does nothing.
    Result<void> run(volume::Band band);
    Result<void> count(volume::Band band);
    void build();
    void expand();

    GLuint vertexBuffer() const { return m_vertices.id(); } // uvec4[capacity()] (mc_vertex.h)
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
    std::vector<std::uint8_t> readCases() const;

    // Dispatches 1D groups of MC_LOCAL_SIZE covering `items` invocations, in rows of MC_GROUPS_X groups (the
    // passes' mcInvocation(), mc_common.glsl).
    static void dispatchItems(std::uint64_t items);

    const gl::GlInfo& glInfo() const { return m_info; } // the limits it was made with (its storage blocks)
    glm::ivec3 volumeSize() const { return m_size; }
    glm::ivec3 cells() const { return glm::max(m_size - 1, glm::ivec3(0)); }
    glm::vec3 spacing() const { return m_spacing; } // physical units per sample step
    bool hasCells() const { return glm::all(glm::greaterThanEqual(m_size, glm::ivec3(2))); }
    bool binaryField() const { return m_binary; }

    // The X-ray (mc_xray.h): after a run, vertex k followed down this method's pyramid by its own expansion pass
    // on the GPU, recorded level by level (reads back a few hundred bytes: a tool, never the frame). Errors: no
    // run, k not below the total, a method without a pyramid.
    virtual Result<McXrayPath> trace(std::uint32_t /*k*/) {
        return makeError(std::string(name()) + ": records no X-ray path to follow a vertex down (hp_mc does)");
    }
    // The X-ray view (hp/xray_levels.h): the levels of the pyramid the last run built, base first (empty: the
    // method builds none), and `tiles` of them drawn into `canvas` from the GPU buffers, summed per pixel, each
    // tile's total added into its slot (no readback).
    virtual std::vector<hp::XrayLevel> xrayLevels() const { return {}; }
    virtual Result<void> drawXray(std::span<const hp::XrayTile> /*tiles*/, const hp::XrayCanvas& /*canvas*/) {
        return makeError(std::string(name()) + ": builds no pyramid to draw");
    }

protected:
    // `baseBuffers`: the buffers of one uint per base word the method keeps ("cases and scanned counts"),
    // named by the error when they exceed a storage block.
    McMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info, const char* name, McOrder order,
             const char* baseBuffers);
    // The table, the header and the arguments pass (`argsLabel` names its program) every method uses: each
    // subclass's create() calls it (a constructor cannot report that the driver refused the memory).
    Result<void> initShared(const char* argsLabel);
    McMethod(McMethod&&) noexcept = default;
    McMethod& operator=(McMethod&&) noexcept = default;

    // The method's own buffers for a volume of `size` samples and `words` base words (0: no cells), beyond the
    // base's cases: allocate them (or keep them when big enough). Errors name the limit; on error the previous
    // ones stay (and the base keeps its cases and words).
    virtual Result<void> shapeBuffers(glm::ivec3 /*size*/, std::uint32_t /*words*/) { return {}; }
    // The passes proper (count, build, expand), after the base's checks: never without cells or a vertex buffer;
    // the band is set.
    virtual void countCells() = 0;
    virtual void buildOffsets() = 0;
    virtual void writeVertices() = 0;

    // The steps the methods' passes are made of.
    // Binds the volume's texture, the table and the uniforms of discriminate_values.glsl + mc_common.glsl:
    // the size, the band's keys and, for placement, the band's ends as float pairs, the spacing, the binary flag.
    void bindVolume(GLuint program) const;
    void bindPlacement(GLuint program) const;
    // Makes the program of the volume's value kind current for a pass over the base words: the volume bound
    // (bindVolume), the words' count set, the cases bound.
    GLuint useWordsProgram(const discriminate::KindPrograms& programs) const;
    GLuint casesBuffer() const { return m_cases.id(); } // the base words' cases (4 bytes a word)
    // Binds what the vertices' writers write: the header and the vertex buffer.
    void bindVertexOutput() const;
    // The count pass (mc_count.comp.glsl, debug group `label`): every base word's 4 cases into the cases, its
    // vertex count into the buffer the caller bound at MC_BIND_LEVEL1. THE COUNT'S COLUMNS: one invocation per
    // column of MC_COUNT_ROWS x MC_COUNT_SLICES words (mc_shared.h). With the columns' key ranges known
    // (mc_column_range.comp.glsl: min and max over the samples a column reads, once per volume), a
    // classification first writes the columns wholly inside or outside the band (cases 255 or 0, count 0)
    // without reading the volume and lists the others, and the count runs over the listed ones only, dispatched
    // indirectly; until the ranges are known (a volume's contents just changed) it runs over every column.
    // KEPT WORDS: after a count whose build leaves the counts as they are (`after`), the next classification does
    // not write the columns uniform the same way under both bands (MC_LOC_KEPT_BAND).
    enum class CountsAfterBuild { Kept, Overwritten };
    void countWords(const discriminate::KindPrograms& count, const char* label, CountsAfterBuild after);
    // The arguments pass (mc_args.comp.glsl): the total, `totalEntry` (an entry of the buffer bound at
    // MC_BIND_UPPER, or MC_TOTAL_IN_LEVEL1, or MC_TOTAL_IN_HEADER), into the draw arguments of the header bound
    // at MC_BIND_HEADER. Leaves its program current.
    void writeDrawArgs(GLuint totalEntry) const;
    // After the last pass that writes vertices: the view draws them (attributes or storage) with the header's
    // arguments; tests read them back.
    static void finishVertexWrites();
    // The descents' expansion (hp_mc, hp5_mc): the program in use, its pyramid bound, dispatched from the
    // header's indirect arguments (a triangle an invocation, mc_args.comp.glsl) into the vertex output; the
    // indirect binding restored; then finishVertexWrites.
    void expandPerTriangle() const;
    // Zero vertices in the header (no cells, no vertex buffer): the dispatch 0 x 1 x 1, the draw 0 x 1.
    void writeEmptyHeader();
    // The volume's size as "XxYxZ" for messages.
    static std::string sizeText(glm::ivec3 size);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    McTableGpu m_table;
    gl::Buffer m_header;
    gl::Buffer m_vertices;
    std::uint32_t m_capacity = 0;
    std::uint32_t m_words = 0; // base words: (Y-1)(Z-1) rows of ceil((X-1) / 4); 0 without cells
    volume::Band m_band{};
    discriminate::ValueKind m_kind = discriminate::ValueKind::Unsigned;

private:
    Result<void> setShape(glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing, bool binaryField);
    // The base words of a volume of `size` samples, 0 without cells. One error naming
    // GL_MAX_SHADER_STORAGE_BLOCK_SIZE when a buffer of one uint a word (the method's base buffers) does not fit
    // one storage block, or when the padded cells exceed 2^32 (the shaders' cell indices).
    Result<std::uint32_t> baseWords(glm::ivec3 size) const;

    const char* m_name;
    McOrder m_order;
    const char* m_baseBuffers;
    gl::ProgramId m_args;
    void refreshRanges(); // countWords: the ranges computed where they are due
    // The count pass's columns over a volume of `size`: word places a row, strips of rows, stacks of slices.
    static glm::u64vec3 columnGrid(glm::ivec3 size);
    static std::uint64_t countColumns(glm::ivec3 size); // their number
    // One invocation a column, in octets of 2 x 2 x 2 columns, 8 octets a group along the rows (mc_volume.glsl).
    static void dispatchColumns(glm::ivec3 size);
    struct ColumnBuffers {
        gl::Buffer ranges, list; // none: the present ones are big enough
    };
    Result<ColumnBuffers> allocateColumnBuffers(std::uint64_t columns, glm::ivec3 size) const;
    void classifyColumns(); // countWords with exact ranges: the uniform columns written, the others listed

    discriminate::KindPrograms m_rangePrograms, m_classifyPrograms;
    gl::Buffer m_ranges;              // uvec2 a count column; grown only
    gl::Buffer m_columns;             // the listed columns (MC_COLUMNS_*), as many as the ranges
    std::uint32_t m_rangeColumns = 0; // their capacity in columns
    enum class Ranges { Unknown, Pending, Exact }; // Unknown: the contents just changed, every column counted
    Ranges m_rangeState = Ranges::Pending;         // Pending: computed at the next count
    // The band keys whose words the cases and counts hold (countWords); none after a new shape or contents.
    std::optional<glm::uvec2> m_keptBand;
    std::uint64_t m_contentVersion = 0;
    gl::Buffer m_cases;            // grown only: a smaller base fits the old buffer
    std::uint32_t m_caseWords = 0; // its capacity in words
    gl::Texture m_ownTexture; // setVolume's upload; empty when a texture is borrowed
    GLuint m_texture = 0;
    glm::ivec3 m_size{0};
    glm::vec3 m_spacing{1.0f};
    volume::ScalarType m_type = volume::ScalarType::Uint8;
    bool m_binary = false;
};

} // namespace dicer::surface
