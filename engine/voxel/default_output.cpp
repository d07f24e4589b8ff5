// The default voxelizer output per volume and mode: the rule and its measurements are in default_output.h.
#include "default_output.h"

#include "volume_layout.h"

#include <cstdint>
#include <string>

namespace dicer::voxel {
namespace {

// Why `output` cannot hold the volume, in a few words for defaultOutputFor's list ("" when it can); checkHolds
// gives the whole messages.
std::string whyNot(glm::ivec3 volume, VoxelMode mode, VoxMethodId method, occupancy::VoxelOutput output,
                   const gl::GlInfo& info) {
    if (!checkOutput(method, output))
        return std::string("the ") + voxMethodName(method) + " method cannot write it";
    if (!checkMode(output, mode)) return "it holds surfaces only (shell mode)";
    Result<occupancy::VolumeLayout> needs = occupancy::VolumeLayout::make(volume, 1 << 30);
    if (!needs) return needs.error();
    const occupancy::AtlasLimit limit = occupancy::atlasLimit(output, info);
    if (needs->atlasSize > limit.side)
        return "needs a " + std::to_string(needs->atlasSize) + "^2 atlas, past the " +
               std::to_string(limit.side) + " a side allowed by " + limit.what;
    return {};
}

} // namespace

std::array<occupancy::VoxelOutput, 3> outputPreference(glm::ivec3 volume, VoxelMode mode) {
    if (mode == VoxelMode::Solid) return {occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Sparse};
    const std::int64_t voxels = std::int64_t(volume.x) * volume.y * volume.z;
    const std::int64_t from = std::int64_t(kSparseFromSide) * kSparseFromSide * kSparseFromSide;
    if (voxels >= from) return {occupancy::VoxelOutput::Sparse, occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Atlas};
    return {occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Sparse, occupancy::VoxelOutput::Atlas};
}

Result<void> checkHolds(glm::ivec3 volume, VoxelMode mode, VoxMethodId method, occupancy::VoxelOutput output,
                        const gl::GlInfo& info) {
    if (Result<void> r = checkOutput(method, output); !r) return r;
    if (Result<void> r = checkMode(output, mode); !r) return r;
    const occupancy::AtlasLimit limit = occupancy::atlasLimit(output, info);
    if (Result<occupancy::VolumeLayout> layout = occupancy::VolumeLayout::make(volume, limit.side, limit.what); !layout)
        return makeError(layout.error());
    return {};
}

Result<occupancy::VoxelOutput> defaultOutputFor(glm::ivec3 volume, VoxelMode mode, VoxMethodId method,
                                     const gl::GlInfo& info) {
    std::string why;
    for (occupancy::VoxelOutput output : outputPreference(volume, mode)) {
        const std::string reason = whyNot(volume, mode, method, output, info);
        if (reason.empty()) return output;
        why += std::string(why.empty() ? "" : "; ") + occupancy::voxelOutputName(output) + ": " + reason;
    }
    return makeError("no voxelizer output holds " + occupancy::volumeText(volume) + " voxels in " + voxelModeName(mode) +
                     " mode on this driver (" + why + ")");
}

} // namespace dicer::voxel
