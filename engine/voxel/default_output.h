// The voxelizer output a volume starts with: the fastest output that holds it on this driver.
// One rule for the demo's command line, its preset combo and its mode switch (frame::takeDefaultOutput), measured
// on Mesa llvmpipe, 2 cores, teapot, compute voxelizer (docs/DEMO.md, "The default output per preset"):
//
//   volume (voxels)           shell mode                 why
//   < kSparseFromSide^3       bits, then sparse, atlas   bits faster up to 128^3 (frame 127 vs 213 ns a point);
//                                                        the sparse output's extra dispatches dominate there
//   >= kSparseFromSide^3      sparse, then bits, atlas   256^3: voxelize + build + list 10.9 vs 19.9 ms,
//                                                        1024^3: 184 vs 407 ms; 2048^3 and 4096^3: sparse only
//                                                        (the bits would be 2 GiB / 8 GiB in one storage block)
//   solid mode: bits, then atlas (the sparse occupancy holds surfaces: a solid interior fills whole bricks)
//
// The atlas is never the fastest (its HistoPyramid reads 4 bytes a voxel: 3-10x the bits' frame) and comes last;
// it is also bounded by GL_MAX_TEXTURE_SIZE (512^3 on llvmpipe). An output "holds" a volume when the volume's
// layout is within atlasLimit(output), the mode suits it (checkMode) and the vox method writes it
// (checkOutput): the first one of the order that holds it is the default; none: one error naming each output's
// reason (solid mode at 2048^3: the bits' 131072^2 virtual atlas is past 65536, the sparse output holds surfaces).
#pragma once

#include "gl_info.h"
#include "result.h"
#include "voxelizer.h"

#include <glm/vec3.hpp>

#include <array>

namespace dicer::voxel {

// From this many voxels a side (the volume's voxel count >= kSparseFromSide^3) the sparse occupancy is preferred
// to the bits: measured, it is the faster frame from 256^3 (above), and it has the bits' model colours per point
// (docs/SPARSE.md, "Model colours per point"), so nothing the user sees changes with the output.
inline constexpr int kSparseFromSide = 256;

// The outputs in the order the rule prefers them for `volume` and `mode` (every output, once): no driver involved.
std::array<occupancy::VoxelOutput, 3> outputPreference(glm::ivec3 volume, VoxelMode mode);

// Whether `output` holds `volume` in `mode`, written by `method`, on this driver; the error says why not.
Result<void> checkHolds(glm::ivec3 volume, VoxelMode mode, VoxMethodId method, occupancy::VoxelOutput output,
                        const gl::GlInfo& info);

// The first output of outputPreference that holds the volume (checkHolds); none: one error naming the volume, the
// mode and each output's reason.
Result<occupancy::VoxelOutput> defaultOutputFor(glm::ivec3 volume, VoxelMode mode, VoxMethodId method,
                                     const gl::GlInfo& info);

} // namespace dicer::voxel
