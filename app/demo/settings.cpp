#include "settings.h"

#include "builtin_volumes.h"

#include <filesystem>

namespace dicer::app {

const char* modelKindName(ModelKind kind) {
    static constexpr const char* kNames[] = {"teapot", "heart", "file", "volume"}; // enumerator order
    return kNames[int(kind)];
}

std::string ModelChoice::label() const {
    if (kind == ModelKind::Teapot || kind == ModelKind::Heart) return modelKindName(kind);
    if (kind == ModelKind::Volume && volume::isBuiltinVolume(path)) return path;
    return std::filesystem::path(path).filename().string();
}

SettingsChanges compareSettings(const Settings& now, const Settings& last) {
    return {now.model != last.model, frame::compareFrameSettings(now.frame, last.frame)};
}

Result<void> followDefaultOutput(frame::FrameSettings& now, const frame::FrameSettings& last,
                                 bool outputChosen, const gl::GlInfo& info) {
    if (outputChosen || !frame::inputInfo(now.input).reads("preset") || now.testAtlas) return {};
    if (now.preset == last.preset && now.voxelMode == last.voxelMode && now.input == last.input) return {};
    Result<void> r = frame::takeDefaultOutput(now, info);
    if (!r) {
        now.preset = last.preset;
        now.voxelMode = last.voxelMode;
    }
    return r;
}

bool changesTimings(const Settings& now, const Settings& last) {
    return compareSettings(now, last).any() || now.frame != last.frame || now.view.shown != last.view.shown ||
           now.view.render != last.view.render || now.view.depthBuckets != last.view.depthBuckets;
}

std::string switchMethod(frame::FrameSettings& settings, methods::MethodId method) {
    settings.method = method;
    const occupancy::VoxelOutput reads = frame::outputFor(method);
    if (reads == settings.voxels) return {};
    const char* was = occupancy::voxelOutputName(settings.voxels);
    settings.voxels = reads;
    frame::suitOutput(settings);
    return std::string(methods::methodInfo(method).name) + " reads the " + occupancy::voxelOutputName(reads) +
           " output: voxels " + was + " -> " + occupancy::voxelOutputName(reads);
}

} // namespace dicer::app
