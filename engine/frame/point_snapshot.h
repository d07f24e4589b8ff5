// "Export points (PLY)": the point list of one frame as a model-space point cloud. The GL side
// (Frame::snapshot) reads the point buffer and the atlas back once, on request, never in the frame path;
// this part is pure CPU, so the CPU tests check it: each entry's voxel centre (volume_layout.h) is mapped
// from the volume back into the model's own coordinates through the inverse of the frame's model matrix
// (rotation * placement), and its colour is the atlas texel's rgb (what --color model shows), or with the bits
// output the point's slot colour.
#pragma once

#include "ply_writer.h"
#include "result.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::frame {

// One frame's point list and what it needs to become a cloud.
struct PointSnapshot {
    std::vector<glm::uvec4> entries; // hp_point.h: voxel.xyz, the atlas texel 16:16 (mod 65536)
    std::vector<std::uint8_t> rgba;  // the slice atlas, RGBA8, row 0 first (empty with pointColors)
    // Bits or sparse output (no atlas): RGBA8 of entry k at k (packUnorm4x8, red in the low byte), the voxelizer's slot
    // colours; the entry's voxel then names the point (its 4th word is not read).
    std::vector<std::uint32_t> pointColors;
    int atlasSize = 0;    // square
    glm::ivec3 volume{0}; // voxels per axis
    // The frame's model matrix; identity for the test atlas (no model); a scalar volume's physicalToVolume.
    glm::mat4 modelToVolume{1.f};
    std::uint32_t droppedEntries = 0; // the GPU count beyond the buffer's capacity (not in `entries`)
};

// A scalar volume's physical frame (x y z in its file's units: index * spacing, the corner of voxel (0,0,0)
// at the origin, so voxel i's centre is at (i + 0.5) * spacing) into the volume space [-1,1]^3 of `size`
// voxels: the modelToVolume of a volume's snapshot (Frame::physicalToVolume), so its cloud comes out in
// physical units.
glm::mat4 physicalToVolume(glm::ivec3 size, glm::vec3 spacing);

// The cloud in model space. An entry naming a voxel outside the volume or a texel outside the atlas, or a
// model matrix that cannot be inverted, is an error (a corrupt buffer, never a guess).
Result<std::vector<model::PlyPoint>> modelSpacePoints(const PointSnapshot& snapshot);

} // namespace dicer::frame
