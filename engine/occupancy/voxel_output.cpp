#include "voxel_output.h"

#include "occupancy_bits.h"
#include "occupancy_sparse.h"

#include <algorithm>

namespace dicer::occupancy {

const char* voxelOutputName(VoxelOutput output) {
    static constexpr const char* kNames[] = {"atlas", "bits", "sparse"}; // in enumerator order
    return kNames[int(output)];
}

std::optional<VoxelOutput> parseVoxelOutput(std::string_view name) {
    for (VoxelOutput o : kVoxelOutputs)
        if (name == voxelOutputName(o)) return o;
    return std::nullopt;
}

AtlasLimit atlasLimit(VoxelOutput output, const gl::GlInfo& info) {
    if (output == VoxelOutput::Atlas) {
        const int side = std::min({info.maxTextureSize, info.maxViewportDims[0], info.maxViewportDims[1],
                                   info.maxFramebufferSize[0], info.maxFramebufferSize[1]});
        return {side, "the largest texture this driver renders to (GL_MAX_TEXTURE_SIZE " +
                          std::to_string(info.maxTextureSize) + ", viewport and framebuffer limits)"};
    }
    // The sparse index (1/512 of the bits) is bound whole; its pool follows the surface.
    if (output == VoxelOutput::Sparse) {
        int side = HP_SPARSE_MAX_ATLAS;
        while (side > 1 && std::int64_t(hp::hpSparseIndexUints(side)) * 4 > info.maxStorageBlockBytes)
            side /= 2;
        return {side, "the sparse occupancy's limit (" + std::to_string(HP_SPARSE_MAX_ATLAS) +
                          " a side, HP_SPARSE_MAX_ATLAS, and GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                          std::to_string(info.maxStorageBlockBytes) + " bytes for its index)"};
    }
    // The bits are bound whole as one storage block: side^2 / 8 bytes. Power-of-two sides only (atlases are).
    int side = HP_BITS_MAX_ATLAS;
    while (side > 1 && std::int64_t(side) * side / 8 > info.maxStorageBlockBytes)
        side /= 2;
    return {side, "the occupancy bits' limit (" + std::to_string(HP_BITS_MAX_ATLAS) +
                      " a side, and GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                      std::to_string(info.maxStorageBlockBytes) + " bytes for side^2/8)"};
}

Result<VolumeLayout> presetLayoutFor(std::string_view preset, VoxelOutput output, const gl::GlInfo& info) {
    const AtlasLimit limit = atlasLimit(output, info);
    return presetLayout(preset, limit.side, limit.what);
}

Result<void> checkLayout(const VolumeLayout& layout, VoxelOutput output, const gl::GlInfo& info,
                         std::string_view who) {
    // The layout must be what VolumeLayout::make computes for its volume (the shaders rely on it).
    Result<VolumeLayout> expected = VolumeLayout::make(layout.volume, 1 << 30);
    if (!expected || expected->tiles != layout.tiles || expected->atlasSize != layout.atlasSize)
        return makeError(std::string(who) + "inconsistent volume layout for volume " + volumeText(layout.volume) +
                         " (make it with VolumeLayout::make or presetLayout)");
    const AtlasLimit limit = atlasLimit(output, info);
    if (layout.atlasSize > limit.side)
        return makeError("volume " + volumeText(layout.volume) + " needs a " + std::to_string(layout.atlasSize) +
                         "x" + std::to_string(layout.atlasSize) + " slice atlas (" + voxelOutputName(output) +
                         " output), but " + limit.what + " is " + std::to_string(limit.side));
    return {};
}

} // namespace dicer::occupancy
