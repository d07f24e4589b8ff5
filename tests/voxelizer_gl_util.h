// Shared by the voxelizer GL tests: one Voxelizer per executable, atlas read-back and voxel access.
#pragma once

#include "gl_test_util.h"
#include "test_models.h"
#include "voxelizer.h"

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

namespace dicer::test {

// Compiled once per executable (shader compilation dominates small cases on llvmpipe); nullptr and a test
// failure with the log if creation fails.
Voxelizer* sharedVoxelizer();
gl::ShaderLibrary& sharedShaders();

// Sets layout and mesh (asserting success) and voxelizes.
void voxelizeInto(Voxelizer& v, const VolumeLayout& layout, const Mesh& mesh, const VoxelizeParams& params);

// The atlas as RGBA8 bytes, row 0 = texel row 0 (glGetTextureImage waits for the GPU).
struct AtlasBytes {
    VolumeLayout layout;
    std::vector<std::uint8_t> rgba;

    const std::uint8_t* texel(glm::ivec2 t) const {
        return &rgba[(size_t(t.y) * layout.atlasSize + t.x) * 4];
    }
    const std::uint8_t* voxel(glm::ivec3 v) const { return texel(layout.voxelToTexel(v)); }
    bool occupied(glm::ivec3 v) const { return voxel(v)[3] != 0; }
    std::int64_t occupiedCount() const; // texels with alpha != 0, padding included
};
AtlasBytes readAtlas(const Voxelizer& v);
// Texels whose four bytes differ (the methods must agree exactly: tolerance 0).
std::int64_t differingTexels(const AtlasBytes& a, const AtlasBytes& b);

VolumeLayout layoutOf(glm::ivec3 volume);
VolumeLayout presetOf(std::string_view name);

} // namespace dicer::test
