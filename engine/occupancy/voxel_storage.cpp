#include "voxel_storage.h"

#include "allocation.h"
#include "occupancy_bits.h"

namespace dicer::occupancy {

std::int64_t bitsBytesFor(int atlasSize) {
    const std::int64_t blocksX = hp::hpBitsBlocksX(atlasSize);
    return blocksX * blocksX * HP_BITS_WORDS_PER_BLOCK * 4;
}

Result<VoxelStorage> VoxelStorage::allocate(const VolumeLayout& layout, VoxelOutput output,
                                            const gl::GlInfo& info, std::string_view owner) {
    if (Result<void> r = checkLayout(layout, output, info); !r) return makeError(r.error());
    VoxelStorage s;
    const std::string who(owner);
    if (output == VoxelOutput::Atlas) {
        Result<gl::Texture> t = gl::allocateTexture2D(layout.atlasSize, layout.atlasSize, GLenum(GL_RGBA8), 1,
                                                      who + " slice atlas");
        if (!t) return makeError(t.error() + " (" + who + " " + volumeText(layout.volume) + ")");
        s.m_atlas = std::move(t.value());
    } else if (output == VoxelOutput::Bits) {
        Result<gl::Buffer> b =
            gl::allocateBuffer(GLsizeiptr(bitsBytesFor(layout.atlasSize)), nullptr, 0, who + " occupancy bits");
        if (!b) return makeError(b.error() + " (" + who + " " + volumeText(layout.volume) + ")");
        s.m_bits = std::move(b.value());
    }
    s.m_layout = layout;
    s.m_output = output;
    return s;
}

std::int64_t VoxelStorage::bitsBytes() const {
    return m_bits ? bitsBytesFor(m_layout.atlasSize) : 0;
}

} // namespace dicer::occupancy
