// Volume files (engine/volume/volume_file.h), MetaImage: every format feature on small generated files (5x4x3),
// value for value in every type and both byte orders: a data file, LOCAL data, compression, lists and series,
// HeaderSize, spacing and orientation, unknown keys. The committed scans and NRRD are in volume_file_test.cpp,
// the guards in volume_file_guards_test.cpp (the same executable).
#include "scalar_volume.h"
#include "test_files.h"
#include "volume_file.h"
#include "volume_header.h"
#include "volume_test_util.h"
#include "zlib_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace dicer::volume {
namespace {

using namespace dicer::test;

TEST(VolumeFileMetaImage, EveryTypeInBothByteOrdersDetachedLocalAndCompressed) {
    TempDir dir;
    forEveryTypeAndByteOrder([&](FileType type, bool big, const std::string& name) {
        const std::string raw = sampleBytes(type, big);
        dir.write(name + ".raw", raw);
        expectGeneratedVolume(
            loadVolumeFile(
                dir.write(name + ".mhd", metaHead(type, big) + "ElementDataFile = " + name + ".raw\n")),
            type, name + " .mhd");
        expectGeneratedVolume(
            loadVolumeFile(dir.write(name + ".mha", metaHead(type, big) + "ElementDataFile = LOCAL\n" + raw)),
            type, name + " .mha LOCAL");
        const std::string packed = zlibCompress(raw, 6);
        expectGeneratedVolume(
            loadVolumeFile(dir.write(
                name + "_z.mha", metaHead(type, big) + "CompressedData = True\n" + "CompressedDataSize = " +
                                     std::to_string(packed.size()) + "\nElementDataFile = LOCAL\n" + packed)),
            type, name + " .mha compressed");
        // BinaryDataByteOrderMSB says the same as ElementByteOrderMSB.
        std::string head = metaHead(type, big);
        head.replace(head.find("ElementByteOrderMSB"), 19, "BinaryDataByteOrderMSB");
        expectGeneratedVolume(
            loadVolumeFile(dir.write(name + "_b.mhd", head + "ElementDataFile = " + name + ".raw\n")), type,
            name + " BinaryDataByteOrderMSB");
    });
}

TEST(VolumeFileMetaImage, CompressedDataSizeIsOnlyAHint) {
    TempDir dir;
    const FileType type = FileType::Int32;
    const std::string raw = sampleBytes(type, false);
    const std::string packed = zlibCompress(raw, 9);
    dir.write("v.zraw", packed);
    const std::string sizes[] = {std::to_string(packed.size()),
                                 std::to_string(packed.size() - 3),
                                 std::to_string(packed.size() + 5),
                                 "0",
                                 "1",
                                 "999999999999",
                                 "garbage"};
    for (const std::string& hint : sizes) {
        const std::string keys =
            metaHead(type, false) + "CompressedData = True\nCompressedDataSize = " + hint + "\n";
        expectGeneratedVolume(loadVolumeFile(dir.write("l.mha", keys + "ElementDataFile = LOCAL\n" + packed)),
                              type, "LOCAL, hint " + hint);
        expectGeneratedVolume(loadVolumeFile(dir.write("d.mhd", keys + "ElementDataFile = v.zraw\n")), type,
                              "data file, hint " + hint);
    }
    // No hint at all, and a gzip stream instead of zlib's.
    dir.write("v.gz", gzipCompress(raw));
    expectGeneratedVolume(
        loadVolumeFile(
            dir.write("g.mhd", metaHead(type, false) + "CompressedData = True\nElementDataFile = v.gz\n")),
        type, "gzip, no hint");
}

TEST(VolumeFileMetaImage, ListsSeriesAndHeaderSize) {
    TempDir dir;
    const FileType type = FileType::Uint16;
    for (int k = 0; k < 3; ++k) {
        dir.write("slice" + std::to_string(k + 1) + ".raw", sampleBytes(type, false, k * 20, 20));
        dir.write("zslice" + std::to_string(k) + ".z", zlibCompress(sampleBytes(type, false, k * 20, 20), 1));
    }
    dir.write("headed.raw", std::string(100, 'h') + sampleBytes(type, false));
    dir.write("tail.raw", std::string(33, 't') + sampleBytes(type, false));
    const std::pair<const char*, const char*> cases[] = {
        {"LIST", "ElementDataFile = LIST\nslice1.raw\nslice2.raw\nslice3.raw\n"},
        {"LIST 2D", "ElementDataFile = LIST 2D\n  slice1.raw  \n\nslice2.raw\r\nslice3.raw"},
        {"LIST, compressed",
         "CompressedData = True\nElementDataFile = LIST\nzslice0.z\nzslice1.z\nzslice2.z\n"},
        {"series", "ElementDataFile = slice%d.raw 1 3 1\n"},
        {"series, MetaIO's defaults", "ElementDataFile = slice%d.raw\n"},
        {"series, first only", "ElementDataFile = slice%d.raw 1\n"},
        {"HeaderSize", "HeaderSize = 100\nElementDataFile = headed.raw\n"},
        {"HeaderSize -1", "HeaderSize = -1\nElementDataFile = tail.raw\n"},
    };
    for (const auto& [what, keys] : cases)
        expectGeneratedVolume(loadVolumeFile(dir.write("v.mhd", metaHead(type, false) + keys)), type, what);
}

TEST(VolumeFileMetaImage, SpacingOffsetAndTransformMatrix) {
    const SpacingCase cases[] = {
        {"", glm::vec3(1.f), ""},
        {"ElementSpacing = 0.5 1 2.5\nElementSize = 9 9 9\n", {0.5f, 1.f, 2.5f}, ""},
        {"ElementSize = 2 3 4\n", {2.f, 3.f, 4.f}, ""},
        {"Offset = 0 0 0\nTransformMatrix = 1 0 0 0 1 0 0 0 1\nCenterOfRotation = 0 0 0\n", glm::vec3(1.f),
         ""},
        {"Offset = -120 -96 0\nTransformMatrix = 0 1 0 -1 0 0 0 0 1\nElementSpacing = 4 4 4\n",
         glm::vec3(4.f),
         "orientation ignored (offset -120 -96 0): the volume is shown in its index axes turned upright (up +z, "
         "front -x), scaled by its spacing 4 x 4 x 4"},
        {"Position = 1 2 3\n", glm::vec3(1.f),
         "orientation ignored (offset 1 2 3): the volume is shown in its index frame, scaled by its spacing "
         "1 x 1 "
         "x 1"},
    };
    expectSpacingCases(
        cases, FileType::Uint8, "o.mha", [](const std::string& keys, const std::string& samples) {
            return metaHead(FileType::Uint8, false) + keys + "ElementDataFile = LOCAL\n" + samples;
        });
}

TEST(VolumeFileMetaImage, UnknownKeysAreIgnoredAndKeysMatchInAnyCase) {
    expectPlainVolume("u.mha", FileType::Int16,
                      "objecttype = image\nComment = made = by a test\nModality = MET_MOD_CT\n"
                      "AnatomicalOrientation = RAI\nFooBar = 12\nndims = 3\nDIMSIZE = 5 4 3\n"
                      "ElementNumberOfChannels = 1\nBinaryData = True\nElementType = met_short\n"
                      "BinaryDataByteOrderMSB = false\nCompressedData = False\nElementDataFile = Local\n");
}

} // namespace
} // namespace dicer::volume
