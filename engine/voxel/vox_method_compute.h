// Vox method "compute" (the demo's default): the projected method without the rasterizer. A compute
// invocation per triangle evaluates the triangle setup in registers (voxSetupTriangle, bit-identical to the
// setup pass's record: no setup pass, no setup buffer) and visits the voxel column centres of its projection
// box, calling the same rule function (voxMarkColumn) with the same integers as projected's fragments, so the
// atlas is projected's byte for byte (voxelize_compute.comp.glsl):
//  1. owner pass: imageAtomicMax(texel, id + 1) on the R32UI view of the atlas; the first marker of a texel
//     appends it to the method's voxel list (every marked voxel once). A triangle whose box has more than
//     VOX_COMPUTE_LARGE_COLUMNS columns goes to its chunk's large-triangle list instead, and an indirect
//     dispatch gives each listed triangle a work group of 8 x 8 invocations, so one huge triangle does not
//     serialise on one invocation;
//  2. colour pass over the listed voxels (the work follows the voxels, not the triangles): the owner samples
//     the voxel's column again and stores its colour;
//  3. where the driver's storage blocks cannot hold every voxel of the volume, a per-triangle colour pass
//     follows, which returns at once unless the list overflowed (Voxelizer::limitVoxelList forces it).
// Sparse output: that marking pass twice, the bricks into the coarse map, then (after the GPU handed
// out the slots) the bits into the slots. Bits output: the per-triangle and large-triangle dispatches as one
// marking pass (no list, no colours). Slot
// colours: both dispatches per pass, the slot of the voxel as destination. The fastest method on llvmpipe,
// whose rasterizer costs ~1 us per primitive (docs/VOXELIZER.md). Triangle-parallel surface voxelization
// after Schwarz & Seidel, "Fast Parallel Surface and Solid Voxelization on GPUs" (SIGGRAPH Asia 2010), with
// this project's sampling rule and owner/colour passes.
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

bool computeMethodAvailable(const gl::GlInfo& info);
Result<std::unique_ptr<VoxMethod>> createComputeMethod(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info);

} // namespace dicer::voxel
