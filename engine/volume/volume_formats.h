// The volume file formats, one row each: its name, what messages call its header file, its extensions and its
// header reader. Which reader a file gets, the extensions a path may have (volumeFileExtensions) and the
// message for an unknown one are all derived from these rows, so a new format is its header reader's file
// pair and one row in volume_formats.cpp; everything after the header (the guards, the data) is shared.
#pragma once

#include "result.h"
#include "volume_header.h"

#include <filesystem>
#include <span>
#include <string_view>

namespace dicer::volume {

struct VolumeFormat {
    std::string_view name;                        // "NRRD"
    std::string_view headerName;                  // "NRRD header": "cannot open NRRD header 'x.nrrd': ..."
    std::span<const std::string_view> extensions; // lowercase, with the dot: ".nrrd", ".nhdr"
    HeaderReader* readHeader;                     // parseNrrdHeader
};

// Every row, in the order the unknown-extension message lists their extensions.
std::span<const VolumeFormat> volumeFormats();
// The row with `extension` (".nhdr", ".NHDR": case-insensitive); null when no row has it.
const VolumeFormat* findVolumeFormat(std::string_view extension);

} // namespace dicer::volume
