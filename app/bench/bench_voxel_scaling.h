// What dicer-bench --scaling --voxels (bench_voxel_scaling.cpp) and its Markdown
// (bench_voxel_scaling_tables.cpp) share: the voxelizer every volume runs and the name of its stages' rows.
#pragma once

#include "vox_method_table.h"

#include <string>

namespace dicer::bench {

// The fastest on llvmpipe (docs/VOXELIZER.md).
inline constexpr voxel::VoxMethodId kScalingVoxelMethod = voxel::VoxMethodId::Compute;

// The method name of the voxelizer's rows (clear, voxelize) of an output: "compute → bits".
inline std::string scalingVoxelizerName(const std::string& output) {
    return std::string(voxel::voxMethodName(kScalingVoxelMethod)) + " → " + output;
}

} // namespace dicer::bench
