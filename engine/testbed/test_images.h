// Built-in test atlases that need no model file: the headless run and the benchmark use them until (and
// beside) the voxelizer. A sphere shell in the paper's slice-atlas layout has a realistic sparsity (~0.5 %
// active).
#pragma once

#include "gl_handle.h"
#include "result.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

namespace dicer::testbed {

struct AtlasImage {
    int size = 0;              // square atlas side (makeSphereShellAtlas); the larger side otherwise
    int width = 0, height = 0; // atlas extent in texels
    glm::ivec3 volume{0};      // voxels per axis (slices along z)
    int tilesX = 0;            // tiles per atlas row
    std::vector<std::uint8_t> rgba;
};

// The paper's layouts: 4096 -> 256^3, 2048 -> 128x128x256, 1024 -> 64x64x256 (16 x 16 tiles of 256 slices).
// Other powers of two get 256 slices too when they fit, else as many as fit.
// Voxels within half a voxel of a sphere of `radius` (world units, volume = [-1,1]^3) are opaque; rgb encodes
// the voxel's position, like the paper's false colours.
AtlasImage makeSphereShellAtlas(int atlasSize, float radius = 0.6f);

// A side^3 volume (side slices of side^2 voxels) for scaling runs: tilesX is the power of two >= sqrt(side),
// so 64^3 -> 512x512, 128^3 -> 2048x1024, 256^3 -> 4096x4096, 512^3 -> 16384x8192, 1024^3 -> 32768x32768.
// Same shell and colours as makeSphereShellAtlas.
AtlasImage makeSphereShellVolume(int side, float radius = 0.6f);
// The slice layout makeSphereShellVolume uses for a side^3 volume: tiles per atlas row and the atlas extent.
int cubeTilesX(int side);
glm::ivec2 cubeAtlasExtent(int side);

// Uploads into an immutable RGBA8 texture (one level). Errors: the driver refused the memory (allocation.h).
Result<gl::Texture> uploadAtlas(const AtlasImage& image, std::string_view label = "test atlas");

} // namespace dicer::testbed
