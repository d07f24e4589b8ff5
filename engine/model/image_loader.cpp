// Texture loading: format sniffing, our own header parse for the size check, then stb_image (Sean Barrett,
// public domain; Debian's libstb holds the implementation, so no STB_IMAGE_IMPLEMENTATION here).
// PNG layout: ISO/IEC 15948 (signature, then IHDR with big-endian width/height). JPEG: ITU-T T.81 markers.
#include "image_loader.h"

#include "file_read.h"

#include <stb_image.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dicer::model {
namespace {

constexpr unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
bool isPng(const unsigned char* d, size_t n) {
    return n >= 8 && std::memcmp(d, kPngSignature, 8) == 0;
}


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

// Bytes the zlib stream of a PNG must inflate to (ISO/IEC 15948 §7-8): per row one filter byte plus the
// packed samples; an Adam7-interlaced image is seven such sub-images. 0 when IHDR's fields are invalid.
std::uint64_t pngInflatedBytes(std::uint32_t width, std::uint32_t height, int bitDepth, int colorType,
                               int interlace) {
    int channels = 0;
    bool depthOk = false;
    switch (colorType) {
    case 0: // greyscale
        channels = 1;
        depthOk = bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8 || bitDepth == 16;
        break;
    case 3: // palette
        channels = 1;
        depthOk = bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8;
        break;
    case 2: // RGB
    case 4: // greyscale + alpha
    case 6: // RGBA
        channels = colorType == 2 ? 3 : colorType == 4 ? 2 : 4;
        depthOk = bitDepth == 8 || bitDepth == 16;
        break;
    default:
        return 0;
    }
    if (!depthOk || interlace > 1) return 0;
    auto bytes = [&](std::uint64_t w, std::uint64_t h) -> std::uint64_t {
        if (w == 0 || h == 0) return 0; // an empty pass has no rows, not even filter bytes
        return h * (1 + (w * std::uint64_t(channels) * std::uint64_t(bitDepth) + 7) / 8);
    };
    if (interlace == 0) return bytes(width, height);
    // Adam7: pass p starts at (x0, y0) and steps (dx, dy).
    constexpr int kPass[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                 {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    std::uint64_t total = 0;
    for (const auto& p : kPass) {
        const std::uint64_t w = width > std::uint32_t(p[0]) ? (width - p[0] + p[2] - 1) / p[2] : 0;
        const std::uint64_t h = height > std::uint32_t(p[1]) ? (height - p[1] + p[3] - 1) / p[3] : 0;
        total += bytes(w, h);
    }
    return total;
}

// Debian's stb_image trusts chunk lengths and zlib streams: it grows its IDAT buffer to a declared length
// before reading it (a 98-byte file claiming a 1.9 GB IDAT chunk makes it allocate 2 GiB) and its inflater
// reallocs as long as the stream produces output. So the PNG is walked and its IDAT stream inflated here,
// into a small scratch buffer, under the exact size IHDR implies; stb_image sees only files that pass.
// Returns an empty string when the stream is sound, else the reason.
std::string checkPngStream(const unsigned char* d, size_t n) {
    // IHDR is the first chunk (pngHeader checked its place and length).
    const std::uint32_t width = readBe(d + 16, 4), height = readBe(d + 20, 4);
    const int bitDepth = d[24], colorType = d[25], compression = d[26], filter = d[27], interlace = d[28];
    if (compression != 0 || filter != 0) return "has an unknown compression or filter method in IHDR";
    const std::uint64_t expected = pngInflatedBytes(width, height, bitDepth, colorType, interlace);
    if (expected == 0)
        return "has an invalid IHDR (bit depth " + std::to_string(bitDepth) + ", colour type " +
               std::to_string(colorType) + ", interlace " + std::to_string(interlace) + ")";

    struct Span {
        const unsigned char* data;
        std::uint32_t size;
    };
    std::vector<Span> idat;
    bool ended = false;
    for (size_t p = 8; p < n && !ended;) {
        if (n - p < 12) return "is truncated (a chunk header at byte " + std::to_string(p) + " is cut off)";
        const std::uint32_t length = readBe(d + p, 4);
        const std::string type(reinterpret_cast<const char*>(d + p + 4), 4);
        if (length > 0x7fffffffu || length > n - p - 12)
            return "is truncated or corrupt: chunk '" + type + "' at byte " + std::to_string(p) + " claims " +
                   std::to_string(length) + " bytes, past the end of the " + std::to_string(n) + "-byte file";
        if (type == "IDAT") idat.push_back({d + p + 8, length});
        ended = type == "IEND";
        p += 12 + size_t(length);
    }
    if (!ended) return "is truncated (no IEND chunk)";
    if (idat.empty()) return "has no image data (no IDAT chunk)";

    z_stream z{};
    if (inflateInit(&z) != Z_OK) return "cannot be checked (zlib inflateInit failed)";
    unsigned char scratch[1 << 14];
    std::uint64_t produced = 0;
    int status = Z_OK;
    for (size_t i = 0; i < idat.size() && status != Z_STREAM_END; ++i) {
        z.next_in = const_cast<unsigned char*>(idat[i].data);
        z.avail_in = idat[i].size;
        while (status != Z_STREAM_END && (z.avail_in > 0 || z.avail_out == 0)) {
            z.next_out = scratch;
            z.avail_out = sizeof scratch;
            status = inflate(&z, Z_NO_FLUSH);
            produced += sizeof scratch - z.avail_out;
            if (produced > expected) break;
            if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) break;
            if (status == Z_BUF_ERROR && z.avail_in == 0) break; // needs the next chunk
        }
        if (produced > expected || (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)) break;
    }
    const std::string zlibMessage = z.msg ? z.msg : "";
    inflateEnd(&z);
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (produced > expected)
        return "decompresses past the " + std::to_string(expected) + " bytes its IHDR (" + size +
               ", bit depth " + std::to_string(bitDepth) + ") allows (a decompression bomb?)";
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
        return "has corrupt compressed image data (zlib: " + (zlibMessage.empty() ? "error" : zlibMessage) +
               ")";
    if (status != Z_STREAM_END) return "has truncated compressed image data";
    if (produced < expected)
        return "holds " + std::to_string(produced) + " bytes of image data, its IHDR (" + size + ") needs " +
               std::to_string(expected);
    return {};
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

// An image's bytes and how the messages name it once its format is known: what the header read, the check and
// the decode share.
struct EncodedImage {
    EncodedImage(std::string_view bytes, std::string_view name)
        : data(reinterpret_cast<const unsigned char*>(bytes.data())), size(bytes.size()), file(quoted(name)),
          png(isPng(data, size)) {}
    // "PNG image 'x.png' <what>" (or JPEG).
    Error error(const std::string& what) const {
        return makeError(std::string(png ? "PNG" : "JPEG") + " image " + file + " " + what);
    }

    const unsigned char* data;
    size_t size;
    std::string file; // the name, quoted
    bool png;         // else JPEG: readImageInfo refuses every other format
};

} // namespace

Result<ImageInfo> readImageInfo(std::string_view bytes, std::string_view name, const ImageLimits& limits) {
    const EncodedImage image(bytes, name);
    const unsigned char* d = image.data;
    const size_t n = image.size;
    if (n == 0) return makeError("image " + image.file + " is empty");
    if (n > size_t(INT_MAX) || n > limits.maxFileBytes)
        return makeError("image " + image.file + " is too large (" + std::to_string(n) + " bytes)");
    const bool jpeg = n >= 3 && d[0] == 0xff && d[1] == 0xd8 && d[2] == 0xff;
    if (!image.png && !jpeg)
        return makeError("image " + image.file +
                         " is neither PNG nor JPEG (only those two formats are accepted)");

    const std::optional<Header> header = image.png ? pngHeader(d, n) : jpegHeader(d, n);
    if (!header) return image.error("has a malformed header");
    if (header->width < 1 || header->height < 1 || header->width > std::uint32_t(limits.maxWidth) ||
        header->height > std::uint32_t(limits.maxHeight))
        return image.error("is " + std::to_string(header->width) + "x" + std::to_string(header->height) +
                           ", outside the accepted 1x1 to " + std::to_string(limits.maxWidth) + "x" +
                           std::to_string(limits.maxHeight));

    return ImageInfo{int(header->width), int(header->height)};
}

Result<ImageInfo> checkImageRgba8(std::string_view bytes, std::string_view name, const ImageLimits& limits) {
    Result<ImageInfo> info = readImageInfo(bytes, name, limits);
    if (!info) return makeError(info.error());
    const EncodedImage image(bytes, name);
    if (image.png)
        if (std::string why = checkPngStream(image.data, image.size); !why.empty()) return image.error(why);

    // stb's own header parse must agree with ours before it may decode anything.
    int width = 0, height = 0, channels = 0;
    if (!stbi_info_from_memory(image.data, int(image.size), &width, &height, &channels))
        return image.error(std::string("is corrupt (") + stbReason() + ")");
    if (width != info->width || height != info->height) return image.error("has an inconsistent header");
    return info;
}

Result<Image> decodeImageRgba8(std::string_view bytes, std::string_view name, const ImageLimits& limits) {
    Result<ImageInfo> info = checkImageRgba8(bytes, name, limits);
    if (!info) return makeError(info.error());
    const EncodedImage encoded(bytes, name);
    int width = 0, height = 0, channels = 0;
    std::unique_ptr<stbi_uc, StbFree> pixels(
        stbi_load_from_memory(encoded.data, int(encoded.size), &width, &height, &channels, 4));
    if (!pixels) return encoded.error(std::string("cannot be decoded (") + stbReason() + ")");
    if (width != info->width || height != info->height) return encoded.error("decoded to an unexpected size");

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

Result<const Image*> meshTexturePixels(const MeshTexture& texture, Image& scratch) {
    if (texture.resident()) return &static_cast<const Image&>(texture);
    if (texture.encoded) {
        // Held in memory since the load (a glTF's embedded image): nothing can have changed; the decode is
        // bounded by the size its header had then.
        ImageLimits limits;
        limits.maxFileBytes = std::max(limits.maxFileBytes, std::uintmax_t(texture.encoded->size()));
        limits.maxWidth = texture.width;
        limits.maxHeight = texture.height;
        const std::string name =
            "embedded image (" + std::to_string(texture.width) + "x" + std::to_string(texture.height) + ")";
        Result<Image> image = decodeImageRgba8(*texture.encoded, name, limits);
        if (!image) return makeError(image.error());
        if (image->width != texture.width || image->height != texture.height)
            return makeError(name + " decoded to another size");
        scratch = std::move(*image);
        return &scratch;
    }
    if (texture.file.empty()) return makeError("a mesh texture has neither pixels nor a file");
    // What the file was when the model loaded bounds the decode: a file replaced since then (by a larger
    // image, or one of another size) is refused rather than decoded past the budget it was counted against.
    const std::string name = texture.file.string();
    ImageLimits limits;
    Result<std::string> bytes =
        readRegularFile(texture.file, std::max(limits.maxFileBytes, texture.fileBytes), "image");
    if (!bytes) return makeError(bytes.error());
    if (bytes->size() != texture.fileBytes)
        return makeError("image " + dicer::quoted(name) + " changed since the model was loaded (" +
                         std::to_string(bytes->size()) + " bytes, was " + std::to_string(texture.fileBytes) +
                         ")");
    limits.maxWidth = texture.width;
    limits.maxHeight = texture.height;
    Result<Image> image = decodeImageRgba8(*bytes, name, limits);
    if (!image) return makeError(image.error());
    if (image->width != texture.width || image->height != texture.height)
        return makeError("image " + dicer::quoted(name) + " changed size since the model was loaded");
    scratch = std::move(*image);
    return &scratch;
}

Result<void> decodeTexturesOnCpu(Mesh& mesh) {
    for (MeshTexture& texture : mesh.textures) {
        if (texture.resident()) continue;
        Image scratch;
        Result<const Image*> pixels = meshTexturePixels(texture, scratch);
        if (!pixels) return makeError(pixels.error());
        texture.rgba = std::move(scratch.rgba);
    }
    return {};
}

} // namespace dicer::model
