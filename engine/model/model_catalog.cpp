#include "model_catalog.h"

#include "builtin_models.h"
#include "file_read.h"
#include "gltf_loader.h"
#include "placement.h"

namespace dicer::model {
namespace {
constexpr std::string_view kBuiltins[] = {"teapot", "heart"};
constexpr BundledModel kBundled[] = {
    {"spot", "Spot", "spot/spot_triangulated.obj"},
    {"cornell_box", "Cornell box", "cornell_box/cornell_box.obj"},
};
} // namespace

std::span<const BundledModel> bundledModels() {
    return kBundled;
}

std::span<const std::string_view> builtinModelNames() {
    return kBuiltins;
}

bool isBuiltinModel(std::string_view name) {
    for (std::string_view b : kBuiltins)
        if (name == b) return true;
    return false;
}

Result<PlacedModel> loadBuiltinModel(std::string_view name) {
    PlacedModel m;
    m.name = std::string(name);
    if (name == "teapot")
        m.mesh = makeTeapot();
    else if (name == "heart")
        m.mesh = makeHeart();
    else
        return makeError("unknown built-in model '" + std::string(name) + "' (teapot, heart)");
    m.fit = boxFit(Placement::Fixed, m.mesh, 0.f);
    m.placement = m.fit.into(glm::vec3(1.f));
    return m;
}

Result<PlacedModel> loadModelFile(const std::filesystem::path& path, float margin, const LoadLimits& limits) {
    PlacedModel m;
    m.name = path.string();
    // By the file name, as users name their files: .gltf and .glb are glTF (loadGltf tells the two apart by
    // their bytes), everything else is read as OBJ.
    auto mesh =
        isGltfFileName(path) ? loadGltf(path, limits, &m.warnings) : loadObj(path, limits, &m.warnings);
    if (!mesh) return makeError(mesh.error());
    m.mesh = std::move(mesh.value());
    // A box that cannot be fitted would voxelize to nothing (identity fallback, a zero or denormal scale)
    // without a word: say why instead.
    if (Result<void> fit = checkFitExtent(m.mesh); !fit)
        return makeError("model " + dicer::quoted(m.name) +
                         " cannot be placed in the volume: " + fit.error());
    m.fit = boxFit(Placement::Fit, m.mesh, margin);
    m.placement = m.fit.into(glm::vec3(1.f));
    return m;
}

} // namespace dicer::model
