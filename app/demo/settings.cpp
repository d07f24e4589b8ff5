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

const char* viewName(View view) {
    static constexpr const char* kNames[] = {"points", "mesh", "surface", "atlas",
                                             "list"}; // enumerator order
    return kNames[int(view)];
}

bool ViewSettings::*viewField(View view) {
    static constexpr bool ViewSettings::*kFields[] = {&ViewSettings::points, &ViewSettings::mesh,
                                                      &ViewSettings::surface, &ViewSettings::atlas,
                                                      &ViewSettings::pointList}; // enumerator order
    return kFields[int(view)];
}

SettingsChanges compareSettings(const Settings& now, const Settings& last) {
    return {now.model != last.model, frame::compareFrameSettings(now.frame, last.frame)};
}

Result<void> followDefaultOutput(frame::FrameSettings& now, const frame::FrameSettings& last,
                                 bool outputChosen, const gl::GlInfo& info) {
    if (outputChosen || now.input != frame::Input::Mesh || now.testAtlas) return {};
    if (now.preset == last.preset && now.voxelMode == last.voxelMode && now.input == last.input) return {};
    Result<void> r = frame::takeDefaultOutput(now, info);
    if (!r) {
        now.preset = last.preset;
        now.voxelMode = last.voxelMode;
    }
    return r;
}

bool changesTimings(const Settings& now, const Settings& last) {
    return compareSettings(now, last).any() || now.frame != last.frame || now.view.mesh != last.view.mesh ||
           now.view.points != last.view.points || now.view.surface != last.view.surface ||
           now.view.atlas != last.view.atlas || now.view.pointList != last.view.pointList ||
           now.view.render != last.view.render || now.view.depthBuckets != last.view.depthBuckets;
}

} // namespace dicer::app
