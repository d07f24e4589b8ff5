// Vox method "binned": the slab method (vox_method_slab.h) that draws only the (triangle, slice)
// pairs whose quads can hold a voxel. The setup pass bins each triangle to the slices its z-range spans
// (widened by 0.3 slice, so every non-empty quad is binned: voxelize_setup.comp.glsl); a one-group scan
// (voxelize_scan.comp.glsl) lays the pairs out in triangle order (the first pair of each triangle) and writes
// the indirect draw's arguments, so one glDrawArraysIndirect per chunk covers exactly them and the cost
// follows the coverage (about 41 000 quads for the teapot at 256^3 instead of 6400 x 256). Pairs beyond
// VOX_MAX_PAIRS are dropped and flagged (VOX_ARGS_SATURATED). Compute binning rather than a geometry shader:
// docs/VOXELIZER.md. Based on: the slicing of Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006),
// with the slices a triangle spans found by a compute pre-pass.
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

bool binnedMethodAvailable(const gl::GlInfo& info);
Result<std::unique_ptr<VoxMethod>> createBinnedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

} // namespace dicer::voxel
