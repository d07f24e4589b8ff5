#include "model_catalog.h"

#include "builtin_models.h"
#include "file_read.h"
#include "placement.h"

namespace dicer {
namespace {
constexpr std::string_view kBuiltins[] = {"teapot", "heart"};
} // namespace

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
    m.placement = placementMatrix(Placement::Fixed, m.mesh, 0.f);
    return m;
}

Result<PlacedModel> loadModelFile(const std::filesystem::path& path, float margin, const LoadLimits& limits) {
    PlacedModel m;
    m.name = path.string();
    auto mesh = loadObj(path, limits, &m.warnings);
    if (!mesh) return makeError(mesh.error());
    m.mesh = std::move(mesh.value());
    // A box that cannot be fitted would voxelize to nothing (identity fallback, a zero or denormal scale)
    // without a word: say why instead.
    if (Result<void> fit = checkFitExtent(m.mesh); !fit)
        return makeError("model " + dicer::quoted(m.name) +
                         " cannot be placed in the volume: " + fit.error());
    m.placement = placementMatrix(Placement::Fit, m.mesh, margin);
    return m;
}

} // namespace dicer
