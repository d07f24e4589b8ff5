// CPU-only tests of the PNG/JPEG texture loader: decoding and V-flip, and refusal of everything else
// (wrong formats, oversize or malformed headers, non-regular files, size caps) before stb_image decodes.
#include "image_loader.h"
#include "test_files.h"
#include "test_util.h"

#include <stb_image_write.h>

#include <gtest/gtest.h>

using namespace dicer;
using dicer::test::containsText;
using dicer::test::TempDir;

namespace {

void appendBytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
}

// Encodes with stb_image_write (tests only): `rows` top to bottom as a file stores them.
std::string encodePng(int width, int height, int channels, const std::vector<std::uint8_t>& rows) {
    std::string out;
    stbi_write_png_to_func(appendBytes, &out, width, height, channels, rows.data(), width * channels);
    return out;
}

} // namespace

TEST(ImageLoader, DecodesPngToRgba8BottomRowFirst) {
    TempDir dir;
    // 2x3 RGB, top row red, middle green, bottom blue (file order: top first).
    const std::vector<std::uint8_t> rows = {255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255};
    const auto file = dir.write("rgb.png", encodePng(2, 3, 3, rows));
    Result<Image> image = loadImageRgba8(file);
    ASSERT_TRUE(image) << image.error();
    EXPECT_EQ(image->width, 2);
    EXPECT_EQ(image->height, 3);
    ASSERT_EQ(image->rgba.size(), 2u * 3 * 4);
    const std::vector<std::uint8_t> bottomRow = {0, 0, 255, 255, 0, 0, 255, 255};
    const std::vector<std::uint8_t> topRow = {255, 0, 0, 255, 255, 0, 0, 255};
    EXPECT_EQ(std::vector<std::uint8_t>(image->rgba.begin(), image->rgba.begin() + 8), bottomRow);
    EXPECT_EQ(std::vector<std::uint8_t>(image->rgba.end() - 8, image->rgba.end()), topRow);
}

TEST(ImageLoader, DecodesJpeg) {
    TempDir dir;
    std::vector<std::uint8_t> grey(16 * 16 * 3, 128);
    std::string jpeg;
    ASSERT_TRUE(stbi_write_jpg_to_func(appendBytes, &jpeg, 16, 16, 3, grey.data(), 90));
    Result<Image> image = loadImageRgba8(dir.write("grey.jpg", jpeg));
    ASSERT_TRUE(image) << image.error();
    EXPECT_EQ(image->width, 16);
    EXPECT_EQ(image->height, 16);
    EXPECT_NEAR(image->rgba[0], 128, 3); // lossy: a few levels
    EXPECT_EQ(image->rgba[3], 255);
}

TEST(ImageLoader, RejectsOversizeHeaderBeforeDecoding) {
    TempDir dir;
    const auto file = dir.write("huge.png", dicer::test::pngHeaderOnly(100000, 100000));
    Result<Image> image = loadImageRgba8(file);
    ASSERT_FALSE(image);
    EXPECT_TRUE(containsText(image.error(), "huge.png"));
    EXPECT_TRUE(containsText(image.error(), "100000x100000"));
    EXPECT_TRUE(containsText(image.error(), "8192x8192"));
    // Just over a custom cap, one side only.
    ImageLimits small;
    small.maxWidth = 64;
    small.maxHeight = 64;
    Result<Image> wide = loadImageRgba8(dir.write("wide.png", dicer::test::pngHeaderOnly(65, 1)), small);
    ASSERT_FALSE(wide);
    EXPECT_TRUE(containsText(wide.error(), "65x1"));
}

TEST(ImageLoader, RejectsMalformedHeaders) {
    TempDir dir;
    const struct {
        const char* name;
        std::string bytes;
        const char* expected;
    } cases[] = {
        {"zero.png", dicer::test::pngHeaderOnly(0, 16), "0x16"},
        {"noihdr.png", std::string("\x89PNG\r\n\x1a\n", 8) + std::string(32, 'A'), "malformed header"},
        {"truncated.png", std::string("\x89PNG\r\n\x1a\n", 8), "malformed header"},
        {"headeronly.png", dicer::test::pngHeaderOnly(4, 4), "cannot be decoded"}, // no IDAT
        {"nosof.jpg", std::string("\xff\xd8\xff\xd9", 4), "malformed header"},
        {"badlen.jpg", std::string("\xff\xd8\xff\xe0\x00\x01", 6), "malformed header"},
        {"zerosize.jpg", std::string("\xff\xd8\xff\xc0\x00\x0b\x08\x00\x00\x00\x00\x01\x01\x11\x00", 15),
         "0x0"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Result<Image> image = loadImageRgba8(dir.write(c.name, c.bytes));
        ASSERT_FALSE(image);
        EXPECT_TRUE(containsText(image.error(), c.name));
        EXPECT_TRUE(containsText(image.error(), c.expected));
    }
}

TEST(ImageLoader, AcceptsOnlyPngAndJpeg) {
    TempDir dir;
    const struct {
        const char* name;
        std::string bytes;
    } cases[] = {
        {"image.gif", "GIF89a\x01\x00\x01\x00\x00\x00\x00;"},
        {"image.bmp", std::string("BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00", 14)},
        {"image.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X 1\n"},
        {"image.ppm", "P6\n1 1\n255\n\xff\x00\x00"},
        {"text.png", "this is not an image"}, // the extension does not matter, the bytes do
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Result<Image> image = loadImageRgba8(dir.write(c.name, c.bytes));
        ASSERT_FALSE(image);
        EXPECT_TRUE(containsText(image.error(), c.name));
        EXPECT_TRUE(containsText(image.error(), "neither PNG nor JPEG"));
    }
}

TEST(ImageLoader, ReadsOnlyRegularFilesWithinTheSizeCap) {
    TempDir dir;
    Result<Image> missing = loadImageRgba8(dir.path() / "missing.png");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(containsText(missing.error(), "missing.png"));
    Result<Image> directory = loadImageRgba8(dir.path());
    ASSERT_FALSE(directory);
    EXPECT_TRUE(containsText(directory.error(), "directory"));
    Result<Image> device = loadImageRgba8("/dev/zero");
    ASSERT_FALSE(device);
    EXPECT_TRUE(containsText(device.error(), "/dev/zero"));
    EXPECT_TRUE(containsText(device.error(), "not a regular file"));
    Result<Image> empty = loadImageRgba8(dir.write("empty.png", ""));
    ASSERT_FALSE(empty);
    EXPECT_TRUE(containsText(empty.error(), "empty.png"));

    ImageLimits tiny;
    tiny.maxFileBytes = 16;
    Result<Image> big = loadImageRgba8(dir.write("big.png", dicer::test::pngHeaderOnly(4, 4)), tiny);
    ASSERT_FALSE(big);
    EXPECT_TRUE(containsText(big.error(), "too large"));
}

TEST(ImageLoader, MemoryEntryNamesTheSource) {
    Result<Image> image = decodeImageRgba8("garbage", "fuzz-input");
    ASSERT_FALSE(image);
    EXPECT_TRUE(containsText(image.error(), "fuzz-input"));
}
