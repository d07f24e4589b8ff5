// Vox method "projected": no slices at all. Each triangle is drawn once, as the box of its projection
// along its sampling axis (grown by 0.05 voxel, voxelize_project.vert.glsl), into a framebuffer without
// attachments of max(volume)^2 pixels; a fragment is a voxel column, and writes the voxel the rule gives
// (voxMarkColumn, voxelize_mark.glsl) through an image. Two passes keep "last triangle wins" independent of
// fragment order: the owner pass (imageAtomicMax(texel, triangle id + 1) through the R32UI view of the atlas)
// and the colour pass (the owner stores its RGBA8 colour; owner ids stay below 2^24, alpha byte 0, colours
// have alpha 255). One quad per triangle instead of one per (triangle, slice): 1.3-7x faster than binned on
// llvmpipe, whose rasterizer costs ~1 us per primitive (docs/VOXELIZER.md).
// Bits output: one pass (VOX_PASS_BITS) ORs each marked voxel's bit; a bit does not depend on which triangle
// sets it. Slot colours: the owner and colour passes again with the slot of the voxel as destination.
// Dominant-axis sampling after Schwarz & Seidel (SIGGRAPH Asia 2010) and Crassin & Green (OpenGL Insights
// 2012); this project's owner/colour passes.
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

Result<std::unique_ptr<VoxMethod>> createProjectedMethod(gl::ShaderLibrary& shaders,
                                                             const gl::GlInfo& info);

} // namespace dicer::voxel
