#include "volume_formats.h"

#include "header_text.h"
#include "metaimage_header.h"
#include "nrrd_header.h"

namespace dicer::volume {

namespace {

constexpr std::string_view kNrrdExtensions[] = {".nrrd", ".nhdr"};
constexpr std::string_view kMetaImageExtensions[] = {".mhd", ".mha"};

constexpr VolumeFormat kFormats[] = {
    {"NRRD", kNrrdHeaderName, kNrrdExtensions, parseNrrdHeader},
    {"MetaImage", kMetaImageHeaderName, kMetaImageExtensions, parseMetaImageHeader},
};

} // namespace

std::span<const VolumeFormat> volumeFormats() {
    return kFormats;
}

const VolumeFormat* findVolumeFormat(std::string_view extension) {
    const std::string lower = lowercase(extension);
    for (const VolumeFormat& format : kFormats)
        if (isOneOf(lower, format.extensions)) return &format;
    return nullptr;
}

} // namespace dicer::volume
