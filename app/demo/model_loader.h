// The demo's models: the built-in teapot and heart (placed like the paper's, Placement::Fixed) or an OBJ or
// glTF file (fitted into the volume). Loading is synchronous and happens between frames; a failure leaves the
// current model in place.
#pragma once

#include "mesh.h"
#include "placement.h"
#include "result.h"
#include "settings.h"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace dicer::app {

struct LoadedModel {
    ModelChoice choice;
    model::Mesh mesh;
    glm::mat4 placement{1.f};          // model -> the cube [-1,1]^3, before the rotation
    model::BoxFit fit;                 // the placement in the box the volume is drawn as: fit.into(shape)
    std::vector<std::string> warnings; // missing textures and the like
    double loadMs = 0.0;               // reading and parsing (the Model panel shows it)
    double uploadMs = 0.0;             // the voxelizer's upload (set by the caller)
};

Result<LoadedModel> loadModel(const ModelChoice& choice);

// Most recent first, no duplicates, at most kMaxRecent entries.
constexpr size_t kMaxRecent = 8;
void rememberRecent(std::vector<std::string>& recent, const std::string& path);

} // namespace dicer::app
