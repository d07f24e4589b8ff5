#include "settings.h"

#include <filesystem>

namespace dicer::app {

const char* modelKindName(ModelKind kind) {
    static constexpr const char* kNames[] = {"teapot", "heart", "file"}; // enumerator order
    return kNames[int(kind)];
}

std::string ModelChoice::label() const {
    if (kind != ModelKind::File) return modelKindName(kind);
    return std::filesystem::path(path).filename().string();
}

SettingsChanges compareSettings(const Settings& now, const Settings& last) {
    SettingsChanges c;
    c.model = now.model != last.model;
    c.layout =
        now.pipeline.preset != last.pipeline.preset || now.pipeline.testAtlas != last.pipeline.testAtlas;
    c.voxelize = now.pipeline.voxelMode != last.pipeline.voxelMode ||
                 now.pipeline.voxelMethod != last.pipeline.voxelMethod ||
                 now.pipeline.sliceAxisRule != last.pipeline.sliceAxisRule;
    c.pyramid = now.pipeline.variant != last.pipeline.variant ||
                now.pipeline.storage != last.pipeline.storage ||
                now.pipeline.buildPath != last.pipeline.buildPath;
    c.listPath = now.pipeline.gpuResident != last.pipeline.gpuResident;
    return c;
}

bool changesTimings(const Settings& now, const Settings& last) {
    return compareSettings(now, last).any() || now.pipeline != last.pipeline ||
           now.view.mesh != last.view.mesh || now.view.particles != last.view.particles ||
           now.view.atlas != last.view.atlas || now.view.pointList != last.view.pointList ||
           now.view.render != last.view.render || now.view.depthBuckets != last.view.depthBuckets;
}

} // namespace dicer::app
