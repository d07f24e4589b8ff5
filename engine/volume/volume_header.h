// What a volume header says, whatever its format: the step between parsing a header (nrrd_header.h,
// metaimage_header.h) and reading its data (volume_data.h). Every guard that needs only the header runs on
// this description before any data file is opened: sizes, the cap, the data files' names and where they
// lie (resolveDataFiles). The steps the header parsers share (the fields, the dimension and sizes, the type
// names, the spacing) are here too, so each format keeps only what is its own.
#pragma once

#include "result.h"
#include "scalar_volume.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
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
    // Which index axes are superior and anterior, where the header says (anatomy.h): the volume is turned
    // upright by it, exactly (an oblique axis counts as the index axis nearest it).
    std::optional<Anatomy> anatomy;

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

// What each format's header reader is (VolumeFormat::readHeader, volume_formats.h): `text` is the file from
// its start: all of it when `wholeFile`, else its first kMaxVolumeHeaderBytes (a header that does not end
// within them is refused). Attached data (NRRD's .nrrd, MetaImage's LOCAL) start at VolumeHeader::dataOffset.
using HeaderReader = Result<VolumeHeader>(std::string_view text, bool wholeFile,
                                          const std::filesystem::path& path);

// "NRRD header 'x.nhdr':12: " (line > 0) or "NRRD header 'x.nhdr': " — every message starts so.
std::string headerError(const VolumeHeader& header, int line, std::string_view message);

// A header about to be parsed: its source is `headerName` ("NRRD header") and the quoted path.
VolumeHeader startHeader(std::string_view headerName, const std::filesystem::path& path);

// The checks every format shares, on the header alone: sizes, the cap on voxels x bytes per voxel (the
// stored type: float64 counts 4), and that the data files divide the samples evenly. One message each.
Result<void> checkVolumeHeader(const VolumeHeader& header, std::int64_t capBytes);

// Each data file name resolved beside the header: no empty or absolute name, no '..', no name that
// resolves (through symlinks) outside the header's folder, only regular files (no device, FIFO, socket
// or directory). Checked for every file before any is opened. Attached data: the header file itself.
Result<std::vector<std::filesystem::path>> resolveDataFiles(const VolumeHeader& header);

// The one info line about ignored orientation, or "" when there is none.
std::string orientationNote(const VolumeHeader& header);

// ---------------------------------------------------------------------------------------------------------
// The steps both header parsers take, written once: each format passes its own key names, spellings and
// limits, and every message keeps the format's own words.
// ---------------------------------------------------------------------------------------------------------

// One field as a header gives it: its value (blanks trimmed) and its 1-based line, for messages.
struct HeaderField {
    std::string_view value;
    int line = 0;
};

// "the header does not end within its first 1048576 bytes": a header cut off at kMaxVolumeHeaderBytes.
std::string headerNotEndedMessage();

// The fields of one header, by key (as the parser spells keys: lowercased), each given once. `noun` is what
// the format calls them in messages: "field" (NRRD), "key" (MetaImage).
class HeaderFields {
public:
    // `header` is kept by reference (messages name its source): it must outlive the fields.
    HeaderFields(const VolumeHeader& header, std::string_view noun) : m_header(header), m_noun(noun) {}
    // A key given twice is refused, naming both lines: "field 'sizes' is given twice (first on line 3)".
    Result<void> add(std::string key, std::string_view shown, HeaderField field);
    const HeaderField* find(std::string_view key) const; // null when the header does not give it
    // The field, or "no 'sizes' field". When the header was cut off (markCutOff), a missing field may lie past
    // the cut, so the message says the header does not end instead.
    Result<HeaderField> require(std::string_view key, std::string_view shown) const;
    void markCutOff() { m_cutOff = true; }

private:
    const VolumeHeader& m_header;
    std::string_view m_noun;
    bool m_cutOff = false;
    std::map<std::string, HeaderField, std::less<>> m_fields;
};

// The dimension count and the sizes, as both formats give them: a count from 1 to `maxDimension` and a
// sizes field of that many whole numbers. Only 3D volumes are read: a 2D image is named as such, and the
// other counts refused, on the count's line. Sets header.size.
struct DimensionKeys {
    std::string_view dimensionKey, dimensionShown; // "dimension", "dimension" / "ndims", "NDims"
    std::string_view sizesKey, sizesShown;         // "sizes", "sizes" / "dimsize", "DimSize"
    std::int64_t maxDimension = 3;                 // the format's own limit: NRRD 16, MetaIO 10
    // NRRD: a 4D header whose first axis has several samples holds several values per voxel (RGB, vectors),
    // and the message says so rather than only "not 3D".
    bool valuesOnFirstAxis = false;
};
Result<void> readDimensionAndSizes(VolumeHeader& header, const HeaderFields& fields,
                                   const DimensionKeys& keys);

// One spelling of a sample type in a format: the name as the parser normalizes it (lowercase), the type.
struct FileTypeName {
    std::string_view name;
    FileType type;
};
// A format's type names: those read, the valid ones not read (64-bit integers, blocks), and the list the
// message for an unknown name gives.
struct FileTypeNames {
    std::string_view shown; // "type" / "ElementType"
    std::span<const FileTypeName> read;
    std::span<const std::string_view> unsupported;
    std::string_view known; // "int8, uint8, ..." / "MET_CHAR, MET_UCHAR, ..."
};
std::optional<FileType> findFileType(std::span<const FileTypeName> names, std::string_view name);
// The type `field` names (`name`: its value normalized as `names.read` spells them), or one message: "type
// 'int64' is not supported (...)" for an unsupported spelling, "unknown type 'x' (<known>)" for the rest.
Result<FileType> readFileType(const VolumeHeader& header, const HeaderField& field, std::string_view name,
                              const FileTypeNames& names);

// "xyz": axes in messages.
inline constexpr char kAxisNames[] = "xyz";
// Sets the spacing of `axis` to |spacing| when usableSpacing takes it (false: it does not, nothing changes);
// a negative spacing is a flipped axis, noted as ignored orientation.
bool setAxisSpacing(VolumeHeader& header, int axis, double spacing);
// "LIST names 3 files where the sizes need 93", after the format's name of the field.
std::string listedFilesMessage(std::string_view field, size_t listed, std::int64_t expected);

} // namespace dicer::volume
