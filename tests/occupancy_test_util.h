// Shared by the occupancy volume's GL tests (occupancy_volume_gltest.cpp, mc_occupancy_gltest.cpp): the CPU's
// volume of an occupancy (occupancy_volume.h: 1 where a voxel is occupied, an empty border of 1) and the
// texture read back.
#pragma once

#include "atlas_tiling.h"
#include "bits_reference.h"
#include "hp_math.h"
#include "occupancy_volume.h"
#include "voxel_output.h"

#include <cstdint>
#include <span>
#include <vector>

namespace dicer::test {

inline hp::AtlasTiling occupancyTiling(const occupancy::VolumeLayout& layout) {
    return {{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
}

// Texel v + kBorder is voxel v's bit in the layout's virtual atlas (hp::bitAt); the border is 0.
inline std::vector<std::uint8_t> volumeOfBits(std::span<const std::uint32_t> words,
                                              const occupancy::VolumeLayout& layout) {
    constexpr int b = surface::OccupancyVolume::kBorder;
    const glm::ivec3 s = layout.volume + 2 * b;
    std::vector<std::uint8_t> bytes(std::size_t(s.x) * s.y * s.z, 0);
    for (int z = 0; z < layout.volume.z; ++z)
        for (int y = 0; y < layout.volume.y; ++y)
            for (int x = 0; x < layout.volume.x; ++x)
                bytes[(std::size_t(z + b) * s.y + std::size_t(y + b)) * s.x + std::size_t(x + b)] =
                    hp::bitAt(words, layout.atlasSize, layout.voxelToTexel({x, y, z})) ? 1 : 0;
    return bytes;
}

// The bits of an RGBA8 atlas by the HistoPyramid discriminator's rule (alpha byte >= hp::thresholdToByte):
// the bits rows' input, i.e. the voxels the point list lists.
inline std::vector<std::uint32_t> bitsOfAtlas(std::span<const std::uint8_t> rgba,
                                              const occupancy::VolumeLayout& layout, float threshold) {
    return hp::rgbaToBits(rgba, layout.atlasSize, layout.atlasSize, hp::thresholdToByte(threshold),
                          occupancyTiling(layout), layout.atlasSize);
}

// The texture (glGetTextureImage waits for the GPU), x fastest.
inline std::vector<std::uint8_t> readOccupancy(const surface::OccupancyVolume& o) {
    const glm::ivec3 s = o.size();
    std::vector<std::uint8_t> bytes(std::size_t(s.x) * s.y * s.z);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(o.texture(), 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, GLsizei(bytes.size()), bytes.data());
    return bytes;
}

// The occupancy tests name these unqualified: `using namespace dicer::test` brings them.
using occupancy::VolumeLayout;
using occupancy::VoxelOutput;
using surface::OccupancyVolume;

} // namespace dicer::test
