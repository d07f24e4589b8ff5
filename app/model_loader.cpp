#include "model_loader.h"

#include "builtin_models.h"
#include "obj_loader.h"
#include "placement.h"

#include <algorithm>

namespace dicer::app {

namespace {
// A loaded model keeps a 5 % margin to the volume's faces, so rotating it clips little.
constexpr float kFitMargin = 0.05f;
} // namespace

Result<LoadedModel> loadModel(const ModelChoice& choice) {
    LoadedModel m;
    m.choice = choice;
    switch (choice.kind) {
    case ModelKind::Teapot:
        m.mesh = makeTeapot();
        break;
    case ModelKind::Heart:
        m.mesh = makeHeart();
        break;
    case ModelKind::File: {
        auto mesh = loadObj(choice.path, {}, &m.warnings);
        if (!mesh) return makeError(mesh.error());
        m.mesh = std::move(mesh.value());
        m.placement = placementMatrix(Placement::Fit, m.mesh, kFitMargin);
        return m;
    }
    }
    m.placement = placementMatrix(Placement::Fixed, m.mesh, 0.f); // the paper's glutTeapot(0.6) placement
    return m;
}

void rememberRecent(std::vector<std::string>& recent, const std::string& path) {
    recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
    recent.insert(recent.begin(), path);
    if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

} // namespace dicer::app
