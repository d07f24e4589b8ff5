// NRRD headers (.nrrd with attached data, .nhdr with detached data), our own parser. Based on: the NRRD
// file format, teem.sourceforge.net/nrrd/format.html (NRRD0001-NRRD0005), checked against teem 1.12.
//
// Read: the fields a 3D scalar volume needs (dimension, type, sizes, encoding raw/gzip, endian, spacings or
// space directions, space origin, kinds, data file in all three forms, line skip, byte skip); others, and
// key:=value pairs, are ignored. Refused, one message each naming the line: dimensions other than 3 (2D
// images, 4D with a first axis of several values per voxel), non-domain kinds (RGB-color, vector, ...),
// 64-bit and block types, encodings other than raw and gzip, sizes that are not 1..INT_MAX, a known field
// given twice. Data files are names only here: volume_header.h resolves and guards them.
#pragma once

#include "volume_header.h"

#include <string_view>

namespace dicer::volume {

// The NRRD row's header reader (declared by its type, so it cannot drift from what the row holds) and what its
// messages call the file.
inline constexpr std::string_view kNrrdHeaderName = "NRRD header";
HeaderReader parseNrrdHeader;

} // namespace dicer::volume
