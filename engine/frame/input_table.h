// What the frame reads, as a table: one row per input kind (a mesh the voxelizer turns into voxels every frame,
// a scalar volume the discriminator decides against a band). A row says which voxel outputs its first stage
// writes and which settings only it reads, so the command line, the panels and the soak ask the table instead of
// comparing kinds: an option the input cannot use is a usage error, a control it cannot use is not shown, an
// output it cannot write is not offered. A new input (an image, a video) is one row here and its first stage.
#pragma once

#include "frame_settings.h"
#include "frame_stages.h"

#include <span>
#include <string>
#include <string_view>

namespace dicer::frame {

struct InputInfo {
    Input input;
    const char* name;       // "mesh", "volume": what messages and panels call it
    Stage firstStage;       // the stage that makes its voxels (frame_stages.h: voxelize, discriminate)
    const char* summary;
    std::span<const occupancy::VoxelOutput> outputs;  // what its first stage writes (the first: its default)
    std::span<const std::string_view> settings;  // the settings only this input reads, by option name
    bool writes(occupancy::VoxelOutput output) const;
    bool reads(std::string_view setting) const;
    std::string outputNames() const; // "bits or atlas"
};

std::span<const InputInfo> inputTable();
const InputInfo& inputInfo(Input input);
// The row that reads `setting` when `input` does not (an option of another input); null when `input` reads it
// or no input owns it.
const InputInfo* ownerOfOtherInput(Input input, std::string_view setting);
// Whether `method` reads an output `input` writes (offersMethod over the input's outputs).
bool inputOffersMethod(Input input, methods::MethodId method);

} // namespace dicer::frame
