#include "input_table.h"

#include "frame_settings.h"

#include <algorithm>

namespace dicer::frame {

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

const InputInfo* ownerOfOtherInput(InputId input, std::string_view setting) {
    if (inputInfo(input).reads(setting)) return nullptr;
    for (const InputInfo& row : kInputRows)
        if (row.reads(setting)) return &row;
    return nullptr;
}

bool inputOffersMethod(InputId input, methods::MethodId method) {
    const InputInfo& info = inputInfo(input);
    return std::any_of(info.outputs.begin(), info.outputs.end(),
                       [method](occupancy::VoxelOutput o) { return offersMethod(o, method); });
}

} // namespace dicer::frame
