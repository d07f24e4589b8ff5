#include "model_loader.h"

#include "model_catalog.h"

#include <algorithm>
#include <chrono>

namespace dicer::app {

Result<LoadedModel> loadModel(const ModelChoice& choice) {
    const auto start = std::chrono::steady_clock::now();
    Result<model::PlacedModel> placed = choice.kind == ModelKind::File    ? model::loadModelFile(choice.path)
                                        : choice.kind == ModelKind::Heart ? model::loadBuiltinModel("heart")
                                                                          : model::loadBuiltinModel("teapot");
    if (!placed) return makeError(placed.error());
    LoadedModel m;
    m.choice = choice;
    m.mesh = std::move(placed->mesh);
    m.placement = placed->placement;
    m.fit = placed->fit;
    m.warnings = std::move(placed->warnings);
    m.loadMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return m;
}

void rememberRecent(std::vector<std::string>& recent, const std::string& path) {
    recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
    recent.insert(recent.begin(), path);
    if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

} // namespace dicer::app
