// A model by name, placed in the voxel volume: what the demo and dicer-bench (and its --voxelizer tables) start from.
// The built-ins ("teapot", "heart") keep the coordinates they were generated in, which are the paper's
// (glutTeapot(0.6), Placement::Fixed), so their voxel counts compare with its figures; an OBJ file has
// arbitrary units and is fitted into [-1,1]^3 with a margin (Placement::Fit), a glTF file (.gltf, .glb) too.
#pragma once

#include "bundled_assets.h"
#include "mesh.h"
#include "obj_loader.h"
#include "placement.h"
#include "result.h"

#include <glm/glm.hpp>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model {

struct PlacedModel {
    std::string name; // "teapot", "heart", or the file's path
    Mesh mesh;
    glm::mat4 placement{1.f};          // model -> the cube [-1,1]^3, before any per-frame rotation
    BoxFit fit;                        // the same placement for any box (a non-cubic volume): fit.into(shape)
    std::vector<std::string> warnings; // a file's missing materials and textures
};

// 5 % to the volume's faces, so a fitted model can rotate with little clipping.
inline constexpr float kModelFitMargin = 0.05f;

std::span<const std::string_view> builtinModelNames(); // "teapot", "heart"
bool isBuiltinModel(std::string_view name);

// The real models committed under assets/models (see its README for licences): a textured model and a
// multi-material one ("spot", "cornell_box"; files relative to assetDirectory()/models).
using BundledModel = BundledAsset;
std::span<const BundledModel> bundledModels();
// The OBJ file of a bundled model; empty for an unknown name.
inline std::filesystem::path bundledModelPath(std::string_view name) {
    return bundledAssetPath(bundledModels(), "models", name);
}

// A built-in at its default tessellation (teapot: 6400 triangles, heart: ~5000, like the paper's).
// Error on an unknown name, listing the known ones.
Result<PlacedModel> loadBuiltinModel(std::string_view name);
// A model file, fitted into the volume: glTF for the names .gltf and .glb (gltf_loader.h), OBJ otherwise
// (obj_loader.h: errors name the file and line).
Result<PlacedModel> loadModelFile(const std::filesystem::path& path, float margin = kModelFitMargin,
                                  const LoadLimits& limits = {});

} // namespace dicer::model
