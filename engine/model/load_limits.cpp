// The texture budget of a model (load_limits.h): each texture's header is read and counted before anything
// is decoded, then the whole image is checked (checkImageRgba8) without keeping its pixels.
#include "load_limits.h"

#include "file_read.h"

#include <algorithm>

namespace dicer::model {
namespace fs = std::filesystem;
namespace {

// Header read, budget counted, stream checked: what both kinds of texture go through.
Result<ImageInfo> checkWithinBudget(std::string_view bytes, const std::string& name, const LoadLimits& limits,
                                    std::uintmax_t usedBytes) {
    // Counted from the header before decoding: a texture over the budget is never decoded (it used to be
    // decoded first, so each refused 8192^2 texture cost 256 MiB and more on the way).
    Result<ImageInfo> info = readImageInfo(bytes, name, limits.image);
    if (!info) return makeError(info.error());
    const std::uintmax_t left = limits.maxTextureBytes - std::min(usedBytes, limits.maxTextureBytes);
    if (info->rgba8Bytes() > left)
        return makeError("its " + std::to_string(info->width) + "x" + std::to_string(info->height) +
                         " image decodes to " + std::to_string(info->rgba8Bytes()) + " bytes, over the " +
                         std::to_string(left) + " left of the " + std::to_string(limits.maxTextureBytes) +
                         " bytes all of a model's decoded textures may take");
    // Checked now, so a corrupt texture is a warning at load time (as when it was decoded here), but decoded
    // only on upload: the model no longer holds every decoded texture on the CPU.
    if (Result<ImageInfo> checked = checkImageRgba8(bytes, name, limits.image); !checked)
        return makeError(checked.error());
    return info;
}

} // namespace

Result<MeshTexture> checkTextureWithinBudget(const fs::path& path, const LoadLimits& limits,
                                             std::uintmax_t usedBytes) {
    Result<std::string> bytes = readRegularFile(path, limits.image.maxFileBytes, "image");
    if (!bytes) return makeError(bytes.error());
    Result<ImageInfo> info = checkWithinBudget(*bytes, path.string(), limits, usedBytes);
    if (!info) return makeError(info.error());
    MeshTexture texture;
    texture.width = info->width;
    texture.height = info->height;
    texture.file = path;
    texture.fileBytes = bytes->size();
    return texture;
}

Result<MeshTexture> checkEmbeddedTextureWithinBudget(std::shared_ptr<const std::string> encoded,
                                                     std::string_view name, const LoadLimits& limits,
                                                     std::uintmax_t usedBytes) {
    if (!encoded || encoded->empty()) return makeError("image " + dicer::quoted(name) + " is empty");
    if (encoded->size() > limits.image.maxFileBytes)
        return makeError("image " + dicer::quoted(name) + " has " + std::to_string(encoded->size()) +
                         " bytes, over the limit of " + std::to_string(limits.image.maxFileBytes));
    Result<ImageInfo> info = checkWithinBudget(*encoded, std::string(name), limits, usedBytes);
    if (!info) return makeError(info.error());
    MeshTexture texture;
    texture.width = info->width;
    texture.height = info->height;
    texture.encoded = std::move(encoded);
    texture.fileBytes = texture.encoded->size();
    return texture;
}

} // namespace dicer::model
