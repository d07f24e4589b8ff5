// Texture loading: format sniffing, our own header parse for the size check, then stb_image (Sean Barrett,
// public domain; Debian's libstb holds the implementation, so no STB_IMAGE_IMPLEMENTATION here).
// PNG layout: ISO/IEC 15948 (signature, then IHDR with big-endian width/height). JPEG: ITU-T T.81 markers.
#include "image_loader.h"

#include "file_read.h"

#include <stb_image.h>

#include <climits>
#include <cstring>
#include <memory>
#include <optional>

namespace dicer {
namespace {

constexpr unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

enum class Format { Png, Jpeg };

std::uint32_t readBe(const unsigned char* p, int bytes) {
    std::uint32_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    return v;
}

struct Header {
    std::uint32_t width = 0, height = 0;
};

// The first chunk of every PNG must be IHDR (the spec requires it; stb would accept a CgBI chunk first,
// which we do not need).
std::optional<Header> pngHeader(const unsigned char* d, size_t n) {
    if (n < 8 + 8 + 13 || readBe(d + 8, 4) != 13 || std::memcmp(d + 12, "IHDR", 4) != 0) return std::nullopt;
    return Header{readBe(d + 16, 4), readBe(d + 20, 4)};
}

// Walks the marker segments up to the first start-of-frame marker, which holds the image size.
std::optional<Header> jpegHeader(const unsigned char* d, size_t n) {
    size_t p = 2; // after SOI
    while (p + 4 <= n) {
        if (d[p] != 0xff) return std::nullopt;
        const unsigned marker = d[p + 1];
        if (marker == 0xff) { // fill byte
            ++p;
            continue;
        }
        const size_t length = readBe(d + p + 2, 2);
        if (length < 2) return std::nullopt;
        // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width follow the length.
        const bool isFrame =
            marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc;
        if (isFrame) {
            if (p + 9 > n || length < 7) return std::nullopt;
            return Header{readBe(d + p + 7, 2), readBe(d + p + 5, 2)};
        }
        if (marker == 0xd9 || marker == 0xda) return std::nullopt; // EOI or scan data before any frame
        p += 2 + length;
    }
    return std::nullopt;
}

const char* stbReason() {
    const char* reason = stbi_failure_reason();
    return reason ? reason : "no reason given";
}

struct StbFree {
    void operator()(stbi_uc* p) const { stbi_image_free(p); }
};

} // namespace

Result<Image> decodeImageRgba8(std::string_view bytes, std::string_view name, const ImageLimits& limits) {
    const std::string file = quoted(name);
    const auto* d = reinterpret_cast<const unsigned char*>(bytes.data());
    const size_t n = bytes.size();
    if (n == 0) return makeError("image " + file + " is empty");
    if (n > size_t(INT_MAX) || n > limits.maxFileBytes)
        return makeError("image " + file + " is too large (" + std::to_string(n) + " bytes)");

    Format format;
    if (n >= 8 && std::memcmp(d, kPngSignature, 8) == 0)
        format = Format::Png;
    else if (n >= 3 && d[0] == 0xff && d[1] == 0xd8 && d[2] == 0xff)
        format = Format::Jpeg;
    else
        return makeError("image " + file + " is neither PNG nor JPEG (only those two formats are accepted)");
    const char* formatName = format == Format::Png ? "PNG" : "JPEG";

    const std::optional<Header> header = format == Format::Png ? pngHeader(d, n) : jpegHeader(d, n);
    if (!header) return makeError(std::string(formatName) + " image " + file + " has a malformed header");
    if (header->width < 1 || header->height < 1 || header->width > std::uint32_t(limits.maxWidth) ||
        header->height > std::uint32_t(limits.maxHeight))
        return makeError(std::string(formatName) + " image " + file + " is " + std::to_string(header->width) +
                         "x" + std::to_string(header->height) + ", outside the accepted 1x1 to " +
                         std::to_string(limits.maxWidth) + "x" + std::to_string(limits.maxHeight));

    // stb's own header parse must agree with ours before it may decode anything.
    int width = 0, height = 0, channels = 0;
    if (!stbi_info_from_memory(d, int(n), &width, &height, &channels))
        return makeError(std::string(formatName) + " image " + file + " is corrupt (" + stbReason() + ")");
    if (std::uint32_t(width) != header->width || std::uint32_t(height) != header->height)
        return makeError(std::string(formatName) + " image " + file + " has an inconsistent header");

    std::unique_ptr<stbi_uc, StbFree> pixels(stbi_load_from_memory(d, int(n), &width, &height, &channels, 4));
    if (!pixels)
        return makeError(std::string(formatName) + " image " + file + " cannot be decoded (" + stbReason() +
                         ")");
    if (std::uint32_t(width) != header->width || std::uint32_t(height) != header->height)
        return makeError(std::string(formatName) + " image " + file + " decoded to an unexpected size");

    // Flip here rather than with stbi_set_flip_vertically_on_load: that flag is global state.
    Image image;
    image.width = width;
    image.height = height;
    const size_t rowBytes = size_t(width) * 4;
    image.rgba.resize(rowBytes * size_t(height));
    for (int y = 0; y < height; ++y)
        std::memcpy(image.rgba.data() + size_t(height - 1 - y) * rowBytes,
                    pixels.get() + size_t(y) * rowBytes, rowBytes);
    return image;
}

Result<Image> loadImageRgba8(const std::filesystem::path& path, const ImageLimits& limits) {
    Result<std::string> bytes = readRegularFile(path, limits.maxFileBytes, "image");
    if (!bytes) return makeError(bytes.error());
    return decodeImageRgba8(*bytes, path.string(), limits);
}

} // namespace dicer
