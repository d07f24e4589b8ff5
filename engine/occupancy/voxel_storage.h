// The storage of one dense voxel output for one layout: the RGBA8 slice atlas (a texture) or the occupancy bits
// (a buffer, occupancy_bits.h). Both writers (the mesh voxelizer, the volume discriminator) hold one: the layout
// check and the checked allocation are written once here. The sparse occupancy is a structure of its own
// (sparse_occupancy.h), made by the voxelizer alone.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "voxel_output.h"

#include <cstdint>
#include <string_view>

namespace dicer::occupancy {

class VoxelStorage {
public:
    VoxelStorage() = default; // no layout yet
    // checkLayout, then the atlas or the bits for `layout` (nothing for the sparse output), every allocation
    // checked. `owner` starts the objects' labels and the messages ("voxel", "volume"). On error nothing is
    // held: the caller keeps its previous storage.
    static Result<VoxelStorage> allocate(const VolumeLayout& layout, VoxelOutput output, const gl::GlInfo& info,
                                         std::string_view owner);

    bool hasLayout() const { return m_layout.atlasSize > 0; }
    const VolumeLayout& layout() const { return m_layout; }
    VoxelOutput output() const { return m_output; }
    // Whether it already is the storage of `layout` and `output` (nothing to allocate).
    bool holds(const VolumeLayout& layout, VoxelOutput output) const {
        return hasLayout() && layout.volume == m_layout.volume && output == m_output;
    }
    GLuint atlas() const { return m_atlas.id(); } // 0 unless the atlas output
    GLuint bits() const { return m_bits.id(); }   // 0 unless the bits output
    std::int64_t bitsBytes() const;               // 0 unless the bits output

private:
    VolumeLayout m_layout;
    VoxelOutput m_output = VoxelOutput::Atlas;
    gl::Texture m_atlas;
    gl::Buffer m_bits;
};

// The bytes of the occupancy bits of a virtual atlas of `atlasSize` texels a side.
std::int64_t bitsBytesFor(int atlasSize);

} // namespace dicer::occupancy
