#include "volume_file.h"

#include "file_read.h"
#include "header_text.h"
#include "input_file.h"
#include "metaimage_header.h"
#include "nrrd_header.h"
#include "volume_data.h"
#include "volume_header.h"

#include <algorithm>
#include <string>

namespace dicer::volume {

namespace {
constexpr std::string_view kExtensions[] = {".nrrd", ".nhdr", ".mhd", ".mha"};
} // namespace

std::span<const std::string_view> volumeFileExtensions() {
    return kExtensions;
}

bool hasVolumeFileExtension(const std::filesystem::path& path) {
    const std::string extension = lowercase(path.extension().native());
    for (std::string_view known : kExtensions)
        if (extension == known) return true;
    return false;
}

Result<ScalarVolume> loadVolumeFile(const std::filesystem::path& path, std::int64_t capBytes) {
    const std::string shown = dicer::quoted(path.native());
    const std::string extension = lowercase(path.extension().native());
    const bool nrrd = extension == ".nrrd" || extension == ".nhdr";
    const bool metaImage = extension == ".mhd" || extension == ".mha";
    if (!nrrd && !metaImage) {
        std::string known;
        for (std::string_view e : kExtensions)
            known.append(known.empty() ? "" : ", ").append(e);
        return makeError("volume file " + shown + ": unknown extension " +
                         dicer::quoted(extension.empty() ? std::string("(none)") : extension) +
                         " (known: " + known + ")");
    }
    const char* format = nrrd ? "NRRD header" : "MetaImage header";

    // The header: the file's first kMaxVolumeHeaderBytes at most (attached data may follow it).
    Result<InputFile> file = InputFile::open(path, format);
    if (!file) return makeError(file.error());
    const bool wholeFile = file->size() <= std::int64_t(kMaxVolumeHeaderBytes);
    std::string text(size_t(std::min<std::int64_t>(file->size(), std::int64_t(kMaxVolumeHeaderBytes))), '\0');
    Result<size_t> got = file->read(reinterpret_cast<std::byte*>(text.data()), text.size());
    if (!got) return makeError(got.error());
    text.resize(*got);

    Result<VolumeHeader> header =
        nrrd ? parseNrrdHeader(text, wholeFile, path) : parseMetaImageHeader(text, wholeFile, path);
    if (!header) return makeError(header.error());
    if (Result<void> checked = checkVolumeHeader(*header, capBytes); !checked)
        return makeError(checked.error());
    Result<std::vector<std::filesystem::path>> files = resolveDataFiles(*header);
    if (!files) return makeError(files.error());
    Result<ScalarVolume> volume = readVolumeData(*header, *files);
    if (!volume) return makeError(volume.error());
    volume->name = path.filename().string();
    if (Result<void> valid = checkVolume(*volume); !valid) return makeError(valid.error());
    return volume;
}

} // namespace dicer::volume
