// libFuzzer target for the PNG/JPEG loader (built only with -DDICER_BUILD_FUZZERS=ON, clang).
// Every input must either fail with an error or decode to an image of exactly the checked size.
#include "image_loader.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    dicer::model::ImageLimits limits;
    limits.maxWidth = 1024; // keeps each decode fast and its memory small
    limits.maxHeight = 1024;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    dicer::Result<dicer::model::Image> image = dicer::model::decodeImageRgba8(bytes, "fuzz", limits);
    if (image) {
        const bool sane = image->width >= 1 && image->height >= 1 && image->width <= limits.maxWidth &&
                          image->height <= limits.maxHeight &&
                          image->rgba.size() == size_t(image->width) * size_t(image->height) * 4;
        if (!sane) std::abort();
    }
    return 0;
}
