#include "bundled_assets.h"

#include "file_read.h"

#ifndef DICER_ASSET_SOURCE_DIR
#define DICER_ASSET_SOURCE_DIR ""
#endif

namespace dicer {

std::filesystem::path assetDirectory() {
    return runtimeDataDirectory("DICER_ASSET_DIR", "assets", DICER_ASSET_SOURCE_DIR);
}

std::filesystem::path bundledAssetPath(std::span<const BundledAsset> assets, std::string_view folder,
                                       std::string_view name) {
    for (const BundledAsset& a : assets)
        if (a.name == name) return assetDirectory() / folder / a.file;
    return {};
}

} // namespace dicer
