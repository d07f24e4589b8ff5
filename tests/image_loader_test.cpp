// CPU-only tests of the PNG/JPEG texture loader: decoding and V-flip, and refusal of everything else
// (wrong formats, oversize or malformed headers, non-regular files, size caps) before stb_image decodes.
#include "image_loader.h"
#include "test_files.h"
#include "test_models.h"
#include "test_util.h"
#include "zlib_test_util.h"

#include <stb_image_write.h>

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <span>

using namespace dicer;
using namespace dicer::model;
using dicer::test::containsText;
using dicer::test::pngChunk;
using dicer::test::TempDir;
using dicer::test::zlibCompress;

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

// A PNG from IHDR fields and the raw (filtered, uncompressed) image data; `extra` goes before IDAT (PLTE).
std::string pngFile(std::uint32_t width, std::uint32_t height, int bitDepth, int colorType, int interlace,
                    const std::string& idat, const std::string& extra = {}) {
    std::string ihdr;
    dicer::test::appendBe32(ihdr, width);
    dicer::test::appendBe32(ihdr, height);
    ihdr += {char(bitDepth), char(colorType), 0, 0, char(interlace)};
    return std::string("\x89PNG\r\n\x1a\n", 8) + pngChunk("IHDR", ihdr) + extra + pngChunk("IDAT", idat) +
           pngChunk("IEND", "");
}

// Sample c of pixel (x, y) at a bit depth: a pattern that uses every value of small depths.
unsigned sampleOf(int x, int y, int c, int bitDepth) {
    const unsigned max = (1u << bitDepth) - 1;
    return unsigned(x * 7 + y * 13 + c * 5 + (x ^ y)) % (max + 1);
}

// The raw data of a PNG (filter type 0 on every row), Adam7 passes when interlaced.
std::string rawImageData(int width, int height, int channels, int bitDepth, bool interlaced) {
    constexpr int kPass[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                 {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    const int whole[1][4] = {{0, 0, 1, 1}};
    std::string raw;
    for (const auto& p : interlaced ? std::span<const int[4]>(kPass) : std::span<const int[4]>(whole)) {
        for (int y = p[1]; y < height; y += p[3]) {
            if (p[0] >= width) break; // an empty pass has no rows
            raw.push_back(0);
            unsigned acc = 0;
            int bits = 0;
            for (int x = p[0]; x < width; x += p[2])
                for (int c = 0; c < channels; ++c) {
                    const unsigned v = sampleOf(x, y, c, bitDepth);
                    if (bitDepth == 16) {
                        raw.push_back(char(v >> 8));
                        raw.push_back(char(v & 0xff));
                        continue;
                    }
                    acc = (acc << bitDepth) | v;
                    bits += bitDepth;
                    if (bits == 8) {
                        raw.push_back(char(acc));
                        acc = 0;
                        bits = 0;
                    }
                }
            if (bits > 0) raw.push_back(char(acc << (8 - bits)));
        }
    }
    return raw;
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
        {"headeronly.png", dicer::test::pngHeaderOnly(4, 4), "no IEND chunk"}, // no IDAT either
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

// --- PNG streams are checked before stb_image sees them ----------------------------------------------------

// A 98-byte PNG (33x5, 1 bit) whose second IDAT chunk claims 1.9 GB once made stb_image allocate
// 2 GiB for it (its first IDAT is not valid zlib either). Kept in tests/data and the fuzzer's seed corpus.
TEST(ImageLoaderPngStream, IdatLengthBombIsRefusedWithOneClearMessage) {
    std::ifstream in(DICER_TEST_DATA_DIR "/png_bomb_idat_length.png", std::ios::binary);
    ASSERT_TRUE(in) << "tests/data/png_bomb_idat_length.png is missing";
    const std::string bomb{std::istreambuf_iterator<char>(in), {}};
    ASSERT_EQ(bomb.size(), 98u);
    Result<Image> image = decodeImageRgba8(bomb, "bomb.png");
    ASSERT_FALSE(image);
    EXPECT_TRUE(containsText(image.error(), "PNG image 'bomb.png' is truncated or corrupt: chunk 'IDAT'"))
        << image.error();
    EXPECT_TRUE(containsText(image.error(), "past the end of the 98-byte file")) << image.error();
}

// A real deflate bomb: 8x8 greyscale (IHDR allows 8 * (1 + 8) = 72 bytes), IDAT inflating to 64 MiB.
TEST(ImageLoaderPngStream, DeflateBombIsRefusedBeforeDecoding) {
    const std::string png = pngFile(8, 8, 8, 0, 0, zlibCompress(std::string(64u << 20, '\0'), 9));
    ASSERT_LT(png.size(), 100000u);
    Result<Image> image = decodeImageRgba8(png, "deflate-bomb.png");
    ASSERT_FALSE(image);
    EXPECT_TRUE(containsText(image.error(), "decompresses past the 72 bytes its IHDR (8x8")) << image.error();
    // Interlaced: the seven Adam7 passes of 8x8 need 2 + 2 + 3 + 6 + 10 + 20 + 36 bytes (rows of 1 filter
    // byte and 1, 1, 2, 2, 4, 4, 8 samples).
    const std::string interlaced = pngFile(8, 8, 8, 0, 1, zlibCompress(std::string(1u << 20, '\0'), 9));
    image = decodeImageRgba8(interlaced, "interlaced-bomb.png");
    ASSERT_FALSE(image);
    EXPECT_TRUE(containsText(image.error(), "decompresses past the 79 bytes")) << image.error();
}

TEST(ImageLoaderPngStream, MalformedStreamsAreClearErrors) {
    const std::string good = zlibCompress(rawImageData(4, 4, 1, 8, false), 9);
    const std::string file = pngFile(4, 4, 8, 0, 0, good);
    const struct {
        const char* name;
        std::string bytes;
        const char* expected;
    } cases[] = {
        {"corrupt.png", pngFile(4, 4, 8, 0, 0, "not zlib at all"), "corrupt compressed image data (zlib:"},
        {"cut.png", pngFile(4, 4, 8, 0, 0, good.substr(0, good.size() - 6)),
         "truncated compressed image data"},
        {"short.png", pngFile(4, 5, 8, 0, 0, good), "holds 20 bytes of image data, its IHDR (4x5) needs 25"},
        {"noiend.png", file.substr(0, file.size() - 12), "no IEND chunk"},
        {"noidat.png", pngFile(4, 4, 8, 0, 0, good).erase(33, 12 + good.size()), "no IDAT chunk"},
        {"depth.png", pngFile(4, 4, 3, 0, 0, good), "invalid IHDR (bit depth 3, colour type 0"},
        {"rgb4.png", pngFile(4, 4, 4, 2, 0, good), "invalid IHDR (bit depth 4, colour type 2"},
        {"interlace2.png", pngFile(4, 4, 8, 0, 2, good), "interlace 2"},
        {"cutchunk.png", file.substr(0, 50), "past the end of the 50-byte file"},
        {"cutheader.png", file.substr(0, 40), "a chunk header at byte 33 is cut off"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Result<Image> image = decodeImageRgba8(c.bytes, c.name);
        ASSERT_FALSE(image);
        EXPECT_TRUE(containsText(image.error(), std::string("PNG image '") + c.name + "'")) << image.error();
        EXPECT_TRUE(containsText(image.error(), c.expected)) << image.error();
    }
    Result<Image> ok = decodeImageRgba8(file, "good.png");
    EXPECT_TRUE(ok) << ok.error();
}

// Every colour type and bit depth PNG allows, plain and Adam7-interlaced, odd sizes: all still decode, to
// stb_image's 8-bit expansion (low depths scaled to 0..255, 16 bits keep the high byte, palette looked up).
TEST(ImageLoaderPngStream, EveryColorTypeAndBitDepthStillDecodes) {
    const struct {
        int colorType, channels;
        std::vector<int> depths;
    } types[] = {
        {0, 1, {1, 2, 4, 8, 16}}, {2, 3, {8, 16}}, {3, 1, {1, 2, 4, 8}}, {4, 2, {8, 16}}, {6, 4, {8, 16}}};
    const int width = 13, height = 7;
    for (const auto& t : types)
        for (int depth : t.depths)
            for (int interlace : {0, 1}) {
                SCOPED_TRACE("colour type " + std::to_string(t.colorType) + ", depth " +
                             std::to_string(depth) + ", interlace " + std::to_string(interlace));
                std::string plte;
                if (t.colorType == 3) {
                    std::string entries;
                    for (int i = 0; i < (1 << depth); ++i)
                        entries += {char(i), char(255 - i), char(i * 3)};
                    plte = pngChunk("PLTE", entries);
                }
                const std::string png = pngFile(
                    width, height, depth, t.colorType, interlace,
                    zlibCompress(rawImageData(width, height, t.channels, depth, interlace == 1), 9), plte);
                Result<Image> image = decodeImageRgba8(png, "generated.png");
                ASSERT_TRUE(image) << image.error();
                ASSERT_EQ(image->width, width);
                ASSERT_EQ(image->height, height);
                int wrong = 0;
                for (int y = 0; y < height; ++y)
                    for (int x = 0; x < width; ++x) {
                        unsigned s[4] = {};
                        for (int c = 0; c < t.channels; ++c) {
                            const unsigned v = sampleOf(x, y, c, depth);
                            s[c] = depth == 16                      ? v >> 8
                                   : depth < 8 && t.colorType != 3 ? v * 255 / ((1u << depth) - 1)
                                                                    : v;
                        }
                        unsigned rgba[4];
                        switch (t.colorType) {
                        case 0:
                            rgba[0] = rgba[1] = rgba[2] = s[0];
                            rgba[3] = 255;
                            break;
                        case 2:
                            rgba[0] = s[0];
                            rgba[1] = s[1];
                            rgba[2] = s[2];
                            rgba[3] = 255;
                            break;
                        case 3:
                            rgba[0] = s[0];
                            rgba[1] = 255 - s[0];
                            rgba[2] = (s[0] * 3) & 0xff;
                            rgba[3] = 255;
                            break;
                        case 4:
                            rgba[0] = rgba[1] = rgba[2] = s[0];
                            rgba[3] = s[1];
                            break;
                        default:
                            rgba[0] = s[0];
                            rgba[1] = s[1];
                            rgba[2] = s[2];
                            rgba[3] = s[3];
                            break;
                        }
                        const std::uint8_t* got = &image->rgba[(size_t(height - 1 - y) * width + x) * 4];
                        for (int c = 0; c < 4; ++c)
                            wrong += got[c] != rgba[c];
                    }
                EXPECT_EQ(wrong, 0);
            }
    // And what stb_image_write makes: 8 bits, 1 to 4 channels.
    for (int channels = 1; channels <= 4; ++channels) {
        std::vector<std::uint8_t> rows(size_t(width) * height * channels);
        for (size_t i = 0; i < rows.size(); ++i)
            rows[i] = std::uint8_t(i * 37);
        Result<Image> image = decodeImageRgba8(encodePng(width, height, channels, rows), "stb.png");
        ASSERT_TRUE(image) << channels << " channels: " << image.error();
    }
}

TEST(ImageLoaderPngStream, SpotTextureStillLoads) {
    const std::filesystem::path spot = test::assetModelPath("spot/spot_texture.png");
    Result<Image> image = loadImageRgba8(spot);
    ASSERT_TRUE(image) << image.error();
    EXPECT_EQ(image->width, 1024);
    EXPECT_EQ(image->height, 1024);
}
