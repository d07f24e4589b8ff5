// Volume files: every guard of the readers with a small generated file, one message each,
// naming the file (and the line where it helps). The loader keeps nothing between calls, so a caller whose
// load fails keeps its previous volume. docs/RELIABILITY.md's bad-input table quotes these messages.
//
// Index of this file:
// [SECTION] the file itself: extension, not a regular file, header too long
// [SECTION] data files only beside the header
// [SECTION] the cap on voxels x bytes per voxel
// [SECTION] header fields: NRRD, MetaImage
// [SECTION] data: truncated, too long, corrupt, bombs
#include "file_read.h"
#include "scalar_volume.h"
#include "test_files.h"
#include "test_util.h"
#include "volume_file.h"
#include "volume_header.h"
#include "volume_test_util.h"
#include "zlib_test_util.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

namespace dicer::volume {
namespace {

namespace fs = std::filesystem;
using namespace dicer::test;
using namespace std::string_view_literals;

// A 2x2x2 uint8 volume's 8 samples.
constexpr std::string_view kData8 = "ABCDEFGH";

// The load must fail with one message that names the file and contains `expected`.
void expectLoadError(const fs::path& file, std::string_view expected, std::int64_t cap = kMaxVolumeBytes) {
    const Result<ScalarVolume> v = loadVolumeFile(file, cap);
    ASSERT_FALSE(v.ok()) << file << " loaded; expected: " << expected;
    EXPECT_TRUE(containsText(v.error(), expected)) << file;
    EXPECT_TRUE(containsText(v.error(), dicer::quoted(file.native()))) << "the message names the file";
    EXPECT_EQ(v.error().find('\n'), std::string::npos) << "one line: " << v.error();
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] the file itself: extension, not a regular file, header too long
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileGuards, AnUnknownExtensionListsTheKnownOnes) {
    TempDir dir;
    expectLoadError(dir.write("scan.raw", kData8),
                    "unknown extension '.raw' (known: .nrrd, .nhdr, .mhd, .mha)");
    expectLoadError(dir.write("scan", kData8), "unknown extension '(none)'");
}

TEST(VolumeFileGuards, AHeaderThatIsNoRegularFile) {
    TempDir dir;
    expectLoadError(dir.path() / "missing.nrrd", "cannot open NRRD header '" +
                                                     (dir.path() / "missing.nrrd").string() +
                                                     "': No such file or directory");
    fs::create_directory(dir.path() / "folder.mha");
    expectLoadError(dir.path() / "folder.mha", "is not a regular file (it is a directory)");
    const fs::path fifo = dir.path() / "pipe.nhdr";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expectLoadError(fifo, "is not a regular file (it is a FIFO)"); // and does not block
}

TEST(VolumeFileGuards, AHeaderLongerThanItsLimit) {
    TempDir dir;
    std::string comments = "NRRD0004\n";
    while (comments.size() <= kMaxVolumeHeaderBytes)
        comments += "# a comment line that goes on and on, and never ends the header with a blank line\n";
    expectLoadError(dir.write("long.nrrd", comments + "type: uchar\n"),
                    "the header does not end within its first 1048576 bytes");
    std::string keys;
    while (keys.size() <= kMaxVolumeHeaderBytes)
        keys += "Comment = a key that goes on and on, and never reaches ElementDataFile\n";
    expectLoadError(dir.write("long.mha", keys), "the header does not end within its first 1048576 bytes");
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] data files only beside the header
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileGuards, DataFilesOnlyBesideTheHeader) {
    TempDir outer;
    const fs::path dir = outer.path() / "scan";
    outer.write("outside.raw", kData8);
    outer.write("scan/inside.raw", kData8);
    outer.write("scan/sub/deeper.raw", kData8);
    fs::create_directory(dir / "folder.raw");
    ASSERT_EQ(::mkfifo((dir / "pipe.raw").c_str(), 0600), 0);
    fs::create_symlink("../outside.raw", dir / "link_out.raw");
    fs::create_symlink("/dev/zero", dir / "link_dev.raw");
    fs::create_symlink("/etc/passwd", dir / "link_etc.raw");
    fs::create_symlink("inside.raw", dir / "link_in.raw");
    fs::create_symlink("sub", dir / "sublink");
    fs::create_symlink("loop_b.raw", dir / "loop_a.raw"); // a symbolic link loop: it exists, yet leads nowhere
    fs::create_symlink("loop_a.raw", dir / "loop_b.raw");
    fs::create_symlink("gone.raw", dir / "dangling.raw");
    const ErrorCase bad[] = {
        {"/etc/passwd", "data file '/etc/passwd' is absolute; only files beside the header are read"},
        {"/dev/zero", "data file '/dev/zero' is absolute"},
        {"../outside.raw", "data file '../outside.raw' contains '..'; only files beside the header are read"},
        {"../../dev/zero", "data file '../../dev/zero' contains '..'"},
        {"sub/../../outside.raw", "contains '..'"},
        {"..\\outside.raw", "data file '..\\outside.raw' contains '..'"},
        {"link_out.raw", "data file 'link_out.raw' resolves to '"},
        {"link_dev.raw", "data file 'link_dev.raw' resolves to '/dev/zero', outside the header's folder"},
        {"link_etc.raw", "resolves to '/etc/passwd', outside the header's folder"},
        {"pipe.raw", "data file 'pipe.raw' is not a regular file (it is a FIFO)"},
        {"folder.raw", "data file 'folder.raw' is not a regular file (it is a directory)"},
        {"missing.raw", "data file 'missing.raw' not found beside the header"},
        {"loop_a.raw", "data file 'loop_a.raw' is a symbolic link loop (it never reaches a file)"},
        {"dangling.raw", "data file 'dangling.raw' is a symbolic link to 'gone.raw', which does not exist"},
    };
    const std::string nrrd = "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\nencoding: raw\ndata file: ";
    const std::string meta = "NDims = 3\nDimSize = 2 2 2\nElementType = MET_UCHAR\nElementDataFile = ";
    for (const ErrorCase& c : bad) {
        expectLoadError(outer.write("scan/v.nhdr", nrrd + c.input + "\n"), c.expected);
        expectLoadError(outer.write("scan/v.mhd", meta + c.input + "\n"), c.expected);
        expectLoadError(outer.write("scan/l.nhdr", nrrd + "LIST 3\n" + c.input + "\n"), c.expected);
    }
    for (const char* good :
         {"inside.raw", "link_in.raw", "sub/deeper.raw", "sublink/deeper.raw", "./inside.raw"}) {
        const Result<ScalarVolume> n = loadVolumeFile(outer.write("scan/v.nhdr", nrrd + good + "\n"));
        const Result<ScalarVolume> m = loadVolumeFile(outer.write("scan/v.mhd", meta + good + "\n"));
        EXPECT_TRUE(n.ok()) << good << ": " << n.error();
        EXPECT_TRUE(m.ok()) << good << ": " << m.error();
    }
}

TEST(VolumeFileGuards, EveryDataFileIsCheckedBeforeAnyIsRead) {
    TempDir dir;
    dir.write("short.raw", "ABC"); // would be "truncated" if it were read first
    dir.write("good.raw", "EFGH");
    const std::string nrrd =
        "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\nencoding: raw\ndata file: LIST\n";
    expectLoadError(dir.write("v.nhdr", nrrd + "short.raw\n/etc/passwd\n"),
                    "data file '/etc/passwd' is absolute");
    expectLoadError(dir.write("w.nhdr", nrrd + "short.raw\ngood.raw\n"),
                    "data file 'short.raw' is truncated: 3 bytes of data where the header needs 4");
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] the cap on voxels x bytes per voxel
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileGuards, TheCapNamesTheSizeAndTheCapBeforeAnyDataIsRead) {
    TempDir dir;
    // No data at all: the cap is checked on the header.
    expectLoadError(dir.write("big.nhdr", "NRRD0004\ntype: ushort\ndimension: 3\nsizes: 2048 2048 2048\n"
                                          "endian: little\nencoding: raw\ndata file: /etc/passwd\n"),
                    "2048x2048x2048 uint16 is 17179869184 bytes, over the cap of 1073741824 bytes");
    expectLoadError(dir.write("big.mhd", "NDims = 3\nDimSize = 1024 1024 1025\nElementType = MET_UCHAR\n"
                                         "ElementDataFile = missing.raw\n"),
                    "1024x1024x1025 uint8 is 1074790400 bytes, over the cap of 1073741824 bytes");
    expectLoadError(
        dir.write("huge.nrrd", "NRRD0004\ntype: float\ndimension: 3\nsizes: 2147483647 2147483647 "
                               "2147483647\nendian: little\nencoding: raw\n\n"),
        "2147483647x2147483647x2147483647 float32 is 39614081201791936601413124092 bytes, over the cap");
    // A caller's smaller cap; float64 counts as the float32 it becomes.
    const std::string i16 = nrrdHead(FileType::Int16, false) + "\n" + sampleBytes(FileType::Int16, false);
    expectLoadError(dir.write("i16.nrrd", i16), "5x4x3 int16 is 120 bytes, over the cap of 100 bytes", 100);
    EXPECT_TRUE(loadVolumeFile(dir.path() / "i16.nrrd", 120).ok());
    const std::string f64 = nrrdHead(FileType::Float64, false) + "\n" + sampleBytes(FileType::Float64, false);
    EXPECT_TRUE(loadVolumeFile(dir.write("f64.nrrd", f64), 240).ok());
    expectLoadError(dir.path() / "f64.nrrd",
                    "5x4x3 float64 (stored as float32) is 240 bytes, over the cap of 239", 239);
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] header fields: NRRD, MetaImage
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileGuards, BadNrrdHeaders) {
    TempDir dir;
    // Each: a whole .nrrd file (2x2x2 uint8 unless it says otherwise) and the message with its line.
    const std::string ok = "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\nencoding: raw\n";
    auto with = [&](std::string_view find, std::string_view replace) {
        std::string text = ok;
        text.replace(text.find(find), find.size(), replace);
        return text + "\n" + std::string(kData8);
    };
    const std::pair<std::string, const char*> cases[] = {
        {"NRRD0009\n" + ok.substr(9) + "\n",
         "not a NRRD file: it starts with 'NRRD0009', where NRRD0001 to NRRD0005"},
        {"P5 2 2 255\n", "not a NRRD file: it starts with 'P5 2 2 255'"},
        {"", "not a NRRD file: it starts with ''"},
        {with("dimension: 3\n", ""), "no 'dimension' field"},
        {with("sizes: 2 2 2\n", ""), "no 'sizes' field"},
        {with("type: uchar\n", ""), "no 'type' field"},
        {with("encoding: raw\n", ""), "no 'encoding' field"},
        {with("dimension: 3\nsizes: 2 2 2", "dimension: 2\nsizes: 4 2"),
         ":3: dimension 2: a 2D image, not a volume"},
        {with("dimension: 3\nsizes: 2 2 2", "dimension: 4\nsizes: 3 2 2 2"),
         ":3: dimension 4 with 3 values per voxel (its first axis): only scalar volumes"},
        {with("dimension: 3\nsizes: 2 2 2", "dimension: 4\nsizes: 1 2 2 8"),
         ":3: dimension 4: only 3D volumes are read"},
        {with("dimension: 3\nsizes: 2 2 2", "dimension: 1\nsizes: 8"), ":3: dimension 1: only 3D volumes"},
        {with("dimension: 3", "dimension: 17"), ":3: dimension '17' is not a number from 1 to 16"},
        {with("dimension: 3", "dimension: three"), ":3: dimension 'three' is not a number"},
        {with("sizes: 2 2 2", "sizes: 3 2 2\nkinds: RGB-color domain domain"),
         ":5: axis 0 has kind 'RGB-color': 3 values per voxel; only scalar volumes are read"},
        {with("sizes: 2 2 2", "sizes: 2 2 2\nkinds: domain domain"),
         ":5: kinds has 2 values where 3 axes need 3"},
        {with("sizes: 2 2 2", "sizes: 2 0 2"),
         ":4: sizes: axis 1 has size 0; every axis needs at least 1 sample"},
        {with("sizes: 2 2 2", "sizes: 2 -3 2"), ":4: sizes: axis 1 has size -3"},
        {with("sizes: 2 2 2", "sizes: 2 99999999999999999999 2"),
         ":4: sizes: '99999999999999999999' is not a whole number"},
        {with("sizes: 2 2 2", "sizes: 2 3000000000 2"),
         ":4: sizes: axis 1 has size 3000000000, over the largest of 2147483647"},
        {with("sizes: 2 2 2", "sizes: 2 2"), ":4: sizes has 2 values where 3 axes need 3"},
        {with("sizes: 2 2 2", "sizes: 2 x 2"), ":4: sizes: 'x' is not a whole number"},
        {with("type: uchar", "type: quad"),
         ":2: unknown type 'quad' (int8, uint8, int16, uint16, int32, uint32, float, double"},
        {with("type: uchar", "type: char"), ":2: unknown type 'char'"},
        {with("type: uchar", "type: int64"),
         ":2: type 'int64' is not supported (8- to 32-bit integers, float and double are)"},
        {with("type: uchar", "type: unsigned long long int"),
         ":2: type 'unsigned long long int' is not supported"},
        {with("type: uchar", "type: block"), ":2: type 'block' is not supported"},
        {with("encoding: raw", "encoding: bzip2"), ":5: encoding 'bzip2' is not supported (raw, gzip)"},
        {with("encoding: raw", "encoding: ascii"), ":5: encoding 'ascii' is not supported (raw, gzip)"},
        {with("encoding: raw", "encoding: zip"), ":5: unknown encoding 'zip' (raw, gzip)"},
        {with("type: uchar", "type: short"), ": no 'endian' field, which type int16 needs"},
        {with("type: uchar", "type: short\nendian: middle"), ":3: endian 'middle' is neither little nor big"},
        {with("encoding: raw", "encoding: raw\nSizes: 2 2 2"),
         ":6: field 'Sizes' is given twice (first on line 4)"},
        {with("encoding: raw", "encoding: raw\ndatafile: a\ndata file: b"),
         ":7: field 'data file' is given twice"},
        {with("encoding: raw", "encoding: raw\nhello world"),
         ":6: 'hello world' is neither 'field: value' nor a comment"},
        {with("encoding: raw", "encoding: raw\ncontent: a\0b"sv), ":6: holds a NUL byte"},
        {with("encoding: raw", "encoding: raw\nspacings: 1 0 1"),
         ":6: spacing '0' of axis y is zero, infinite or beyond float's range"},
        {with("encoding: raw", "encoding: raw\nspacings: 1 inf 1"),
         ":6: spacing 'inf' of axis y is zero, infinite"},
        {with("encoding: raw", "encoding: raw\nspacings: 1 1 1e39"),
         ":6: spacing '1e39' of axis z is zero, infinite or beyond float's range"},
        {with("encoding: raw", "encoding: raw\nspacings: 1 1 1e999"), ":6: spacing '1e999' is not a number"},
        {with("encoding: raw", "encoding: raw\nspacings: 1 1"),
         ":6: spacings has 2 values where 3 axes need 3"},
        {with("encoding: raw", "encoding: raw\nspace directions: (1,0,0) (0,1,0)"),
         ":6: space directions '(1,0,0) (0,1,0)' are not 3 vectors"},
        {with("encoding: raw", "encoding: raw\nspace directions: (1,0,0) (0,1,0) (0,0,x)"),
         ":6: space directions '(1,0,0) (0,1,0) (0,0,x)' are not 3 vectors"},
        {with("encoding: raw", "encoding: raw\nspace directions: (1,0,0) (0,0,0) (0,0,1)"),
         ":6: space direction (0, 0, 0) of axis y has no usable length"},
        {with("encoding: raw", "encoding: raw\nspace origin: (1,2"),
         ":6: space origin '(1,2' is not a vector like (0,0,0)"},
        {with("encoding: raw", "encoding: raw\nline skip: -1"),
         ":6: line skip '-1' is not a whole number from 0"},
        {with("encoding: raw", "encoding: raw\nbyte skip: -2"),
         ":6: byte skip '-2' is not a whole number from -1"},
        {with("encoding: raw", "encoding: gzip\nbyte skip: -1"),
         ":6: byte skip -1 (the data end the file) needs raw encoding"},
        {with("encoding: raw", "encoding: raw\ndata file: s%s 1 2 1"),
         ":6: data file format 's%s' holds a conversion other than %d"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d%d 1 2 1"),
         ":6: data file format 's%d%d' holds more than one conversion"},
        {with("encoding: raw", "encoding: raw\ndata file: s%n 1 2 1"),
         ":6: data file format 's%n' holds a conversion other than %d"},
        {with("encoding: raw", "encoding: raw\ndata file: s%99d 1 2 1"),
         ":6: data file format 's%99d': the width is over 32"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 2 0"),
         ":6: data file format 's%d': the step is 0"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 5 1"),
         ":6: data file format 's%d' with 1 to 5 step 1 does not name the 2 files the sizes need"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 2 1 1"),
         "with 2 to 1 step 1 does not name the 2 files"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 2"),
         ":6: data file 's%d 1 2' is not 'format first last step [subdim]'"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 2 1 2 9"),
         "is not 'format first last step [subdim]'"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 2 1 7"),
         ":6: data file: the file dimension '7' is not 1, 2 or 3"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 x 1"),
         ":6: data file: 'x' is not a whole number"},
        {with("encoding: raw", "encoding: raw\ndata file: s%d 1 99999999999 1"),
         "the number 99999999999 is beyond 32 bits"},
        {with("encoding: raw", "encoding: raw\ndata file: LIST\na"),
         ":6: data file LIST names 1 files where the sizes need 2"},
        {with("encoding: raw", "encoding: raw\ndata file: LIST 1\na\nb\nc"),
         "data file LIST names 3 files where the sizes need 4"},
        {"NRRD0004\ntype: uchar\ndimension: 3\nsizes: 1 1 70000\nencoding: raw\ndata file: LIST 1\n",
         ":6: data file: the sizes need 70000 data files, over the limit of 65536"},
        {with("sizes: 2 2 2", "sizes: 1 1 70000\ndata file: s%d 1 70000 1"),
         "the sizes need 70000 data files, over the limit of 65536"},
        {ok, "no 'data file' field, and no blank line ends the header before attached data"},
    };
    for (const auto& [text, expected] : cases)
        expectLoadError(dir.write("bad.nrrd", text), expected);
}

TEST(VolumeFileGuards, BadMetaImageHeaders) {
    TempDir dir;
    const std::string ok = "ObjectType = Image\nNDims = 3\nDimSize = 2 2 2\nElementType = MET_UCHAR\n";
    auto with = [&](std::string_view find, std::string_view replace) {
        std::string text = ok;
        text.replace(text.find(find), find.size(), replace);
        return text + "ElementDataFile = LOCAL\n" + std::string(kData8);
    };
    const std::pair<std::string, const char*> cases[] = {
        {with("NDims = 3\nDimSize = 2 2 2", "NDims = 2\nDimSize = 4 2"),
         ":2: NDims 2: a 2D image, not a volume"},
        {with("NDims = 3\nDimSize = 2 2 2", "NDims = 4\nDimSize = 2 2 2 1"),
         ":2: NDims 4: only 3D volumes are read"},
        {with("NDims = 3", "NDims = x"), ":2: NDims 'x' is not a number from 1 to 10"},
        {with("MET_UCHAR", "MET_UCHAR\nElementNumberOfChannels = 3"),
         ":5: ElementNumberOfChannels 3: 3 values per voxel; only scalar volumes are read"},
        {with("MET_UCHAR", "MET_UCHAR\nElementNumberOfChannels = 0"),
         ":5: ElementNumberOfChannels '0' is not a whole number from 1"},
        {with("MET_UCHAR", "MET_UCHAR_ARRAY"),
         ":4: ElementType 'MET_UCHAR_ARRAY' holds several values per voxel"},
        {with("MET_UCHAR", "MET_LONG_LONG"), ":4: ElementType 'MET_LONG_LONG' is not supported"},
        {with("MET_UCHAR", "MET_FOO"), ":4: unknown ElementType 'MET_FOO' (MET_CHAR, MET_UCHAR"},
        {with("MET_UCHAR", "MET_STRING"), ":4: unknown ElementType 'MET_STRING'"},
        {with("DimSize = 2 2 2", "DimSize = 2 0 2"),
         ":3: DimSize: axis 1 has size 0; every axis needs at least 1 sample"},
        {with("DimSize = 2 2 2", "DimSize = 2 -1 2"), ":3: DimSize: axis 1 has size -1"},
        {with("DimSize = 2 2 2", "DimSize = 99999999999999999999 2 2"),
         ":3: DimSize: '99999999999999999999' is not a whole number"},
        {with("DimSize = 2 2 2", "DimSize = 2 2"), ":3: DimSize has 2 values where 3 axes need 3"},
        {with("ElementType = MET_UCHAR\n", ""), ": no 'ElementType' key"},
        {with("DimSize = 2 2 2\n", ""), ": no 'DimSize' key"},
        {with("NDims = 3\n", ""), ": no 'NDims' key"},
        {ok, ": no 'ElementDataFile' key"},
        {with("ObjectType = Image", "ObjectType = Mesh"), ":1: ObjectType 'Mesh' is not an image"},
        {with("MET_UCHAR", "MET_UCHAR\nBinaryData = False"),
         ":5: BinaryData = False (samples as text) is not supported"},
        {with("MET_UCHAR", "MET_UCHAR\nElementByteOrderMSB = True\nBinaryDataByteOrderMSB = False"),
         ":6: ElementByteOrderMSB and BinaryDataByteOrderMSB disagree (line 5)"},
        {with("MET_UCHAR", "MET_UCHAR\nElementByteOrderMSB = Maybe"),
         ":5: 'Maybe' is neither True nor False"},
        {with("MET_UCHAR", "MET_UCHAR\nCompressedData = Perhaps"), ":5: 'Perhaps' is neither True nor False"},
        {with("MET_UCHAR", "MET_UCHAR\nhello"), ":5: 'hello' is not 'Key = Value'"},
        {with("MET_UCHAR", "MET_UCHAR\nndims = 3"), ":5: key 'ndims' is given twice (first on line 2)"},
        {with("MET_UCHAR", "MET_UCHAR\nComment = a\0b"sv), ":5: holds a NUL byte"},
        {with("MET_UCHAR", "MET_UCHAR\nElementSpacing = 1 0 1"),
         ":5: the spacing of axis y is zero, infinite or beyond float's range"},
        {with("MET_UCHAR", "MET_UCHAR\nElementSpacing = 1 1"), ":5: '1 1' is not 3 numbers"},
        {with("MET_UCHAR", "MET_UCHAR\nElementSpacing = 1 1 nan"), ":5: '1 1 nan' is not 3 numbers"},
        {with("MET_UCHAR", "MET_UCHAR\nOffset = 1 2"), ":5: '1 2' is not 3 numbers"},
        {with("MET_UCHAR", "MET_UCHAR\nTransformMatrix = 1 0 0"), ":5: '1 0 0' is not 9 numbers"},
        {with("MET_UCHAR", "MET_UCHAR\nHeaderSize = -2"),
         ":5: HeaderSize '-2' is not a whole number from -1"},
        {with("MET_UCHAR", "MET_UCHAR\nHeaderSize = 4"), ":5: HeaderSize with LOCAL data is not supported"},
        {with("MET_UCHAR", "MET_UCHAR\nCompressedData = True\nHeaderSize = -1"),
         ":6: HeaderSize -1 (the data end the file) needs uncompressed data"},
    };
    for (const auto& [text, expected] : cases)
        expectLoadError(dir.write("bad.mha", text), expected);
    const std::pair<const char*, const char*> dataFiles[] = {
        {"s%d.raw 1 5 1",
         ":5: data file format 's%d.raw' with 1 to 5 step 1 does not name the 2 files the sizes need"},
        {"s%s.raw", ":5: data file format 's%s.raw' holds a conversion other than %d"},
        {"s%d.raw 1 2 1 9", ":5: ElementDataFile 's%d.raw 1 2 1 9' is not 'format [first [last [step]]]'"},
        {"s%d.raw x", ":5: ElementDataFile: 'x' is not a whole number"},
        {"s%d.raw 9999999999", "the number 9999999999 is beyond 32 bits"},
        {"LIST\na.raw", ":5: ElementDataFile LIST names 1 files where the sizes need 2"},
    };
    for (const auto& [value, expected] : dataFiles)
        expectLoadError(dir.write("bad.mhd", ok + "ElementDataFile = " + value + "\n"), expected);
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] data: truncated, too long, corrupt, bombs
// ---------------------------------------------------------------------------------------------------------

TEST(VolumeFileGuards, TruncatedTooLongAndCorruptData) {
    TempDir dir;
    const std::string nrrd = "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\n";
    const std::string raw = nrrd + "encoding: raw\n";
    const std::string gz = nrrd + "encoding: gzip\n";
    const std::string mha = "NDims = 3\nDimSize = 2 2 2\nElementType = MET_UCHAR\n";
    const std::string packed = zlibCompress(kData8, 9);
    dir.write("a.raw", "ABCD");
    dir.write("b.raw", "EF");
    dir.write("c.raw", "EFGHI");
    dir.write("lines.raw", "one line\nABCDEFGH");
    std::string bomb(64 << 20, '\0'); // 64 MiB of zeros: about 64 KiB compressed
    bomb = gzipCompress(bomb, 9);
    const std::pair<std::string, const char*> cases[] = {
        {raw + "\nABCDEFG",
         "the data after the header is truncated: 7 bytes of data where the header needs 8"},
        {raw + "\n", "the data after the header is truncated: 0 bytes of data where the header needs 8"},
        {raw, "no 'data file' field, and no blank line ends the header"},
        {raw + "\nABCDEFGHI",
         "the data after the header is longer than the header says: 9 bytes of data where "
         "the header needs 8"},
        {raw + "\n" + std::string(kData8) + "\n", "longer than the header says: 9 bytes"},
        {raw + "byte skip: 4\n\nABCDEFGH",
         "the data after the header is truncated: 4 bytes of data where the header needs 8"},
        {raw + "byte skip: -1\n\nABCDEFG", "the data after the header is truncated: 7 bytes of data"},
        {raw + "data file: LIST\na.raw\nb.raw\n",
         "data file 'b.raw' is truncated: 2 bytes of data where the header needs 4"},
        {raw + "data file: LIST\na.raw\nc.raw\n",
         "data file 'c.raw' is longer than the header says: 5 bytes"},
        {raw + "line skip: 5\ndata file: lines.raw\n",
         "data file 'lines.raw' is truncated: it ends within the 5 lines the header skips"},
        {gz + "\n" + gzipCompress("ABCDEFG"), "the data after the header is truncated: its compressed data "
                                              "inflate to 7 bytes where the header needs 8"},
        {gz + "\n" + gzipCompress("ABCDEFGHI"), "the data after the header is longer than the header says: "
                                                "its compressed data inflate past the 8 bytes"},
        {gz + "byte skip: 2\n\n" + gzipCompress("ABCDEFGH"), "inflate to 8 bytes where the header needs 10"},
        {gz + "\n" + gzipCompress(kData8).substr(0, 12),
         "is truncated: its compressed stream ends early, after "},
        {gz + "\n", "is truncated: its compressed stream ends early, after 0 of 8 bytes"},
        {gz + "\nthis is not gzip data",
         "the data after the header has corrupt compressed data (zlib: incorrect header check)"},
        {gz + "\n" + bomb,
         "longer than the header says: its compressed data inflate past the 8 bytes the header needs"},
    };
    for (const auto& [text, expected] : cases)
        expectLoadError(dir.write("d.nrrd", text), expected);
    const std::pair<std::string, const char*> meta[] = {
        {mha + "ElementDataFile = LOCAL\nABCDEFG", "the data after the header is truncated: 7 bytes"},
        {mha + "ElementDataFile = LOCAL", "the data after the header is truncated: 0 bytes"},
        {mha + "ElementDataFile = LOCAL\nABCDEFGHI",
         "the data after the header is longer than the header says"},
        {mha + "CompressedData = True\nElementDataFile = LOCAL\n" + packed.substr(0, packed.size() - 5),
         "the data after the header is truncated: its compressed stream ends early"},
        {mha + "CompressedData = True\nElementDataFile = LOCAL\n" + zlibCompress("ABCDEFGHIJ", 9),
         "longer than the header says: its compressed data inflate past the 8 bytes"},
        {mha + "CompressedData = True\nCompressedDataSize = 5\nElementDataFile = LOCAL\n" +
             zlibCompress("ABC", 9),
         "is truncated: its compressed data inflate to 3 bytes where the header needs 8"},
        {mha + "ElementDataFile = LIST\na.raw\nb.raw\n", "data file 'b.raw' is truncated: 2 bytes"},
    };
    for (const auto& [text, expected] : meta)
        expectLoadError(dir.write("d.mha", text), expected);
}

} // namespace
} // namespace dicer::volume
