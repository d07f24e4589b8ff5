// The real scans committed under assets/volumes (licence and provenance: assets/volumes/SOURCES.md): a CT
// head as a detached NRRD split over 93 slice files and an MR head as MetaImage, so tests and the programs
// never depend on files outside the repository.
#pragma once

#include "bundled_assets.h"
#include "scalar_volume.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string_view>

namespace dicer::volume {

// "headsq", "head_mr"; files relative to assetDirectory()/volumes.
using BundledVolume = BundledAsset;
std::span<const BundledVolume> bundledVolumes();

// How the bundled scans stand, whose headers say nothing about anatomy (anatomy.h): the table below, keyed by
// the row's name, with the reason. nullopt for a file that is not one of them.
struct BundledAnatomy {
    std::string_view name;
    Anatomy anatomy;
    std::string_view why;
};
std::span<const BundledAnatomy> bundledAnatomies();
std::optional<Anatomy> bundledAnatomy(const std::filesystem::path& file);

// The header file of a bundled volume; empty for an unknown name.
inline std::filesystem::path bundledVolumePath(std::string_view name) {
    return bundledAssetPath(bundledVolumes(), "volumes", name);
}

} // namespace dicer::volume
