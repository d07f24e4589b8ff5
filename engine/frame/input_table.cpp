#include "input_table.h"

#include <algorithm>

namespace dicer::frame {
namespace {

constexpr occupancy::VoxelOutput kMeshOutputs[] = {occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Atlas,
                                               occupancy::VoxelOutput::Sparse};
// The discriminator writes the atlas or the bits; the sparse occupancy is the voxelizer's (its bricks follow a
// surface; a band fills whole bricks of a scan, where the dense bits are as small).
constexpr occupancy::VoxelOutput kVolumeOutputs[] = {occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Atlas};
constexpr std::string_view kMeshSettings[] = {"preset", "mode", "vox-method", "rule", "test-atlas"};
constexpr std::string_view kVolumeSettings[] = {"band"};

constexpr InputInfo kInputs[] = {
    {Input::Mesh, "mesh", Stage::Voxelize, "a triangle mesh, voxelized every frame (shell or solid) at the preset's size",
     kMeshOutputs, kMeshSettings},
    {Input::Volume, "volume", Stage::Discriminate,
     "a scalar volume at its own size; the voxels are the samples whose value lies in the band", kVolumeOutputs,
     kVolumeSettings},
};

} // namespace

bool InputInfo::writes(occupancy::VoxelOutput output) const {
    return std::find(outputs.begin(), outputs.end(), output) != outputs.end();
}
bool InputInfo::reads(std::string_view setting) const {
    return std::find(settings.begin(), settings.end(), setting) != settings.end();
}

std::string InputInfo::outputNames() const {
    std::string out;
    for (size_t i = 0; i < outputs.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == outputs.size() ? " or " : ", ") + occupancy::voxelOutputName(outputs[i]);
    return out;
}

std::span<const InputInfo> inputTable() {
    return kInputs;
}

const InputInfo& inputInfo(Input input) {
    for (const InputInfo& row : kInputs)
        if (row.input == input) return row;
    return kInputs[0];
}

const InputInfo* ownerOfOtherInput(Input input, std::string_view setting) {
    if (inputInfo(input).reads(setting)) return nullptr;
    for (const InputInfo& row : kInputs)
        if (row.reads(setting)) return &row;
    return nullptr;
}

bool inputOffersMethod(Input input, methods::MethodId method) {
    const InputInfo& info = inputInfo(input);
    return std::any_of(info.outputs.begin(), info.outputs.end(),
                       [method](occupancy::VoxelOutput o) { return offersMethod(o, method); });
}

} // namespace dicer::frame
