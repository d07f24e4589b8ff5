#include "frame_settings.h"

#include "default_output.h"
#include "input_table.h"
#include "method_table.h"

namespace dicer::frame {

bool offersMethod(occupancy::VoxelOutput output, methods::MethodId method) {
    const methods::MethodInfo* row = gl::rowOf(methods::methodTable(), method);
    return row && row->inDemo() && row->reads == output;
}

methods::MethodId defaultMethodFor(occupancy::VoxelOutput output) {
    for (methods::MethodId id : gl::rowIds(methods::methodTable()))
        if (offersMethod(output, id)) return id;
    return methods::MethodId(0);
}

occupancy::VoxelOutput outputFor(methods::MethodId method) {
    return methods::methodInfo(method).reads;
}


float listThreshold(const FrameSettings& settings) {
    return inputInfo(settings.input).hasValues() ? kVolumeAtlasThreshold : settings.threshold;
}

FrameChanges compareFrameSettings(const FrameSettings& now, const FrameSettings& last) {
    FrameChanges c;
    c.layout = now.preset != last.preset || now.testAtlas != last.testAtlas || now.voxels != last.voxels ||
               now.input != last.input;
    c.voxelize =
        now.voxelMode != last.voxelMode || now.voxMethod != last.voxMethod || now.rule != last.rule;
    c.method = now.method != last.method || now.storage != last.storage || now.buildPath != last.buildPath;
    c.listPath = now.listPath != last.listPath;
    c.band = inputInfo(now.input).hasValues() && now.band != last.band;
    c.surface = now.mcMethod != last.mcMethod;
    return c;
}

void suitOutput(FrameSettings& s) {
    if (const InputInfo& input = inputInfo(s.input); !input.writes(s.voxels)) s.voxels = input.outputs.front();
    if (!offersMethod(s.voxels, s.method)) s.method = defaultMethodFor(s.voxels);
    if (!voxel::checkOutput(s.voxMethod, s.voxels)) s.voxMethod = voxel::VoxMethodId::Compute;
    if (s.voxels != occupancy::VoxelOutput::Atlas || !inputInfo(s.input).reads("test-atlas")) s.testAtlas = false;
    if (!voxel::checkMode(s.voxels, s.voxelMode)) s.voxelMode = voxel::VoxelMode::Shell;
}

Result<void> takeDefaultOutput(FrameSettings& s, const gl::GlInfo& info) {
    const std::optional<glm::ivec3> volume = occupancy::presetVolume(s.preset);
    if (!volume) return makeError("unknown volume preset '" + s.preset + "'");
    Result<occupancy::VoxelOutput> output = voxel::defaultOutputFor(*volume, s.voxelMode, s.voxMethod, info);
    if (!output) return makeError("preset '" + s.preset + "': " + output.error());
    s.voxels = *output;
    suitOutput(s);
    return {};
}

} // namespace dicer::frame
