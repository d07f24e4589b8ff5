#include "volume_file.h"

#include "file_read.h"
#include "header_text.h"
#include "input_file.h"
#include "volume_data.h"
#include "volume_formats.h"
#include "volume_header.h"

#include <algorithm>
#include <string>
#include <vector>

namespace dicer::volume {

std::span<const std::string_view> volumeFileExtensions() {
    static const std::vector<std::string_view> extensions = [] {
        std::vector<std::string_view> all;
        for (const VolumeFormat& format : volumeFormats())
            all.insert(all.end(), format.extensions.begin(), format.extensions.end());
        return all;
    }();
    return extensions;
}

bool hasVolumeFileExtension(const std::filesystem::path& path) {
    return findVolumeFormat(path.extension().native()) != nullptr;
}

Result<ScalarVolume> loadVolumeFile(const std::filesystem::path& path, std::int64_t capBytes) {
    const VolumeFormat* format = findVolumeFormat(path.extension().native());
    if (!format) {
        const std::string extension = lowercase(path.extension().native());
        std::string known;
        for (std::string_view e : volumeFileExtensions())
            known.append(known.empty() ? "" : ", ").append(e);
        return makeError("volume file " + dicer::quoted(path.native()) + ": unknown extension " +
                         dicer::quoted(extension.empty() ? std::string("(none)") : extension) +
                         " (known: " + known + ")");
    }

    // The header: the file's first kMaxVolumeHeaderBytes at most (attached data may follow it).
    Result<InputFile> file = InputFile::open(path, format->headerName);
    if (!file) return makeError(file.error());
    const bool wholeFile = file->size() <= std::int64_t(kMaxVolumeHeaderBytes);
    std::string text(size_t(std::min<std::int64_t>(file->size(), std::int64_t(kMaxVolumeHeaderBytes))), '\0');
    Result<size_t> got = file->read(reinterpret_cast<std::byte*>(text.data()), text.size());
    if (!got) return makeError(got.error());
    text.resize(*got);

    Result<VolumeHeader> header = format->readHeader(text, wholeFile, path);
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
