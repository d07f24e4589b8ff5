// The demo's models: the built-in teapot and heart (placed like the paper's, Placement::Fixed) or an OBJ or
// glTF file (fitted into the volume). Loading is synchronous and happens between frames; a failure leaves the
// current model in place.
#pragma once

#include "band.h"
#include "mesh.h"
#include "placement.h"
#include "result.h"
#include "settings.h"

#include <glm/glm.hpp>

#include <memory>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dicer::app {

// How a volume is turned upright (volume/anatomy.h) and what said so: "its header", "the bundled scans' table",
// "--up", "the U key", or "" (its index axes as they are).
struct VolumeTurn {
    volume::Anatomy anatomy;
    std::string from;
};

struct LoadedModel {
    ModelChoice choice;
    model::Mesh mesh; // empty for a volume
    // ModelKind::Volume: the samples (the frame uploads them once; the Volume panel's histogram reads them).
    std::shared_ptr<const volume::ScalarVolume> volume;
    std::optional<volume::ValueRange> valueRange; // of the volume; nullopt when every sample is NaN
    VolumeTurn turn;                              // how the volume was turned upright
    glm::mat4 placement{1.f};                     // model -> the cube [-1,1]^3, before the rotation
    model::BoxFit fit;                 // the placement in the box the volume is drawn as: fit.into(shape)
    std::vector<std::string> warnings; // missing textures and the like
    double loadMs = 0.0;               // reading and parsing (the Model panel shows it)
    double uploadMs = 0.0;             // the voxelizer's upload (set by the caller)
};

// A volume is turned upright by `chosen` (the user's turn of this file this run), else its header's anatomy, else
// the bundled scans' table, else not at all; `up` (--up) then names its up axis (volume::withUp).
Result<LoadedModel> loadModel(const ModelChoice& choice, const std::optional<VolumeTurn>& chosen = {},
                              std::optional<volume::SignedAxis> up = {});

// A loaded volume's band: `asked` ("LO,HI" from --band; min and max are this volume's) or, when empty, the
// default band of its values (volume::defaultBand). A band that holds nothing only for this volume's values
// ("300,max" over bytes) is that empty band (0 points), not an error. Every sample NaN: the empty band
// [0, -1] (0 points), and a band asked for is an error.
Result<volume::Band> resolveBand(const std::optional<volume::BandSpec>& asked, const LoadedModel& loaded);

// Most recent first, no duplicates, at most kMaxRecent entries.
constexpr size_t kMaxRecent = 8;
void rememberRecent(std::vector<std::string>& recent, const std::string& path);

} // namespace dicer::app
