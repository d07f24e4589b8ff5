#include "input_file.h"

#include "file_read.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace dicer::volume {

namespace {
constexpr size_t kBufferBytes = size_t(64) << 10;
} // namespace

const char* nonRegularFileKind(unsigned mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a plain file";
}

Result<InputFile> InputFile::open(const std::filesystem::path& path, std::string_view what) {
    InputFile file;
    file.m_shown = dicer::quoted(path.native());
    if (!what.empty()) file.m_shown.insert(0, std::string(what) + " ");
    struct stat before {};
    if (::stat(path.c_str(), &before) != 0)
        return makeError("cannot open " + file.m_shown + ": " + std::strerror(errno));
    if (!S_ISREG(before.st_mode))
        return makeError(file.m_shown + " is not a regular file (it is " +
                         nonRegularFileKind(before.st_mode) + ")");
    // O_NONBLOCK | O_NOCTTY: harmless for a regular file, and safe if the path was swapped after stat().
    file.m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (file.m_fd < 0) return makeError("cannot open " + file.m_shown + ": " + std::strerror(errno));
    struct stat after {};
    if (::fstat(file.m_fd, &after) != 0 || !S_ISREG(after.st_mode))
        return makeError(file.m_shown + " is not a regular file");
    file.m_size = std::int64_t(after.st_size);
    file.m_buffer = std::make_unique<std::byte[]>(kBufferBytes);
    return file;
}

InputFile::InputFile(InputFile&& other) noexcept {
    *this = std::move(other);
}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
    if (this != &other) {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_shown = std::move(other.m_shown);
        m_size = other.m_size;
        m_filePos = other.m_filePos;
        m_buffer = std::move(other.m_buffer);
        m_begin = other.m_begin;
        m_end = other.m_end;
    }
    return *this;
}

InputFile::~InputFile() {
    if (m_fd >= 0) ::close(m_fd);
}

Result<void> InputFile::seek(std::int64_t offset) {
    if (offset < 0 || ::lseek(m_fd, off_t(offset), SEEK_SET) < 0)
        return makeError("cannot seek in " + m_shown + " to byte " + std::to_string(offset));
    m_filePos = offset;
    m_begin = m_end = 0;
    return {};
}

Result<size_t> InputFile::fill() {
    m_begin = m_end = 0;
    for (;;) {
        const ssize_t got = ::read(m_fd, m_buffer.get(), kBufferBytes);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return makeError("cannot read " + m_shown + ": " + std::strerror(errno));
        m_end = size_t(got);
        m_filePos += got;
        return m_end;
    }
}

Result<size_t> InputFile::read(std::byte* out, size_t count) {
    size_t done = 0;
    while (done < count) {
        if (m_begin < m_end) {
            const size_t n = std::min(count - done, m_end - m_begin);
            std::memcpy(out + done, m_buffer.get() + m_begin, n);
            m_begin += n;
            done += n;
            continue;
        }
        if (count - done >= kBufferBytes) { // large reads bypass the buffer
            const ssize_t got = ::read(m_fd, out + done, count - done);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) return makeError("cannot read " + m_shown + ": " + std::strerror(errno));
            if (got == 0) break;
            m_filePos += got;
            done += size_t(got);
            continue;
        }
        Result<size_t> got = fill();
        if (!got) return makeError(got.error());
        if (*got == 0) break;
    }
    return done;
}

Result<bool> InputFile::skipLines(std::int64_t lines) {
    while (lines > 0) {
        if (m_begin == m_end) {
            Result<size_t> got = fill();
            if (!got) return makeError(got.error());
            if (*got == 0) return false;
        }
        const std::byte* start = m_buffer.get() + m_begin;
        const void* hit = std::memchr(start, '\n', m_end - m_begin);
        if (hit) {
            m_begin += size_t(static_cast<const std::byte*>(hit) - start) + 1;
            --lines;
        } else {
            m_begin = m_end;
        }
    }
    return true;
}

} // namespace dicer::volume
