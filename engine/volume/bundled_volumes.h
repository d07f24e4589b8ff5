// The real scans committed under assets/volumes (licence and provenance: assets/volumes/SOURCES.md): a CT
// head as a detached NRRD split over 93 slice files and an MR head as MetaImage, so tests and the programs
// never depend on files outside the repository.
#pragma once

#include "bundled_assets.h"

#include <filesystem>
#include <span>
#include <string_view>

namespace dicer::volume {

// "headsq", "head_mr"; files relative to assetDirectory()/volumes.
using BundledVolume = BundledAsset;
std::span<const BundledVolume> bundledVolumes();

// The header file of a bundled volume; empty for an unknown name.
inline std::filesystem::path bundledVolumePath(std::string_view name) {
    return bundledAssetPath(bundledVolumes(), "volumes", name);
}

} // namespace dicer::volume
