// Guarded reads for the model loaders: stat + open + fstat (regular files only, no blocking on FIFOs),
// a size cap enforced while reading, and name resolution confined to the model folder via canonical().
#include "file_read.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dicer {
namespace fs = std::filesystem;

namespace {

// Closes the descriptor on every return path.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string quoted(const fs::path& path) {
    return dicer::quoted(path.native());
}

} // namespace

std::string quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out.append(1, '\'').append(text).append(1, '\'');
    return out;
}

Result<std::string> readRegularFile(const fs::path& path, std::uintmax_t maxBytes, std::string_view what) {
    const std::string kind(what);
    // stat() before open(): opening some device nodes has side effects, and a FIFO would block.
    struct stat before {};
    if (::stat(path.c_str(), &before) != 0)
        return makeError("cannot open " + kind + " " + quoted(path) + ": " + std::strerror(errno));
    if (!S_ISREG(before.st_mode))
        return makeError(kind + " " + quoted(path) + " is not a regular file" +
                         (S_ISDIR(before.st_mode) ? " (it is a directory)" : ""));

    // O_NONBLOCK | O_NOCTTY: harmless for regular files, and safe if the path was swapped after stat().
    Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
    if (file.fd < 0)
        return makeError("cannot open " + kind + " " + quoted(path) + ": " + std::strerror(errno));
    struct stat after {};
    if (::fstat(file.fd, &after) != 0 || !S_ISREG(after.st_mode))
        return makeError(kind + " " + quoted(path) + " is not a regular file");
    if (std::uintmax_t(after.st_size) > maxBytes)
        return makeError(kind + " " + quoted(path) + " is too large (" + std::to_string(after.st_size) +
                         " bytes, the limit is " + std::to_string(maxBytes) + ")");

    std::string data;
    data.resize(size_t(after.st_size));
    size_t used = 0;
    for (;;) {
        if (used == data.size()) {
            // The file may be longer than fstat said: keep reading, but never past the limit.
            if (data.size() > maxBytes)
                return makeError(kind + " " + quoted(path) + " is larger than the limit of " +
                                 std::to_string(maxBytes) + " bytes");
            // Grow geometrically, but to at most one byte past the limit (enough to detect the overrun).
            const std::uintmax_t grown = std::max<std::uintmax_t>(4096, std::uintmax_t(data.size()) * 2);
            data.resize(size_t(std::min(grown, maxBytes == UINTMAX_MAX ? grown : maxBytes + 1)));
        }
        const ssize_t got = ::read(file.fd, data.data() + used, data.size() - used);
        if (got < 0) {
            if (errno == EINTR) continue;
            return makeError("cannot read " + kind + " " + quoted(path) + ": " + std::strerror(errno));
        }
        if (got == 0) break;
        used += size_t(got);
        if (used > maxBytes)
            return makeError(kind + " " + quoted(path) + " is larger than the limit of " +
                             std::to_string(maxBytes) + " bytes");
    }
    data.resize(used);
    return data;
}

Result<fs::path> resolveInsideFolder(const fs::path& folder, std::string_view name) {
    std::string cleaned(name);
    for (char& c : cleaned)
        if (c == '\\') c = '/';
    const std::string shown = quoted(name);
    if (cleaned.empty()) return makeError("empty file name");
    if (cleaned.find('\0') != std::string::npos)
        return makeError("file name " + shown + " contains a NUL byte");
    const fs::path relative(cleaned);
    if (relative.is_absolute() || relative.has_root_name() || relative.has_root_directory())
        return makeError("file name " + shown +
                         " is absolute; only names inside the model's folder are read");
    for (const fs::path& part : relative)
        if (part == "..")
            return makeError("file name " + shown +
                             " contains '..'; only names inside the model's folder are read");

    std::error_code ec;
    const fs::path root = fs::canonical(folder.empty() ? fs::path(".") : folder, ec);
    if (ec) return makeError("model folder '" + folder.string() + "' cannot be resolved: " + ec.message());
    // canonical() follows every symlink, so a link inside the folder that points elsewhere is caught here.
    const fs::path target = fs::canonical(root / relative, ec);
    if (ec) {
        const std::string why = unresolvedReason(root / relative, ec);
        return makeError("file " + shown + (why == "not found" ? " not found in '" + root.string() + "'" : " " + why));
    }
    auto rootIt = root.begin();
    auto targetIt = target.begin();
    for (; rootIt != root.end(); ++rootIt, ++targetIt)
        if (targetIt == target.end() || *rootIt != *targetIt)
            return makeError("file " + shown + " resolves to '" + target.string() +
                             "', outside the model's folder '" + root.string() + "'");
    return target;
}

std::string unresolvedReason(const fs::path& path, std::error_code ec) {
    if (ec == std::errc::too_many_symbolic_link_levels) return "is a symbolic link loop (it never reaches a file)";
    std::error_code linkEc;
    if (fs::is_symlink(fs::symlink_status(path, linkEc))) {
        const fs::path to = fs::read_symlink(path, linkEc);
        if (ec == std::errc::no_such_file_or_directory)
            return "is a symbolic link to " + dicer::quoted(to.string()) + ", which does not exist";
    }
    if (ec == std::errc::no_such_file_or_directory) return "not found";
    return "cannot be resolved: " + ec.message();
}

fs::path runtimeDataDirectory(const char* envVar, std::string_view name, const fs::path& sourceDir) {
    if (const char* env = std::getenv(envVar); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path nextToExe = exe.parent_path() / name;
        if (fs::is_directory(nextToExe, ec)) return nextToExe;
    }
    return sourceDir;
}

Result<void> writeWholeFile(const fs::path& path, std::string_view bytes, std::string_view what) {
    const std::string target = path.string();
    auto failure = [&](const char* step, int error) {
        return makeError("cannot write " + std::string(what) + " " + dicer::quoted(target) + " (" + step +
                         "): " + std::strerror(error));
    };
    struct stat st {};
    const bool exists = ::lstat(target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) return failure("open", EISDIR);
    // A regular file (or a new one) is replaced atomically; anything else (/dev/stdout, a FIFO, a link) is
    // the caller's to write to.
    const bool inPlace = exists && !S_ISREG(st.st_mode);
    static std::atomic<unsigned> counter{0};
    const std::string temp =
        inPlace ? target
                : target + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
    const int fd = inPlace ? ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC)
                           : ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) return failure("open", errno);
    auto abandon = [&](const char* step, int error) {
        if (fd >= 0) ::close(fd);
        if (!inPlace) ::unlink(temp.c_str());
        return failure(step, error);
    };
    for (size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return abandon("write", n < 0 ? errno : EIO);
        done += size_t(n);
    }
    // close() reports errors a network or quota-limited file system defers until then.
    if (::close(fd) != 0) {
        const int error = errno;
        if (!inPlace) ::unlink(temp.c_str());
        return failure("close", error);
    }
    if (!inPlace && ::rename(temp.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        return failure("rename", error);
    }
    return {};
}

} // namespace dicer
