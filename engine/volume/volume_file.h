// Volume files into a ScalarVolume: the formats of volume_formats.h (one row each: NRRD, MetaImage), the
// reader chosen by the file's extension.
//
// Our own parsers and readers (zlib for the compressed data), not teem's libnrrd: every guard must hold
// before any data file is opened, and teem 1.12 opens the data files a header names as given (measured:
// `data file: /etc/passwd`, `../../dev/zero`), so the header has to be parsed here anyway; docs/VOLUMES.md
// gives the whole reasoning.
//
// One call, one result: the volume, or one error naming the file (and the line or key where it helps);
// nothing is kept between calls, so a caller that fails keeps its previous volume. The order: the header
// (at most kMaxVolumeHeaderBytes, regular files only) -> its fields -> the cap on voxels x bytes per voxel
// -> every data file's name and place (beside the header, regular files) -> the data (truncated, too long,
// corrupt) -> checkVolume.
#pragma once

#include "result.h"
#include "scalar_volume.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

namespace dicer::volume {

// Every format's extensions, in the table's order (volume_formats.h).
std::span<const std::string_view> volumeFileExtensions();
// Whether the path ends in one of them (case-insensitive): a file to load rather than a built-in's name.
bool hasVolumeFileExtension(const std::filesystem::path& path);

// `capBytes`: the most voxels x bytes per voxel (of the stored type) accepted, checked on the header before
// any sample is read; at most kMaxVolumeBytes (a larger value means kMaxVolumeBytes). The volume's name is
// the file's name; its notes hold one line about ignored orientation and one about float64, when they apply.
Result<ScalarVolume> loadVolumeFile(const std::filesystem::path& path,
                                    std::int64_t capBytes = kMaxVolumeBytes);

} // namespace dicer::volume
