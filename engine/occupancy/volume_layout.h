// The slice atlas: a voxel volume stored as z-slices, each slice one tile of a square power-of-two 2D texture
// (the HistoPyramid base level). Ziegler et al. 2006 (TR MPI-I-2006-4-002) store 256 slices of 256x256 as
// 16x16 tiles of a 4096^2 texture.
//
// Conventions (the only ones; shaders must use the same):
//  - Volume space: the volume spans [-1,1]^3 per axis whatever its voxel counts (what the functions below call
//    "world": the voxelizer's clip space). Voxel v = (x, y, z), 0 <= v < volume, covers
//    [-1 + v*2/volume, -1 + (v+1)*2/volume) per axis; its centre is -1 + (v + 0.5) * 2/volume. Slice k is
//    voxel layer z = k.
//  - Drawn to scale: the programs' world holds the volume as the box [-shape, shape], shape = volumeShape()
//    (the physical extent normalised so its largest axis is 1): world = volumeToWorld(shape) * volume space.
//    A 64x32x128 volume of cubic voxels is the box 0.5 x 0.25 x 1, so its voxels stay cubes.
//  - Slice k is tile (k % tiles.x, k / tiles.x): row-major, slice 0 at the atlas origin (texel 0,0).
//  - Voxel (x, y, k) is texel tileOrigin(k) + (x, y); the texel's centre (texel + 0.5, GL's pixel-centre
//    rule) is where the voxelizer's fragment for that voxel lands.
//  - Texels right of / above the used tiles, and tiles past the last slice, are padding: they hold no
//    voxel and must stay 0 for the HistoPyramid count.
#pragma once

#include "result.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::occupancy {

struct VolumeLayout {
    glm::ivec3 volume{0}; // voxels along x, y, z; slices along z
    glm::ivec2 tiles{0};  // tile grid: tiles.x columns, tiles.y rows
    int atlasSize = 0;    // square, power of two

    // tiles.x = next power of two >= ceil(sqrt(z)) (so a row of tiles fills a power-of-two width for
    // power-of-two slices), tiles.y = ceil(z / tiles.x), atlasSize = next power of two >=
    // max(tiles.x * x, tiles.y * y). Errors on a dimension < 1, more than 2^20 slices (hp_point.h
    // HP_QUOTIENT_MAX) or when atlasSize exceeds maxAtlasSize; the
    // message names both sizes and `limitName`, what sets the limit: the driver's GL_MAX_TEXTURE_SIZE for a
    // texture atlas, or another side limit for a virtual one (the occupancy bits, voxelizer.h atlasLimit).
    static Result<VolumeLayout> make(glm::ivec3 volume, int maxAtlasSize,
                                     std::string_view limitName = kTextureLimitName);
    static constexpr std::string_view kTextureLimitName = "the driver's maximum texture size";

    std::int64_t voxelCount() const { return std::int64_t(volume.x) * volume.y * volume.z; }
    std::int64_t atlasTexelCount() const { return std::int64_t(atlasSize) * atlasSize; }
    bool contains(glm::ivec3 voxel) const;

    // Lower-left texel of slice `slice`'s tile (slice in [0, z)).
    glm::ivec2 tileOrigin(int slice) const;
    // Atlas texel of a voxel (voxel must be inside the volume).
    glm::ivec2 voxelToTexel(glm::ivec3 voxel) const;
    // The voxel stored at `texel`; nullopt outside the atlas, in padding, or in unused tiles.
    std::optional<glm::ivec3> texelToVoxel(glm::ivec2 texel) const;

    // World position of the voxel's centre.
    glm::vec3 voxelCenterToWorld(glm::ivec3 voxel) const;
    // The voxel whose cell holds `world`; points outside [-1,1]^3 (or NaN components) are clamped to the
    // nearest border voxel. The upper face +1 belongs to the last voxel.
    glm::ivec3 worldToVoxel(glm::vec3 world) const;
    // World z-range [near, far) = [-1 + k*2/z, -1 + (k+1)*2/z) of slice k: the slab its pass rasterizes.
    glm::vec2 sliceDepthRange(int slice) const;
    // Edge length of one voxel in world units per axis.
    glm::vec3 voxelSize() const { return 2.f / glm::vec3(volume); }
};

// The volume's shape: its physical extent (voxels x spacing, the size of a voxel per axis) divided by the largest
// axis, so the largest is 1: (1,1,1) for a cube of cubic voxels, (0.5, 0.25, 1) for 64x32x128. A dimension
// below 1 or a spacing that is not finite and positive gives (1,1,1) (VolumeLayout::make refuses such volumes).
glm::vec3 volumeShape(glm::ivec3 volume, glm::vec3 spacing = glm::vec3(1.f));
// World <- volume space (diag(shape)) and its inverse (diag(1 / shape)): the one transform between the voxel
// grid's [-1,1]^3 and the box the volume is drawn as. Exactly the identity for shape (1,1,1).
glm::mat4 volumeToWorld(glm::vec3 shape);
glm::mat4 worldToVolume(glm::vec3 shape);

// "64x64x256", for messages.
inline std::string volumeText(glm::ivec3 v) {
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

// Named presets. The paper gives its three runs as "4096x4096 (256^3)", "2048x2048 (256x128x128)" and
// "1024x1024 (256x64x64)"; we read the leading 256 as the slice count, i.e. x = y = 128 resp. 64 per slice
// and z = 256 slices, which is what fills those atlases exactly (16x16 tiles).
//   "paper-4096" 256x256x256 -> 4096^2     "64"  64^3  ->   512^2
//   "paper-2048" 128x128x256 -> 2048^2     "128" 128^3 ->  2048^2
//   "paper-1024"  64x64x256  -> 1024^2     "256" 256^3 ->  4096^2
//                                          "512" 512^3 -> 16384^2
//                                          "1024" 1024^3 -> 32768^2 (beyond every texture limit: only
//                                                 the virtual atlas of the occupancy bits, 128 MiB)
//                                          "2048" 2048^3 -> 131072^2 } virtual atlases of the sparse
//                                          "4096" 4096^3 -> 262144^2 } occupancy only (docs/SPARSE.md)
// Any other volume is written XxYxZ ("128x128x256": x, y voxels per slice, z slices; "paper-2048" is that
// volume), every count a decimal >= 1 without sign or leading zero. The voxels are cubes: a mesh is fitted,
// keeping its aspect, into the box of volumeShape (model/placement.h BoxFit), and the box is drawn to scale.
std::vector<std::string_view> presetNames();
// A named preset's volume, N (a cube of N^3 voxels), paper-N (N a power of two from 16 to 65536: the paper's
// layout filling an N^2 atlas, N/16 x N/16 x 256) or an XxYxZ volume (boxVolume); nullopt for anything else.
std::optional<glm::ivec3> presetVolume(std::string_view name);
// "XxYxZ" -> its volume; nullopt for any other text: a count of 0, a sign, a leading zero, more or fewer than
// three counts ("12x", "1x2x3x4"), a count beyond int. (Whether the volume fits a driver is VolumeLayout::make's.)
std::optional<glm::ivec3> boxVolume(std::string_view text);
// A cube side written as a number ("48" -> 48^3), for the benchmark's sweeps; nullopt for anything else.
std::optional<glm::ivec3> cubeVolume(std::string_view side);
// Layout of a preset (named or XxYxZ) or a cube side; errors on an unknown name (listing the known ones and the
// XxYxZ form) or as VolumeLayout::make. (The command lines offer the presets of presetVolume.)
Result<VolumeLayout> presetLayout(std::string_view name, int maxAtlasSize,
                                  std::string_view limitName = VolumeLayout::kTextureLimitName);

} // namespace dicer::occupancy
