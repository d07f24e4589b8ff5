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

namespace dicer::model {

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

// Everything decodeImageRgba8 checks before it lets stb_image decode (header, caps, the PNG chunk walk and
// bounded inflate, stb's own header parse), without decoding: a model's textures are checked when it loads
// and decoded only when uploaded (MeshTexture, mesh.h). The PNG inflate runs into a 16 KiB scratch buffer.
Result<ImageInfo> checkImageRgba8(std::string_view bytes, std::string_view name,
                                  const ImageLimits& limits = {});

// Decodes to RGBA8 with row 0 at the bottom (V-flipped, see Image). Errors name the file.
Result<Image> loadImageRgba8(const std::filesystem::path& path, const ImageLimits& limits = {});

// The same from bytes already in memory; `name` is used in messages. Also the fuzzing entry point.
Result<Image> decodeImageRgba8(std::string_view bytes, std::string_view name, const ImageLimits& limits = {});

// The pixels of a mesh texture: its resident ones, or decoded now from its file into `scratch` (which the
// caller frees after use: one decoded texture at a time). The file must still have the size and the image
// size it had when the model was loaded; errors name the file.
Result<const Image*> meshTexturePixels(const MeshTexture& texture, Image& scratch);

// Decodes every texture of the mesh that is not resident, for code that reads pixels on the CPU (tests' CPU
// references). Costs what it says: the whole model's decoded textures in memory.
Result<void> decodeTexturesOnCpu(Mesh& mesh);

} // namespace dicer::model
