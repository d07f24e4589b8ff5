#include "settings.h"

#include "method_table.h"

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
    c.layout = now.pipeline.preset != last.pipeline.preset ||
               now.pipeline.testAtlas != last.pipeline.testAtlas ||
               now.pipeline.voxels != last.pipeline.voxels;
    c.voxelize = now.pipeline.voxelMode != last.pipeline.voxelMode ||
                 now.pipeline.voxelMethod != last.pipeline.voxelMethod ||
                 now.pipeline.sliceAxisRule != last.pipeline.sliceAxisRule;
    c.pyramid = now.pipeline.variant != last.pipeline.variant ||
                now.pipeline.storage != last.pipeline.storage ||
                now.pipeline.buildPath != last.pipeline.buildPath;
    c.listPath = now.pipeline.gpuResident != last.pipeline.gpuResident;
    return c;
}

hp::InputKind inputKindOf(VoxelOutput output) {
    return output == VoxelOutput::Bits ? hp::InputKind::Bits : hp::InputKind::Atlas;
}

bool offersMethod(VoxelOutput output, int row) {
    const auto table = methods::methodTable();
    if (row < 0 || size_t(row) >= table.size()) return false;
    return table[size_t(row)].inDemo() && table[size_t(row)].input == inputKindOf(output);
}

int defaultMethodFor(VoxelOutput output) {
    const auto table = methods::methodTable();
    for (size_t row = 0; row < table.size(); ++row)
        if (offersMethod(output, int(row))) return int(row);
    return 0;
}

VoxelOutput outputFor(int row) {
    return methods::methodTable()[size_t(row)].input == hp::InputKind::Bits ? VoxelOutput::Bits
                                                                            : VoxelOutput::Atlas;
}

void suitOutput(PipelineSettings& p) {
    if (!offersMethod(p.voxels, p.variant)) p.variant = defaultMethodFor(p.voxels);
    if (!checkOutput(p.voxelMethod, p.voxels)) p.voxelMethod = VoxelMethod::Compute;
    if (p.voxels == VoxelOutput::Bits) p.testAtlas = false;
}

bool changesTimings(const Settings& now, const Settings& last) {
    return compareSettings(now, last).any() || now.pipeline != last.pipeline ||
           now.view.mesh != last.view.mesh || now.view.particles != last.view.particles ||
           now.view.atlas != last.view.atlas || now.view.pointList != last.view.pointList ||
           now.view.render != last.view.render || now.view.depthBuckets != last.view.depthBuckets;
}

} // namespace dicer::app
