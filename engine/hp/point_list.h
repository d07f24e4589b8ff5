// PointList builder: turns a built HistoPyramid into the list of its active cells, in key-index order.
// Two paths:
//  - build(): as in the paper. The count is read back to the CPU (a stall the 2006 design requires), a 2D
//    list texture of side ~sqrt(count) is allocated, and one fragment per entry descends the pyramid.
//    Entry (x, y) holds key k = y * width + x; entries with k >= count hold HP_EMPTY.
//  - buildIndirect(): GPU-resident. A one-thread pass turns the count into indirect draw/dispatch arguments
//    and a compute pass, dispatched indirectly, writes the points. The count never reaches the CPU.
// Both write the point buffer: uvec4 (voxel.x, voxel.y, voxel.z, atlas texel 16:16 modulo 65536: hp_point.h) per entry.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "PointList builder".
#pragma once

#include "atlas_tiling.h"
#include "histopyramid.h"
#include "indirect_args.h"
#include "point_buffer.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace dicer::hp {

// Size of the paper's 2D list for `count` entries: width ceil(sqrt(count)), height ceil(count / width),
// at least 1x1.
glm::ivec2 listSizeFor(std::uint32_t count);

class PointList {
public:
    static Result<PointList> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Both use the tiling the pyramid was built with.
    Result<void> build(const HistoPyramid& pyramid);
    Result<void> buildIndirect(const HistoPyramid& pyramid, std::uint32_t capacity);

    std::uint32_t count() const { return m_count; } // build(): the count; buildIndirect(): unknown (0)
    glm::ivec2 listSize() const { return m_listSize; }
    GLuint listTexture() const { return m_list.id(); } // RG32UI; only the listSize() corner is valid
    const PointBuffer& points() const { return m_points; }
    GLuint argsBuffer() const { return m_args.buffer(); } // HP_ARGS_* layout (hp_shared.h)

    // Read-backs for tests, verification and export (they wait for the GPU).
    std::vector<glm::uvec2> readListTexture() const; // listSize().x * listSize().y entries
    std::uint32_t readIndirectCount(bool* overflow = nullptr) const;

private:
    PointList(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : m_shaders(&shaders), m_maxTextureSize(info.maxTextureSize), m_points(info, "hp points") {}

    gl::ShaderLibrary* m_shaders;
    int m_maxTextureSize;
    IndirectArgs m_args;
    gl::Texture m_list;
    gl::Framebuffer m_listTarget;
    glm::ivec2 m_listTextureSize{0}, m_listSize{0};
    PointBuffer m_points;
    std::uint32_t m_count = 0;
    gl::VertexArray m_emptyVao;
};

} // namespace dicer::hp
