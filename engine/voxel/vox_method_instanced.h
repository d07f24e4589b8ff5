// Vox method "instanced": one instanced draw per chunk, instance = slice, so every triangle is
// drawn as a candidate quad for every slice (6 vertices per (triangle, slice) pair, vertex pulling). The naive
// slab method (vox_method_slab.h): its cost is triangles x slices whatever the coverage; the reference the
// other methods' atlases are compared with (tests/voxelizer_methods_gltest.cpp). Based on: the slicing of
// Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), with the slices as instances.
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

Result<std::unique_ptr<VoxMethod>> createInstancedMethod(gl::ShaderLibrary& shaders,
                                                             const gl::GlInfo& info);

} // namespace dicer::voxel
