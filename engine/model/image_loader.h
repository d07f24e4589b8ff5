// PNG/JPEG textures for models, decoded by stb_image (Debian 12's copy, 2.27: it lacks the 2.28 security
// fixes), so the loader only hands it files that passed our own checks: regular file, size cap, PNG or
// JPEG magic bytes, header dimensions within the cap and (PNG) a chunk walk and an inflate of the image data
// under the size IHDR implies, all before any pixel is decoded.
#pragma once

#include "mesh.h"
#include "result.h"

#include <cstdint>
#include <filesystem>
#include <string_view>

namespace dicer {

struct ImageLimits {
    int maxWidth = 8192; // the largest texture any GL 4.5 driver we target accepts without question
    int maxHeight = 8192;
    std::uintmax_t maxFileBytes = 64ull
                                  << 20; // a 8192^2 PNG of noise is ~200 MiB; real textures are far less
};

// What a file's header says (format, size within the caps), read without inflating or decoding anything:
// lets a caller count decoded bytes against a budget first. decodeImageRgba8 checks the rest.
struct ImageInfo {
    int width = 0, height = 0;
    std::uint64_t rgba8Bytes() const { return std::uint64_t(width) * std::uint64_t(height) * 4; }
};
Result<ImageInfo> readImageInfo(std::string_view bytes, std::string_view name,
                                const ImageLimits& limits = {});

// Decodes to RGBA8 with row 0 at the bottom (V-flipped, see Image). Errors name the file.
Result<Image> loadImageRgba8(const std::filesystem::path& path, const ImageLimits& limits = {});

// The same from bytes already in memory; `name` is used in messages. Also the fuzzing entry point.
Result<Image> decodeImageRgba8(std::string_view bytes, std::string_view name, const ImageLimits& limits = {});

} // namespace dicer
