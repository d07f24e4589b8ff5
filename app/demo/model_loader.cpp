#include "model_loader.h"

#include "anatomy.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "model_catalog.h"
#include "volume_file.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace dicer::app {

namespace {

Result<LoadedModel> loadVolume(const ModelChoice& choice, const std::optional<VolumeTurn>& chosen,
                               std::optional<volume::SignedAxis> up) {
    const bool builtin = volume::isBuiltinVolume(choice.path);
    Result<volume::ScalarVolume> v =
        builtin ? volume::loadBuiltinVolume(choice.path) : volume::loadVolumeFile(choice.path);
    if (!v) return makeError(v.error());
    LoadedModel m;
    m.choice = choice;
    if (chosen)
        m.turn = *chosen;
    else if (v->anatomy)
        m.turn = {*v->anatomy, "its header"};
    else if (const std::optional<volume::Anatomy> a = builtin ? std::nullopt : volume::bundledAnatomy(choice.path))
        m.turn = {*a, "the bundled scans' table"};
    if (up) m.turn = {volume::withUp(m.turn.anatomy, *up), "--up"};
    if (m.turn.anatomy != volume::Anatomy{}) *v = volume::turned(*v, m.turn.anatomy);
    m.warnings = v->notes;
    m.valueRange = volume::valueRange(*v);
    m.volume = std::make_shared<const volume::ScalarVolume>(std::move(v.value()));
    return m;
}

} // namespace

Result<LoadedModel> loadModel(const ModelChoice& choice, const std::optional<VolumeTurn>& chosen,
                              std::optional<volume::SignedAxis> up) {
    const auto start = std::chrono::steady_clock::now();
    if (choice.kind == ModelKind::Volume) {
        Result<LoadedModel> m = loadVolume(choice, chosen, up);
        if (m)
            m->loadMs =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        return m;
    }
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

Result<volume::Band> resolveBand(const std::optional<volume::BandSpec>& asked, const LoadedModel& loaded) {
    // A band the data make empty ("300,max" over bytes, whose max is at most 255) is the empty band: 0 points
    // and the summary's line, not an error (volume::resolveBand).
    Result<volume::Band> band = volume::startingBand(asked, loaded.volume.get(), loaded.valueRange);
    if (!band) return makeError("--band: " + band.error());
    return band;
}

void rememberRecent(std::vector<std::string>& recent, const std::string& path) {
    recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
    recent.insert(recent.begin(), path);
    if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

} // namespace dicer::app
