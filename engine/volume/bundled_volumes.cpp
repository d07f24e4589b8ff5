#include "bundled_volumes.h"

#include "file_read.h"

#ifndef DICER_ASSET_SOURCE_DIR
#define DICER_ASSET_SOURCE_DIR ""
#endif

namespace dicer::volume {

namespace {
constexpr BundledVolume kBundled[] = {
    {"headsq", "CT head (headsq)", "headsq/quarter.nhdr"},
    {"head_mr", "MR head", "head_mr/HeadMRVolume.mhd"},
};
} // namespace

std::span<const BundledVolume> bundledVolumes() {
    return kBundled;
}

std::filesystem::path volumeAssetDirectory() {
    return runtimeDataDirectory("DICER_ASSET_DIR", "assets", DICER_ASSET_SOURCE_DIR) / "volumes";
}

std::filesystem::path bundledVolumePath(std::string_view name) {
    for (const BundledVolume& v : kBundled)
        if (v.name == name) return volumeAssetDirectory() / v.file;
    return {};
}

} // namespace dicer::volume
