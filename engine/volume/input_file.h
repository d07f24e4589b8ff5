// A volume's header or data file, opened defensively and read through a small buffer: regular files only
// (stat before open, so a FIFO never blocks and no device is opened; fstat after, in case the path was
// swapped), and reads that stop at the end of the file, never beyond what the caller asks for.
#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace dicer::volume {

// What a file that is not regular is, for messages: "a directory", "a FIFO", "a device", "a socket".
const char* nonRegularFileKind(unsigned mode);

class InputFile {
public:
    // `what` names the file in messages ("NRRD header"): "cannot open NRRD header '<path>': <reason>",
    // "NRRD header '<path>' is not a regular file (it is a directory)"; without it, the quoted path alone.
    static Result<InputFile> open(const std::filesystem::path& path, std::string_view what = {});

    InputFile(InputFile&& other) noexcept;
    InputFile& operator=(InputFile&& other) noexcept;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile();

    std::int64_t size() const { return m_size; } // at open (fstat)
    std::int64_t position() const { return m_filePos - std::int64_t(m_end - m_begin); }

    Result<void> seek(std::int64_t offset);
    // Up to `count` bytes into `out`; fewer only at the end of the file (0: at the end).
    Result<size_t> read(std::byte* out, size_t count);
    // Consumes `lines` line ends ('\n'); false when the file ends first.
    Result<bool> skipLines(std::int64_t lines);

private:
    InputFile() = default;
    Result<size_t> fill(); // refills the empty buffer; 0 at the end of the file

    int m_fd = -1;
    std::string m_shown; // the path, quoted, for messages
    std::int64_t m_size = 0;
    std::int64_t m_filePos = 0; // the descriptor's offset: the end of the buffered bytes
    std::unique_ptr<std::byte[]> m_buffer;
    size_t m_begin = 0, m_end = 0;
};

} // namespace dicer::volume
