// What the frame reads, as a table: one row per input kind (a mesh the voxelizer turns into voxels every frame,
// a scalar volume the discriminator decides against a band). A row says which voxel outputs its first stage
// writes, which settings only it reads and what it brings with it (a physical frame, a value field), so the
// command line, the panels, the exports and the soak ask the table instead of comparing kinds: an option the
// input cannot use is a usage error, a control it cannot use is not shown, an output it cannot write is not
// offered. What a row runs is its source (input_source.h), made by its hook in input_sources.cpp, in the same
// order. A new input (an image, a video) is one row here, one hook there and its source's own file pair.
#pragma once

#include "frame_stages.h"
#include "method_table.h"
#include "row_table.h"
#include "voxel_output.h"

#include <iterator>
#include <span>
#include <string>
#include <string_view>

namespace dicer::frame {

struct InputInfo {
    const char* name;    // "mesh", "volume": what messages and panels call it
    Stage firstStage;    // the stage that makes its voxels (frame_stages.h: voxelize, discriminate)
    const char* summary;
    std::span<const occupancy::VoxelOutput> outputs; // what its first stage writes (the first: its default)
    std::span<const std::string_view> settings;       // the settings only this input reads, by option name
    // Its voxels have a physical size (a scan's spacing, in the file's units): the exports write those units
    // and the summary names them; otherwise model space.
    bool physical;
    bool writes(occupancy::VoxelOutput output) const;
    bool reads(std::string_view setting) const;
    // A band decides its voxels from its values: it has a value field (the surface is cut from it at the band,
    // the colours map its values) and its atlas holds the band's alpha (kVolumeAtlasThreshold).
    bool hasValues() const { return reads("band"); }
    std::string outputNames() const; // "bits or atlas"
};
using InputId = gl::RowId<InputInfo>;

namespace input_rows {
using occupancy::VoxelOutput;
inline constexpr VoxelOutput kMeshOutputs[] = {VoxelOutput::Bits, VoxelOutput::Atlas, VoxelOutput::Sparse};
// The discriminator writes the atlas or the bits; the sparse occupancy is the voxelizer's (its bricks follow a
// surface; a band fills whole bricks of a scan, where the dense bits are as small).
inline constexpr VoxelOutput kVolumeOutputs[] = {VoxelOutput::Bits, VoxelOutput::Atlas};
inline constexpr std::string_view kMeshSettings[] = {"preset", "mode", "vox-method", "rule", "test-atlas"};
inline constexpr std::string_view kVolumeSettings[] = {"band"};
} // namespace input_rows

inline constexpr InputInfo kInputRows[] = {
    {"mesh", Stage::Voxelize, "a triangle mesh, voxelized every frame (shell or solid) at the preset's size",
     input_rows::kMeshOutputs, input_rows::kMeshSettings, false},
    {"volume", Stage::Discriminate,
     "a scalar volume at its own size; the voxels are the samples whose value lies in the band",
     input_rows::kVolumeOutputs, input_rows::kVolumeSettings, true},
};

inline std::span<const InputInfo> inputTable() { return kInputRows; }
inline const InputInfo& inputInfo(InputId id) { return kInputRows[size_t(id.row)]; } // an id of this table

// The rows the code asks about by themselves (what loads a mesh or a volume), found by name when it compiles.
consteval InputId inputNamed(std::string_view name) {
    for (size_t i = 0; i < std::size(kInputRows); ++i)
        if (name == kInputRows[i].name) return InputId(int(i));
    throw "no such input"; // not a constant expression: the build fails
}
inline constexpr InputId kMeshInput = inputNamed("mesh");
inline constexpr InputId kVolumeInput = inputNamed("volume");

// The row that reads `setting` when `input` does not (an option of another input); null when `input` reads it
// or no input owns it.
const InputInfo* ownerOfOtherInput(InputId input, std::string_view setting);
// Whether `method` reads an output `input` writes (offersMethod over the input's outputs).
bool inputOffersMethod(InputId input, methods::MethodId method);

} // namespace dicer::frame
