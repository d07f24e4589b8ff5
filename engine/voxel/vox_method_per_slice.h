// Vox method "per-slice": one draw per slice and chunk, the slice in a uniform (VOX_LOC_SLICE),
// every triangle a candidate quad in every slice: the structure of the 2006 demo, which rendered the mesh once
// per slice (256 passes for the paper's presets) with the depth range set to the slice's slab. A slab method
// (vox_method_slab.h). Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "slicing".
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

Result<std::unique_ptr<VoxMethod>> createPerSliceMethod(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info);

} // namespace dicer::voxel
