// The real scans committed under assets/volumes (licence and provenance: assets/volumes/SOURCES.md): a CT
// head as a detached NRRD split over 93 slice files and an MR head as MetaImage, so tests and the programs
// never depend on files outside the repository.
#pragma once

#include <filesystem>
#include <span>
#include <string_view>

namespace dicer::volume {

struct BundledVolume {
    std::string_view name;  // "headsq", "head_mr"
    std::string_view label; // for the UI: "CT head (headsq)"
    std::string_view file;  // relative to volumeAssetDirectory()
};
std::span<const BundledVolume> bundledVolumes();

// $DICER_ASSET_DIR/volumes, else <executable dir>/assets/volumes (the build copies assets/ there), else the
// source tree's assets/volumes: the same look-up as the models' (model_catalog.h).
std::filesystem::path volumeAssetDirectory();
// The header file of a bundled volume; empty for an unknown name.
std::filesystem::path bundledVolumePath(std::string_view name);

} // namespace dicer::volume
