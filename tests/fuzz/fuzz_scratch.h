// What the fuzzers that read files share (built only with -DDICER_BUILD_FUZZERS=ON, clang): a private scratch
// folder per fuzzer process for the files an input names, written per input or once, and removed at exit.
#pragma once

#include "log.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace dicer::fuzz {

// Where the scratch folder goes: $TMPDIR when set, else /dev/shm when there is one, else the temporary
// folder. Every input writes and opens a few files: on a disk-backed /tmp of a busy machine each open took
// ~0.7 ms (256 exec/s), in memory the same run is about 10x faster.
inline std::filesystem::path scratchParent() {
    std::error_code ec;
    if (const char* tmp = std::getenv("TMPDIR"); tmp == nullptr || *tmp == '\0')
        if (std::filesystem::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0)
            return "/dev/shm";
    return std::filesystem::temp_directory_path();
}

// A private folder "dicer-NAME-XXXXXX", removed when the fuzzer exits. Warnings are expected on most inputs:
// only errors are logged from then on.
class ScratchFolder {
public:
    explicit ScratchFolder(const char* name) {
        std::string pattern = (scratchParent() / ("dicer-" + std::string(name) + "-XXXXXX")).string();
        if (::mkdtemp(pattern.data()) == nullptr) std::abort();
        m_path = pattern;
        dicer::log::setMinLevel(dicer::log::Level::Error);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

inline void writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) std::abort();
}

} // namespace dicer::fuzz
