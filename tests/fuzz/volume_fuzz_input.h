// The shared body of the volume header fuzzers (nrrd_fuzzer.cpp, mhd_fuzzer.cpp; built only with
// -DDICER_BUILD_FUZZERS=ON, clang). An input is a header and, after each separator line "\n==file==\n", the
// bytes of one more data file: the header is written to a private scratch folder as `headerName` and the
// parts as d1, d2, ... (at most kMaxDataParts), so headers that name "d1", "LIST\nd1\nd2" or "d%d 1 2 1" read
// fuzzed data files too. Every input must either fail with one line of error or give a volume that passes
// checkVolume and holds no more than the cap.
#pragma once

#include "fuzz_scratch.h"
#include "scalar_volume.h"
#include "volume_file.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

namespace dicer::fuzz {

inline constexpr std::string_view kPartSeparator = "\n==file==\n";
inline constexpr int kMaxDataParts = 8;
// A small cap keeps each input fast; the cap's check itself is part of what is fuzzed.
inline constexpr std::int64_t kFuzzCapBytes = std::int64_t(1) << 20;

inline int fuzzVolumeFile(const std::uint8_t* data, size_t size, const char* headerName) {
    static const ScratchFolder folder("volfuzz");
    std::string_view input(reinterpret_cast<const char*>(data), size);
    size_t cut = input.find(kPartSeparator);
    writeFile(folder.path() / headerName, input.substr(0, cut));
    for (int part = 1; part <= kMaxDataParts; ++part) {
        const std::filesystem::path file = folder.path() / ("d" + std::to_string(part));
        if (cut == std::string_view::npos) { // no more parts: an earlier input's file must not linger
            std::error_code ec;
            std::filesystem::remove(file, ec);
            continue;
        }
        input.remove_prefix(cut + kPartSeparator.size());
        cut = input.find(kPartSeparator);
        writeFile(file, input.substr(0, cut));
    }
    const Result<volume::ScalarVolume> v = volume::loadVolumeFile(folder.path() / headerName, kFuzzCapBytes);
    if (v) {
        if (!volume::checkVolume(v.value()) || v->byteCount() > kFuzzCapBytes || v->notes.size() > 2)
            std::abort();
    } else if (v.error().empty() || v.error().find('\n') != std::string::npos) {
        std::abort(); // one line of error, always
    }
    return 0;
}

} // namespace dicer::fuzz
