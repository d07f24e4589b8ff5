// The files committed under assets/ that the programs load by name, so tests and the programs never depend on
// files outside the repository: the model catalog's (model_catalog.h) and the scans' (bundled_volumes.h) are
// rows of one kind, found in one place.
#pragma once

#include <filesystem>
#include <span>
#include <string_view>

namespace dicer {

struct BundledAsset {
    std::string_view name;  // "spot", "headsq"
    std::string_view label; // for the UI: "Spot", "CT head (headsq)"
    std::string_view file;  // relative to its folder under assetDirectory(): "spot/spot_triangulated.obj"
};

// $DICER_ASSET_DIR, else <executable dir>/assets (the build copies it there), else the source tree's assets/.
std::filesystem::path assetDirectory();
// assetDirectory()/`folder`/file of the row named `name`; empty for an unknown name.
std::filesystem::path bundledAssetPath(std::span<const BundledAsset> assets, std::string_view folder,
                                       std::string_view name);

} // namespace dicer
