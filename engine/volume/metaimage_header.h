// MetaImage headers (.mhd with a data file, .mha with ElementDataFile = LOCAL), our own parser. Based on:
// ITK's MetaIO (metaImage.cxx, metaTypes.h; itk.org/Wiki/ITK/MetaIO/Documentation): "Key = Value" lines,
// ElementDataFile last.
//
// Read: NDims, DimSize, ElementType (MET_CHAR ... MET_DOUBLE; MET_LONG and MET_ULONG are 32-bit, as in
// MetaIO), ElementNumberOfChannels, ElementSpacing (else ElementSize, else 1), ElementByteOrderMSB /
// BinaryDataByteOrderMSB (default: little endian), BinaryData, CompressedData (a zlib or gzip stream),
// HeaderSize, Offset/Position/Origin and TransformMatrix/Rotation/Orientation (ignored orientation, noted),
// ObjectType, ElementDataFile (LOCAL, one file, LIST [subdim] with the names on the following lines, or a
// numbered series "name%03d.raw first last step"). CompressedDataSize is only a hint (real files get it
// wrong by a few bytes): never read, never a reason to reject; the bound is the inflated size. Keys are
// matched without regard to case; unknown keys are ignored.
#pragma once

#include "volume_header.h"

#include <string_view>

namespace dicer::volume {

// The MetaImage row's header reader (declared by its type, so it cannot drift from what the row holds) and what
// its messages call the file.
inline constexpr std::string_view kMetaImageHeaderName = "MetaImage header";
HeaderReader parseMetaImageHeader;

} // namespace dicer::volume
