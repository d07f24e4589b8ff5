// What a volume header says, whatever its format: the step between parsing a header (nrrd_header.h,
// metaimage_header.h) and reading its data (volume_data.h). Every guard that needs only the header runs on
// this description before any data file is opened: sizes, the cap, the data files' names and where they
// lie (resolveDataFiles).
#pragma once

#include "result.h"
#include "scalar_volume.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::volume {

// A header may not be longer (a LIST of names included); a real one is a few hundred bytes.
inline constexpr size_t kMaxVolumeHeaderBytes = size_t(1) << 20;
// Data files of one volume at most (a file per slice of a 65536-slice volume): names are made before the
// cap on the samples is checked, so their number needs its own bound.
inline constexpr std::int64_t kMaxVolumeDataFiles = 65536;

// The sample type as stored in the file: ScalarVolume's types plus float64 (stored as float32 at load).
enum class FileType { Int8, Uint8, Int16, Uint16, Int32, Uint32, Float32, Float64 };
int fileTypeBytes(FileType type);
const char* fileTypeName(FileType type); // "int8" ... "float64"
ScalarType storedType(FileType type);    // float64 -> float32, the others themselves

// Raw bytes, or one zlib/gzip stream (auto-detected: NRRD's "gzip", MetaImage's CompressedData).
enum class Encoding { Raw, Compressed };

struct VolumeHeader {
    std::string source; // the header file for messages: "NRRD header 'x.nhdr'", "MetaImage header 'x.mhd'"
    std::filesystem::path headerPath;
    glm::i64vec3 size{0}; // each axis >= 1 (the parsers refuse the rest, naming the line)
    FileType type = FileType::Uint8;
    bool bigEndian = false;
    Encoding encoding = Encoding::Raw;
    glm::dvec3 spacing{1.0}; // finite, > 0 and within float range (the parsers check)

    // Where the data is: attached (dataFiles empty: the header file itself, from dataOffset) or in
    // dataFiles, in order, each holding an equal share of the samples (a slice, a slab, or all of them).
    std::vector<std::string> dataFiles; // as the header names them; resolved by resolveDataFiles
    std::int64_t dataOffset = 0;        // attached data: the byte after the header's end
    std::int64_t lineSkip = 0;          // lines skipped at the start of each data file (before inflation)
    std::int64_t byteSkip = 0;          // bytes skipped after them (of the inflated stream when compressed);
                                        // -1: the data are the file's last bytes (raw only)

    // Orientation the volume is not drawn with (a rotation, an origin, flipped axes): short phrases, joined
    // into one note by orientationNote.
    std::vector<std::string> ignoredOrientation;

    std::int64_t voxelCount() const { return size.x * size.y * size.z; } // valid after checkVolumeHeader
};

// The `count` words of a sizes / DimSize value as sizes: whole numbers from 1 to INT_MAX. The message (no
// prefix) names the bad word or axis.
Result<std::vector<std::int64_t>> parseSizes(std::string_view value, size_t count, std::string_view field);

// A spacing as the volume keeps it: |s| when finite, non-zero and within float's range, else nullopt.
// (A negative spacing is a flipped axis: the parsers note it as ignored orientation.)
std::optional<double> usableSpacing(double spacing);

// How many data files hold `size` when each holds the first `subdim` axes (NRRD's and MetaImage's file
// lists and numbered series: subdim 2 = one file per slice). subdim in [1, 3]; sizes within parseSizes'.
std::int64_t dataFilesFor(const glm::i64vec3& size, int subdim);

// The names of a numbered series of data files: `format` holds one printf-style integer conversion (%d,
// %i or %u, with an optional '0' or '-' flag and a width up to 32; "%%" is a '%'), expanded for first,
// first + step, ... up to last (inclusive, in either direction). Our own expansion: a header's format is
// never given to printf. Errors (no, several or other conversions, step 0, a count other than
// `expected`) are messages without the prefix.
Result<std::vector<std::string>> numberedFileNames(std::string_view format, std::int64_t first,
                                                   std::int64_t last, std::int64_t step,
                                                   std::int64_t expected);

// "NRRD header 'x.nhdr':12: " (line > 0) or "NRRD header 'x.nhdr': " — every message starts so.
std::string headerError(const VolumeHeader& header, int line, std::string_view message);

// The checks every format shares, on the header alone: sizes, the cap on voxels x bytes per voxel (the
// stored type: float64 counts 4), and that the data files divide the samples evenly. One message each.
Result<void> checkVolumeHeader(const VolumeHeader& header, std::int64_t capBytes);

// Each data file name resolved beside the header: no empty or absolute name, no '..', no name that
// resolves (through symlinks) outside the header's folder, only regular files (no device, FIFO, socket
// or directory). Checked for every file before any is opened. Attached data: the header file itself.
Result<std::vector<std::filesystem::path>> resolveDataFiles(const VolumeHeader& header);

// The one info line about ignored orientation, or "" when there is none.
std::string orientationNote(const VolumeHeader& header);

} // namespace dicer::volume
