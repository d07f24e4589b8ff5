// Where dicer-bench's atlases come from: a table of sources, each able to make the paper's square slice
// atlases (1024^2 = 256x64x64, 2048^2 = 256x128x128, 4096^2 = 256^3) and side^3 volumes for the scaling
// sweep. Today the built-in sphere shell; a voxelized model (the paper's teapot) plugs in as one more entry.
#pragma once

#include "point_list.h"
#include "result.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::bench {

struct BenchAtlas {
    std::string label;    // "4096²", "256³"
    glm::ivec2 size{0};   // atlas texels
    glm::ivec3 volume{0}; // voxels
    hp::AtlasTiling tiling;
    std::vector<std::uint8_t> rgba; // size.x * size.y * 4 bytes, row-major
    std::int64_t texels() const { return std::int64_t(size.x) * size.y; }
    std::int64_t voxels() const { return std::int64_t(volume.x) * volume.y * volume.z; }
    std::vector<std::uint8_t> alpha() const; // the discriminator's channel
};

struct AtlasSource {
    const char* name;
    const char* summary;
    Result<BenchAtlas> (*paperAtlas)(int atlasSize); // square slice atlas of the paper's layouts
    Result<BenchAtlas> (*cubeAtlas)(int side);       // side^3 voxels, side slices of side^2 (cubeAtlasExtent)
};

std::span<const AtlasSource> atlasSources();
const AtlasSource* findAtlasSource(std::string_view name);

} // namespace dicer::bench
