// engine/model/ply_writer.h against an independent reader (ply_reader.h): the header byte for byte as PLY 1.0
// spells it, exact values in both bodies, the binary body's bytes, comments without line breaks, non-finite
// points and unwritable paths as errors.
#include "ply_reader.h"
#include "ply_writer.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <vector>

using namespace dicer;
using namespace dicer::model;

namespace {

std::vector<PlyPoint> samplePoints() {
    return {
        {{0.f, 0.f, 0.f}, {0, 0, 0}},
        {{-1.f, 0.5f, 2.25f}, {255, 128, 1}},
        {{0.1f, -0.3f, 1e-7f}, {10, 20, 30}},
        {{3.4028235e38f, -1.1754944e-38f, 123456.79f}, {7, 8, 9}},
        {{std::nextafter(1.f, 2.f), -0.f, 1.f / 3.f}, {200, 100, 50}},
    };
}

const char* kHeaderAfterFormat = "comment made by the test\n"
                                 "element vertex 5\n"
                                 "property float x\n"
                                 "property float y\n"
                                 "property float z\n"
                                 "property uchar red\n"
                                 "property uchar green\n"
                                 "property uchar blue\n"
                                 "end_header\n";

void expectSameValues(const ply_test::Cloud& cloud, const std::vector<PlyPoint>& points) {
    ASSERT_EQ(cloud.error, "");
    ASSERT_EQ(cloud.vertices.size(), points.size());
    for (size_t i = 0; i < points.size(); ++i) {
        const ply_test::Vertex& v = cloud.vertices[i];
        // Bitwise: -0 stays -0, the shortest ASCII text reads back as the same float.
        EXPECT_EQ(std::bit_cast<std::uint32_t>(v.x), std::bit_cast<std::uint32_t>(points[i].position.x)) << i;
        EXPECT_EQ(std::bit_cast<std::uint32_t>(v.y), std::bit_cast<std::uint32_t>(points[i].position.y)) << i;
        EXPECT_EQ(std::bit_cast<std::uint32_t>(v.z), std::bit_cast<std::uint32_t>(points[i].position.z)) << i;
        EXPECT_EQ(v.r, points[i].color.r) << i;
        EXPECT_EQ(v.g, points[i].color.g) << i;
        EXPECT_EQ(v.b, points[i].color.b) << i;
    }
}

} // namespace

TEST(PlyWriter, BinaryHeaderIsExactlyPly10) {
    Result<std::string> bytes = encodePly(samplePoints(), PlyFormat::BinaryLittleEndian, "made by the test");
    ASSERT_TRUE(bytes) << bytes.error();
    const std::string header = std::string("ply\nformat binary_little_endian 1.0\n") + kHeaderAfterFormat;
    ASSERT_GE(bytes->size(), header.size());
    EXPECT_EQ(bytes->substr(0, header.size()), header);
    EXPECT_EQ(bytes->size(), header.size() + 5 * 15); // packed: 3 floats + 3 uchars per vertex
}

TEST(PlyWriter, BinaryBodyIsLittleEndianAndPacked) {
    std::vector<PlyPoint> one = {{{1.f, -2.f, 0.5f}, {1, 2, 3}}};
    Result<std::string> bytes = encodePly(one, PlyFormat::BinaryLittleEndian);
    ASSERT_TRUE(bytes);
    const std::string body = bytes->substr(bytes->find("end_header\n") + 11);
    // 1.0f = 0x3f800000, -2.0f = 0xc0000000, 0.5f = 0x3f000000, least significant byte first.
    const std::string expected("\x00\x00\x80\x3f\x00\x00\x00\xc0\x00\x00\x00\x3f\x01\x02\x03", 15);
    EXPECT_EQ(body, expected);
}

TEST(PlyWriter, AsciiHeaderAndExactValues) {
    const std::vector<PlyPoint> points = samplePoints();
    Result<std::string> bytes = encodePly(points, PlyFormat::Ascii, "made by the test");
    ASSERT_TRUE(bytes);
    const std::string header = std::string("ply\nformat ascii 1.0\n") + kHeaderAfterFormat;
    EXPECT_EQ(bytes->substr(0, header.size()), header);
    EXPECT_EQ(bytes->find('\r'), std::string::npos); // LF only
    EXPECT_EQ(bytes->substr(header.size(), 12), "0 0 0 0 0 0\n");
    const ply_test::Cloud cloud = ply_test::parse(*bytes);
    EXPECT_EQ(cloud.format, "ascii");
    expectSameValues(cloud, points);
}

TEST(PlyWriter, BinaryReadsBackExactly) {
    const std::vector<PlyPoint> points = samplePoints();
    Result<std::string> bytes = encodePly(points, PlyFormat::BinaryLittleEndian, "x");
    ASSERT_TRUE(bytes);
    const ply_test::Cloud cloud = ply_test::parse(*bytes);
    EXPECT_EQ(cloud.format, "binary_little_endian");
    ASSERT_EQ(cloud.comments.size(), 1u);
    EXPECT_EQ(cloud.comments[0], "x");
    expectSameValues(cloud, points);
}

TEST(PlyWriter, EmptyCloudAndNoComment) {
    Result<std::string> bytes = encodePly({}, PlyFormat::Ascii);
    ASSERT_TRUE(bytes);
    EXPECT_EQ(*bytes, "ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nproperty float y\n"
                      "property float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
                      "end_header\n");
    const ply_test::Cloud cloud = ply_test::parse(*bytes);
    EXPECT_EQ(cloud.error, "");
    EXPECT_TRUE(cloud.vertices.empty());
}

TEST(PlyWriter, CommentStaysOneLine) {
    Result<std::string> bytes = encodePly({}, PlyFormat::BinaryLittleEndian, "model a\nb\r\tc.obj");
    ASSERT_TRUE(bytes);
    const ply_test::Cloud cloud = ply_test::parse(*bytes);
    ASSERT_EQ(cloud.error, "");
    ASSERT_EQ(cloud.comments.size(), 1u);
    EXPECT_EQ(cloud.comments[0], "model a b  c.obj");
}

TEST(PlyWriter, NonFinitePointIsAnError) {
    std::vector<PlyPoint> points = samplePoints();
    points[3].position.y = std::numeric_limits<float>::quiet_NaN();
    Result<std::string> bytes = encodePly(points, PlyFormat::Ascii);
    ASSERT_FALSE(bytes);
    EXPECT_NE(bytes.error().find("point 3"), std::string::npos) << bytes.error();
    points[3].position.y = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(encodePly(points, PlyFormat::BinaryLittleEndian));
}

TEST(PlyWriter, WritesAFileAndReportsUnwritablePaths) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dicer_ply_writer_test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "cloud.ply";
    ASSERT_TRUE(writePly(file, samplePoints(), PlyFormat::BinaryLittleEndian));
    expectSameValues(ply_test::parseFile(file.string()), samplePoints());
    std::filesystem::remove_all(dir);

    Result<void> missing = writePly("/nonexistent/dicer/cloud.ply", samplePoints(), PlyFormat::Ascii);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("/nonexistent/dicer/cloud.ply"), std::string::npos) << missing.error();
    Result<void> full = writePly("/dev/full", samplePoints(), PlyFormat::BinaryLittleEndian);
    ASSERT_FALSE(full);
    EXPECT_NE(full.error().find("No space left on device"), std::string::npos) << full.error();
}

TEST(PlyReader, RejectsWhatTheSpecDoesNotAllow) {
    // The reader must be able to fail, or the tests above prove nothing.
    const std::string good = encodePly(samplePoints(), PlyFormat::Ascii).value();
    EXPECT_EQ(ply_test::parse(good).error, "");
    auto replaced = [&good](const std::string& from, const std::string& to) {
        std::string s = good;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    EXPECT_NE(ply_test::parse(replaced("ply\n", "ply\r\n")).error, "");
    EXPECT_NE(ply_test::parse(replaced("format ascii 1.0", "format ascii 1.1")).error, "");
    EXPECT_NE(ply_test::parse(replaced("element vertex 5", "element vertex 6")).error, "");
    EXPECT_NE(ply_test::parse(replaced("property uchar red", "property float red")).error, "");
    EXPECT_NE(ply_test::parse(replaced("end_header\n", "")).error, "");
    EXPECT_NE(ply_test::parse(good + "1 2 3 4 5 6\n").error, "");
    const std::string binary = encodePly(samplePoints(), PlyFormat::BinaryLittleEndian).value();
    EXPECT_NE(ply_test::parse(binary.substr(0, binary.size() - 1)).error, "");
}
