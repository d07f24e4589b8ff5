// The voxel outputs: what a first stage writes (the mesh voxelizer, the volume discriminator) and what a method
// of the method table reads. One type for both sides, so an output and a method's input cannot disagree.
//   Atlas   the RGBA8 slice atlas (volume_layout.h): the paper's input, colours in its texels
//   Bits    the occupancy bits (shaders/occupancy_bits.h): the atlas at one bit per texel, a virtual atlas
//   Sparse  the sparse occupancy (sparse_occupancy.h): the bits of only the bricks a surface touches
#pragma once

#include "gl_info.h"
#include "result.h"
#include "volume_layout.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace dicer::occupancy {

enum class VoxelOutput { Atlas, Bits, Sparse };
inline constexpr std::array<VoxelOutput, 3> kVoxelOutputs = {VoxelOutput::Atlas, VoxelOutput::Bits,
                                                             VoxelOutput::Sparse};
const char* voxelOutputName(VoxelOutput output);                    // "atlas" / "bits" / "sparse"
std::optional<VoxelOutput> parseVoxelOutput(std::string_view name); // nullopt for any other name

// The model colours of an output's active voxels: the atlas holds them in its texels; the ranked occupancies
// (bits, sparse) hold none, so their colours come per point after the list (a colour slot per point, by the
// rank of the pyramid over that output).
inline bool hasSlotColors(VoxelOutput output) {
    return output != VoxelOutput::Atlas;
}

// The largest atlas side an output can hold on this driver, and what sets it (for VolumeLayout::make's
// message): Atlas: GL_MAX_TEXTURE_SIZE and the viewport/framebuffer limits (the atlas is rendered to);
// Bits: HP_BITS_MAX_ATLAS (65536) and the largest power-of-two side whose bits fit one storage block; Sparse:
// HP_SPARSE_MAX_ATLAS (262144: 4096^3) and the largest power-of-two side whose index fits one (llvmpipe: all).
struct AtlasLimit {
    int side = 0;
    std::string what; // "the largest texture this driver renders to (...)"
};
AtlasLimit atlasLimit(VoxelOutput output, const gl::GlInfo& info);
// The layout of a preset within atlasLimit(output, info); errors name the sizes and the limit.
Result<VolumeLayout> presetLayoutFor(std::string_view preset, VoxelOutput output, const gl::GlInfo& info);
// Whether `layout` is VolumeLayout::make's for its volume and within atlasLimit(output): the check both
// writers make before they allocate (`who` starts the message: "discriminator: ", or nothing).
Result<void> checkLayout(const VolumeLayout& layout, VoxelOutput output, const gl::GlInfo& info,
                         std::string_view who = {});

} // namespace dicer::occupancy
