// Volume files (engine/volume/volume_file.h). The two committed scans load with their
// exact size, type, spacing and every sample (against an independent read of their raw bytes here, and fixed
// sums); every format feature on small generated files (5x4x3: neither cubic nor a power of two), value for
// value in every type and both byte orders; every guard with its one message naming the file.
//
// The MetaImage features are in volume_file_metaimage_test.cpp, the guards in volume_file_guards_test.cpp (the
// same executable).
//
// Index of this file:
// [SECTION] the committed scans
// [SECTION] the formats table
// [SECTION] NRRD: attached, detached, lists, series, gzip, skips, spacing and orientation
#include "bundled_volumes.h"
#include "file_read.h"
#include "scalar_volume.h"
#include "test_files.h"
#include "test_util.h"
#include "volume_file.h"
#include "volume_formats.h"
#include "volume_header.h"
#include "volume_test_util.h"
#include "zlib_test_util.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <fstream>

namespace dicer::volume {
namespace {

namespace fs = std::filesystem;
using namespace dicer::test;

// ---------------------------------------------------------------------------------------------------------
// [SECTION] the committed scans
// ---------------------------------------------------------------------------------------------------------

std::string readWhole(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// What a committed scan's header says.
struct ScanHeader {
    const char* file;
    glm::ivec3 size;
    ScalarType type;
    glm::vec3 spacing;
};

// The committed scan `name` (it must be there), its header checked; nullopt where it does not load.
std::optional<ScalarVolume> loadCommittedScan(const char* name, const ScanHeader& want) {
    const fs::path header = bundledVolumePath(name);
    EXPECT_TRUE(fs::is_regular_file(header)) << header << " is committed: it must be there";
    Result<ScalarVolume> v = loadVolumeFile(header);
    if (!v) {
        ADD_FAILURE() << v.error();
        return std::nullopt;
    }
    EXPECT_EQ(v->name, want.file);
    EXPECT_EQ(v->size, want.size);
    EXPECT_EQ(v->type, want.type);
    EXPECT_EQ(v->spacing, want.spacing);
    EXPECT_TRUE(v->notes.empty()) << v->notes.front();
    return std::move(v.value());
}

TEST(VolumeFileRealScans, HeadsqIsTheCtHeadExactly) {
    const std::optional<ScalarVolume> v =
        loadCommittedScan("headsq", {"quarter.nhdr", {64, 64, 93}, ScalarType::Int16, {3.2f, 3.2f, 1.5f}});
    ASSERT_TRUE(v);
    const fs::path header = bundledVolumePath("headsq");

    // An independent read: the 93 slice files in order, little-endian int16, decoded byte by byte.
    std::string raw;
    for (int k = 1; k <= 93; ++k)
        raw += readWhole(header.parent_path() / ("quarter." + std::to_string(k)));
    ASSERT_EQ(raw.size(), size_t(64 * 64 * 93 * 2));
    std::int64_t sum = 0, mismatches = 0;
    for (std::int64_t i = 0; i < v->voxelCount(); ++i) {
        const auto lo = std::uint8_t(raw[size_t(2 * i)]), hi = std::uint8_t(raw[size_t(2 * i + 1)]);
        const std::int16_t expected = std::int16_t(std::uint16_t(lo | hi << 8));
        mismatches += v->value(i) != expected;
        sum += expected;
    }
    EXPECT_EQ(mismatches, 0);
    // Fixed values (Python over the same files): the sum, the range, samples at (x, y, z).
    EXPECT_EQ(sum, 193392317);
    const std::optional<ValueRange> range = valueRange(v.value());
    ASSERT_TRUE(range);
    EXPECT_EQ(range->min, 0);
    EXPECT_EQ(range->max, 3926);
    EXPECT_EQ(v->value(v->index({32, 32, 46})), 122);
    EXPECT_EQ(v->value(v->index({10, 20, 30})), 861);
    EXPECT_EQ(v->value(v->index({40, 25, 60})), 1086);
}

TEST(VolumeFileRealScans, HeadMrIsTheMrHeadExactly) {
    const std::optional<ScalarVolume> v =
        loadCommittedScan("head_mr", {"HeadMRVolume.mhd", {48, 62, 42}, ScalarType::Uint8, glm::vec3(4.f)});
    ASSERT_TRUE(v);
    const fs::path header = bundledVolumePath("head_mr");
    const std::string raw = readWhole(header.parent_path() / "HeadMRVolume.raw");
    ASSERT_EQ(raw.size(), size_t(48 * 62 * 42));
    EXPECT_EQ(std::memcmp(v->data.data(), raw.data(), raw.size()), 0);
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < v->voxelCount(); ++i)
        sum += std::int64_t(v->value(i));
    EXPECT_EQ(sum, 3058332);
    EXPECT_EQ(test::crc32(raw), 0x4502dfcau);
    EXPECT_EQ(v->value(v->index({24, 31, 21})), 79);
    EXPECT_EQ(v->value(v->index({10, 20, 30})), 32);
}

TEST(VolumeFileRealScans, BundledNamesAndExtensions) {
    ASSERT_EQ(bundledVolumes().size(), 2u);
    for (const BundledVolume& b : bundledVolumes())
        EXPECT_TRUE(hasVolumeFileExtension(bundledVolumePath(b.name))) << b.name;
    EXPECT_TRUE(bundledVolumePath("nope").empty());
    EXPECT_TRUE(hasVolumeFileExtension("A.NHDR"));
    EXPECT_FALSE(hasVolumeFileExtension("metaballs:128"));
    EXPECT_FALSE(hasVolumeFileExtension("x.raw"));
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] the formats table
// ---------------------------------------------------------------------------------------------------------

// Everything format-dependent comes from the rows: an extension a row gains is accepted, found and listed.
TEST(VolumeFileFormats, EveryRowsExtensionsAreAcceptedFoundAndListed) {
    TempDir dir;
    const Result<ScalarVolume> unknown = loadVolumeFile(dir.write("scan.raw", "x"));
    ASSERT_FALSE(unknown.ok());
    std::string known;
    size_t count = 0;
    for (const VolumeFormat& format : volumeFormats()) {
        EXPECT_FALSE(format.extensions.empty()) << format.name;
        for (std::string_view extension : format.extensions) {
            std::string upper(extension);
            for (char& c : upper)
                c = char(std::toupper(static_cast<unsigned char>(c)));
            EXPECT_TRUE(hasVolumeFileExtension("scan" + std::string(extension))) << extension;
            EXPECT_TRUE(hasVolumeFileExtension("SCAN" + upper)) << upper;
            EXPECT_EQ(findVolumeFormat(extension), &format) << extension;
            EXPECT_EQ(findVolumeFormat(upper), &format) << upper;
            known.append(known.empty() ? "" : ", ").append(extension);
            ++count;
            // The row's header name is what the messages call the file.
            const fs::path missing = dir.path() / ("missing" + std::string(extension));
            const Result<ScalarVolume> v = loadVolumeFile(missing);
            ASSERT_FALSE(v.ok());
            EXPECT_TRUE(containsText(v.error(), "cannot open " + std::string(format.headerName) + " " +
                                                    dicer::quoted(missing.native())));
        }
    }
    EXPECT_TRUE(containsText(unknown.error(), "unknown extension '.raw' (known: " + known + ")"));
    EXPECT_EQ(volumeFileExtensions().size(), count);
    EXPECT_EQ(findVolumeFormat(".raw"), nullptr);
    EXPECT_EQ(findVolumeFormat(""), nullptr);
    EXPECT_EQ(findVolumeFormat(".nrrd")->name, "NRRD");
    EXPECT_EQ(findVolumeFormat(".MHA")->name, "MetaImage");
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] NRRD: attached, detached, lists, series, gzip, skips, spacing and orientation
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileNrrd, EveryTypeInBothByteOrdersRawAndGzip) {
    TempDir dir;
    forEveryTypeAndByteOrder([&](FileType type, bool big, const std::string& name) {
        const std::string raw = sampleBytes(type, big);
        expectGeneratedVolume(loadVolumeFile(dir.write(name + ".nrrd", nrrdHead(type, big) + "\n" + raw)),
                              type, name + " attached raw");
        expectGeneratedVolume(loadVolumeFile(dir.write(name + "_gz.nrrd", nrrdHead(type, big, "gzip") + "\n" +
                                                                              gzipCompress(raw))),
                              type, name + " attached gzip");
        dir.write(name + ".raw.gz", gzipCompress(raw));
        expectGeneratedVolume(
            loadVolumeFile(
                dir.write(name + ".nhdr", nrrdHead(type, big, "gz") + "data file: " + name + ".raw.gz\n")),
            type, name + " detached gzip");
    });
}

TEST(VolumeFileNrrd, Float64BecomesFloat32WithANoteAndNaNStaysNaN) {
    TempDir dir;
    const Result<ScalarVolume> v = loadVolumeFile(dir.write(
        "d.nrrd", nrrdHead(FileType::Float64, false) + "\n" + sampleBytes(FileType::Float64, false)));
    ASSERT_TRUE(v.ok()) << v.error();
    ASSERT_EQ(v->notes.size(), 1u);
    EXPECT_EQ(v->notes[0], "float64 samples stored as float32 (rounded to nearest); 1 beyond float32's range "
                           "became infinite");
    EXPECT_TRUE(std::isnan(v->value(3)));
    EXPECT_EQ(v->value(5), kInf);
    EXPECT_EQ(v->value(11), double(float(0.101))); // (11 - 10) * 0.1 + 1e-3, rounded to float32
}

TEST(VolumeFileNrrd, TypeSpellingsOfTheFormat) {
    TempDir dir;
    const std::pair<FileType, std::vector<const char*>> spellings[] = {
        {FileType::Int8, {"int8", "int8_t"}},
        {FileType::Uint8, {"unsigned char", "uint8_t"}},
        {FileType::Int16, {"short int", "signed short int", "int16_t"}},
        {FileType::Uint16, {"ushort", "Unsigned  Short Int", "uint16"}},
        {FileType::Int32, {"signed int", "int32_t"}},
        {FileType::Uint32, {"unsigned int", "uint32_t"}},
        {FileType::Float32, {"FLOAT"}},
    };
    for (const auto& [type, names] : spellings)
        for (const char* spelling : names) {
            const std::string text = "NRRD0005\ntype: " + std::string(spelling) +
                                     "\ndimension: 3\nsizes: 5 4 3\nendian: big\nencoding: raw\n\n" +
                                     sampleBytes(type, true);
            expectGeneratedVolume(loadVolumeFile(dir.write("t.nrrd", text)), type, spelling);
        }
}

TEST(VolumeFileNrrd, DetachedSingleFileListsAndNumberedSeries) {
    TempDir dir;
    const FileType type = FileType::Int16;
    const std::string head = nrrdHead(type, false);
    // One sample slice per file (4x5 samples = 40 bytes), numbered s001, s002, s003.
    for (int k = 0; k < 3; ++k) {
        char name[16];
        std::snprintf(name, sizeof name, "s%03d.raw", k + 1);
        dir.write(name, sampleBytes(type, false, k * 20, 20));
        dir.write("slices/z" + std::to_string(k), sampleBytes(type, false, k * 20, 20));
    }
    for (int row = 0; row < 12; ++row) // one file per row of 5 samples (subdim 1)
        dir.write("row" + std::to_string(row), sampleBytes(type, false, row * 5, 5));
    dir.write("all.raw", sampleBytes(type, false));
    const std::pair<const char*, std::string> cases[] = {
        {"single file", "data file: all.raw\n"},
        {"LIST", "data file: LIST\ns001.raw\ns002.raw\ns003.raw\n"},
        {"LIST in a subfolder, CRLF", "data file: LIST 2\r\nslices/z0\r\nslices/z1\r\nslices/z2\r\n"},
        {"LIST 3 (one file)", "data file: LIST 3\nall.raw\n"},
        {"LIST 1 (rows)",
         "data file: LIST 1\nrow0\nrow1\nrow2\nrow3\nrow4\nrow5\nrow6\nrow7\nrow8\nrow9\nrow10\nrow11\n"},
        {"series %03d", "data file: s%03d.raw 1 3 1\n"},
        {"series %d, rows", "data file: row%d 0 11 1 1\n"},
        {"series, subdim 3", "data file: one%d.raw 1 1 1 3\n"},
    };
    dir.write("one1.raw", sampleBytes(type, false));
    for (const auto& [what, dataFile] : cases)
        expectGeneratedVolume(loadVolumeFile(dir.write("d.nhdr", head + dataFile)), type, what);
    // Series run in either direction: 3, 2, 1 puts s003 first.
    const Result<ScalarVolume> reversed =
        loadVolumeFile(dir.write("r.nhdr", head + "data file: s%03d.raw 3 1 -1\n"));
    ASSERT_TRUE(reversed.ok()) << reversed.error();
    EXPECT_EQ(reversed->value(0), sampleValue(type, 40));
    EXPECT_EQ(reversed->value(40), sampleValue(type, 0));
    // A step: s001 and s003 as the two slices of a 5x4x2 volume.
    const std::string twoSlices =
        "NRRD0004\ntype: short\ndimension: 3\nsizes: 5 4 2\nendian: little\nencoding: raw\n";
    const Result<ScalarVolume> padded =
        loadVolumeFile(dir.write("p.nhdr", twoSlices + "data file: s%03d.raw 1 3 2\n"));
    ASSERT_TRUE(padded.ok()) << padded.error();
    EXPECT_EQ(padded->value(20), sampleValue(type, 40));
}

TEST(VolumeFileNrrd, LineSkipByteSkipAndDataAtTheEnd) {
    TempDir dir;
    const FileType type = FileType::Uint16;
    const std::string raw = sampleBytes(type, true);
    const std::string head = nrrdHead(type, true);
    dir.write("lines.raw", "a text preamble\nof two lines\n" + raw);
    dir.write("bytes.raw", "1234567" + raw);
    dir.write("both.raw", "one line\n12" + raw);
    dir.write("end.raw", "any length of junk before the data" + raw);
    dir.write("gz.raw", "a line before the stream\n" + gzipCompress("skipped" + raw));
    expectGeneratedVolume(loadVolumeFile(dir.write("a.nhdr", head + "line skip: 2\ndata file: lines.raw\n")),
                          type, "line skip");
    expectGeneratedVolume(loadVolumeFile(dir.write("b.nhdr", head + "byte skip: 7\ndata file: bytes.raw\n")),
                          type, "byte skip");
    expectGeneratedVolume(
        loadVolumeFile(dir.write("c.nhdr", head + "line skip: 1\nbyte skip: 2\ndata file: both.raw\n")), type,
        "line and byte skip");
    expectGeneratedVolume(loadVolumeFile(dir.write("e.nhdr", head + "byte skip: -1\ndata file: end.raw\n")),
                          type, "byte skip -1");
    // gzip: lines are skipped in the file, bytes in the inflated stream (teem's rule).
    expectGeneratedVolume(
        loadVolumeFile(dir.write("g.nhdr", nrrdHead(type, true, "gzip") +
                                               "line skip: 1\nbyte skip: 7\ndata file: gz.raw\n")),
        type, "gzip with skips");
    // Attached data: skips count from the blank line that ends the header.
    expectGeneratedVolume(loadVolumeFile(dir.write("h.nrrd", head + "line skip: 1\n\nskipped line\n" + raw)),
                          type, "attached with a line skip");
}

TEST(VolumeFileNrrd, GzipMembersZlibStreamsAndTrailingBytes) {
    TempDir dir;
    const FileType type = FileType::Float32;
    const std::string raw = sampleBytes(type, false);
    const std::string head = nrrdHead(type, false, "gzip") + "\n";
    // Two gzip members in a row are one stream (gzip concatenation, as zlib's gzread reads it).
    expectGeneratedVolume(loadVolumeFile(dir.write("m.nrrd", head + gzipCompress(raw.substr(0, 100)) +
                                                                 gzipCompress(raw.substr(100)))),
                          type, "two gzip members");
    expectGeneratedVolume(loadVolumeFile(dir.write("z.nrrd", head + zlibCompress(raw, 9))), type,
                          "a zlib stream");
    // Bytes after the stream are ignored (as gzread and MetaIO do), with one warning naming their count.
    Result<volume::ScalarVolume> trailing = loadVolumeFile(dir.write("t.nrrd", head + gzipCompress(raw) + "trailing junk"));
    ASSERT_TRUE(trailing) << trailing.error();
    ASSERT_EQ(trailing->warnings.size(), 1u);
    EXPECT_NE(trailing->warnings[0].find("the data after the header: 13 bytes after the end of its compressed "
                                         "stream were ignored"),
              std::string::npos)
        << trailing->warnings[0];
    expectGeneratedVolume(std::move(trailing), type, "bytes after the stream");
    Result<volume::ScalarVolume> exact = loadVolumeFile(dir.write("x.nrrd", head + gzipCompress(raw)));
    ASSERT_TRUE(exact) << exact.error();
    EXPECT_TRUE(exact->warnings.empty());
    Result<volume::ScalarVolume> members = loadVolumeFile(
        dir.write("n.nrrd", head + gzipCompress(raw.substr(0, 100)) + gzipCompress(raw.substr(100))));
    ASSERT_TRUE(members) << members.error();
    EXPECT_TRUE(members->warnings.empty()) << "a second gzip member is no trailing data";
}

TEST(VolumeFileNrrd, UnknownFieldsCommentsAndPairsAreIgnored) {
    expectPlainVolume(
        "u.nrrd", FileType::Uint8,
        "NRRD0004\n# a comment\ncontent: a test\nfoo bar: 12\nthicknesses: 1 1 1\ncenters: cell "
        "cell cell\nunits: mm mm mm\nspace: left-posterior-superior\nmy key:=my: value\n"
        "labels: \"x\" \"y\" \"z\"\nnumber: 60\nmeasurement frame: (1,0,0) (0,1,0) (0,0,1)\n"
        "kinds: domain space ???\nold min: 0\nsample units:\ntype: uint8\nDimension: 3\n"
        "sizes: 5 4 3\nEncoding: raw\n\n");
}

TEST(VolumeFileNrrd, SpacingFromSpacingsOrDirectionsAndOrientationIsOneNote) {
    const SpacingCase cases[] = {
        {"", glm::vec3(1.f), ""},
        {"spacings: 0.5 2 3\n", {0.5f, 2.f, 3.f}, ""},
        {"spacings: nan 2 nan\n", {1.f, 2.f, 1.f}, ""},
        {"space directions: (0.5,0,0) (0,2,0) (0,0,3)\nspace origin: (0,0,0)\n", {0.5f, 2.f, 3.f}, ""},
        {"space dimension: 3\nspace directions: (0,3,4) (2,0,0) (0,0,1)\n",
         {5.f, 2.f, 1.f},
         "orientation ignored (space directions not along the index axes): the volume is shown in its index "
         "frame, scaled by its spacing 5 x 2 x 1"},
        {"space directions: (0.5,0,0) (0,-2,0) (0,0,3)\nspace origin: (-90,1.5,0)\n",
         {0.5f, 2.f, 3.f},
         "orientation ignored (space directions not along the index axes; space origin (-90, 1.5, 0)): the "
         "volume "
         "is shown in its index frame, scaled by its spacing 0.5 x 2 x 3"},
        {"spacings: 1 -2 1\n",
         {1.f, 2.f, 1.f},
         "orientation ignored (axis y flipped (negative spacing)): the volume is shown in its index frame, "
         "scaled "
         "by its spacing 1 x 2 x 1"},
    };
    expectSpacingCases(cases, FileType::Int8, "o.nrrd",
                       [](const std::string& fields, const std::string& samples) {
                           return nrrdHead(FileType::Int8, false) + fields + "\n" + samples;
                       });
}

} // namespace
} // namespace dicer::volume
