// Helpers of the volume file tests (volume_file_test.cpp, volume_file_metaimage_test.cpp,
// volume_file_guards_test.cpp): the samples of a generated 5x4x3 volume (neither cubic nor a power of two) in every
// file type and either byte order, what the loaded volume must hold for them, the first lines of NRRD and
// MetaImage headers for it, and the checks the two formats' tests share.
#pragma once

#include "sample_types.h"
#include "scalar_volume.h"
#include "test_files.h"
#include "volume_file.h"
#include "volume_header.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <variant>

namespace dicer::test {

using volume::FileType;
using volume::ScalarVolume;
using volume::storedType;

constexpr FileType kAllTypes[] = {FileType::Int8,  FileType::Uint8,  FileType::Int16,   FileType::Uint16,
                                  FileType::Int32, FileType::Uint32, FileType::Float32, FileType::Float64};
constexpr int kCount = 5 * 4 * 3; // the generated volumes: 5x4x3
inline const double kNaN = std::numeric_limits<double>::quiet_NaN();
inline const double kInf = std::numeric_limits<double>::infinity();

// Calls f(type, bigEndian, name) for every file type in both byte orders; the name says which ("int16_be").
template <class F> void forEveryTypeAndByteOrder(F&& f) {
    for (FileType type : kAllTypes)
        for (bool big : {false, true})
            f(type, big, std::string(volume::fileTypeName(type)) + (big ? "_be" : "_le"));
}

// Sample i of a generated volume: negative values and both ends of each integer type; for the float types
// NaN and infinity, and for float64 values float32 cannot hold exactly and one beyond its range.
inline double sampleValue(FileType type, int i) {
    const std::uint32_t mix = std::uint32_t(i) * 2654435761u;
    switch (type) {
    case FileType::Int8:
        return double((i * 37) % 256 - 128);
    case FileType::Uint8:
        return double((i * 37) % 256);
    case FileType::Int16:
        return double((i * 7919) % 65536 - 32768);
    case FileType::Uint16:
        return double((i * 7919) % 65536);
    case FileType::Int32:
        return double(std::int32_t(mix));
    case FileType::Uint32:
        return double(mix);
    case FileType::Float32:
        return i == 3 ? kNaN : i == 4 ? -kInf : (i - 10) * 0.375;
    case FileType::Float64:
        return i == 3 ? kNaN : i == 5 ? 1e300 : i == 6 ? -1e-300 : (i - 10) * 0.1 + 1e-3;
    }
    return 0;
}

// What the volume holds for a sample: the value, float64 rounded to the nearest float32 (infinite beyond).
inline double storedValue(FileType type, double v) {
    if (type != FileType::Float64 || std::isnan(v)) return v;
    if (std::fabs(v) > double(FLT_MAX)) return v > 0 ? kInf : -kInf;
    return double(float(v));
}

// Sample v as the file holds it: the type's bytes in the given byte order.
inline std::string encode(FileType type, double v, bool bigEndian) {
    return std::visit(
        [&](auto zero) {
            using T = decltype(zero);
            const T typed = T(v);
            std::string bytes(sizeof(T), '\0');
            std::memcpy(bytes.data(), &typed, sizeof(T));
            if (bigEndian != (std::endian::native == std::endian::big))
                std::reverse(bytes.begin(), bytes.end());
            return bytes;
        },
        sampleZero(type));
}

// Samples [first, first + count) of the generated volume as the file holds them.
inline std::string sampleBytes(FileType type, bool bigEndian, int first = 0, int count = kCount) {
    std::string out;
    for (int i = first; i < first + count; ++i)
        out += encode(type, sampleValue(type, i), bigEndian);
    return out;
}

inline void expectGeneratedVolume(const Result<ScalarVolume>& v, FileType type, const std::string& context) {
    ASSERT_TRUE(v.ok()) << context << ": " << v.error();
    EXPECT_EQ(v->size, glm::ivec3(5, 4, 3)) << context;
    EXPECT_EQ(v->type, storedType(type)) << context;
    ASSERT_EQ(v->voxelCount(), kCount) << context;
    int wrong = 0;
    for (int i = 0; i < kCount; ++i) {
        const double want = storedValue(type, sampleValue(type, i)), got = v->value(i);
        const bool same = std::isnan(want) ? std::isnan(got) : got == want;
        if (!same && ++wrong <= 3)
            ADD_FAILURE() << context << ": sample " << i << " is " << got << ", not " << want;
    }
    EXPECT_EQ(wrong, 0) << context;
}

// A header's spacing and orientation fields, and what the loaded volume must hold for them.
struct SpacingCase {
    const char* fields;
    glm::vec3 spacing;
    const char* note; // the one note about them, "" for none
};

// Each case's fields in a file of the generated volume of `type` (its text from `file(fields, samples)`): the
// volume loads with the case's spacing and exactly its note.
template <class MakeFile>
void expectSpacingCases(std::span<const SpacingCase> cases, FileType type, const std::string& fileName,
                        MakeFile&& file) {
    TempDir dir;
    const std::string samples = sampleBytes(type, false);
    for (const SpacingCase& c : cases) {
        const Result<ScalarVolume> v = volume::loadVolumeFile(dir.write(fileName, file(c.fields, samples)));
        expectGeneratedVolume(v, type, c.fields);
        if (!v) continue;
        EXPECT_EQ(v->spacing, c.spacing) << c.fields;
        if (*c.note == 0) {
            EXPECT_TRUE(v->notes.empty()) << c.fields << v->notes.front();
        } else {
            ASSERT_EQ(v->notes.size(), 1u) << c.fields;
            EXPECT_EQ(v->notes[0], c.note);
        }
    }
}

// `header`, then the generated samples of `type`, as `fileName`: loads as the generated volume and without a
// note (what the reader does not use, it passes over silently).
inline void expectPlainVolume(const std::string& fileName, FileType type, const std::string& header) {
    TempDir dir;
    const Result<ScalarVolume> v =
        volume::loadVolumeFile(dir.write(fileName, header + sampleBytes(type, false)));
    expectGeneratedVolume(v, type, fileName);
    EXPECT_TRUE(v.ok() && v->notes.empty()) << fileName;
}

inline std::string nrrdTypeName(FileType type) {
    // One spelling each here; VolumeFileNrrd.TypeSpellings tries the others.
    static constexpr const char* kNames[] = {"signed char", "uchar", "short", "unsigned short",
                                             "int",         "uint",  "float", "double"};
    return kNames[int(type)];
}

inline std::string metaTypeName(FileType type) {
    static constexpr const char* kNames[] = {"MET_CHAR", "MET_UCHAR", "MET_SHORT", "MET_USHORT",
                                             "MET_INT",  "MET_UINT",  "MET_FLOAT", "MET_DOUBLE"};
    return kNames[int(type)];
}

// The first lines of a NRRD header for the 5x4x3 volume.
inline std::string nrrdHead(FileType type, bool bigEndian, const std::string& encoding = "raw") {
    return "NRRD0004\n# made by volume_file_test\ntype: " + nrrdTypeName(type) +
           "\ndimension: 3\nsizes: 5 4 3\nendian: " + (bigEndian ? "big" : "little") +
           "\nencoding: " + encoding + "\n";
}

inline std::string metaHead(FileType type, bool bigEndian) {
    return "ObjectType = Image\nNDims = 3\nDimSize = 5 4 3\nElementType = " + metaTypeName(type) +
           "\nElementByteOrderMSB = " + (bigEndian ? "True" : "False") + "\n";
}

} // namespace dicer::test
