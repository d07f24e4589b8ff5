// Defensive file access for model loading: the parsers behind it (tinyobjloader rc10, stb_image 2.27) trust
// their input, so every byte they see comes through here first.
#pragma once

#include "result.h"

#include <cstdint>
#include <filesystem>
#include <system_error>
#include <string>
#include <string_view>

namespace dicer {

// 'text' in single quotes, for messages. (Built by appending: GCC 12 warns falsely, -Wrestrict, on
// "'" + std::string(...).)
std::string quoted(std::string_view text);

// Reads a whole file that is a regular file (never a directory, device, FIFO or socket) of at most
// `maxBytes`. The limit is enforced while reading too, so a file that grows, or a /proc entry that reports
// size 0, cannot exceed it. `what` names the kind of file in messages ("OBJ file", "texture", ...).
Result<std::string> readRegularFile(const std::filesystem::path& path, std::uintmax_t maxBytes,
                                    std::string_view what);

// Resolves a file name taken from a model file (mtllib, map_Kd) against the model's folder and refuses
// anything that could leave it: empty names, absolute paths, `..` components, and symlinks whose target
// lies outside the folder. Backslashes count as separators (Windows exporters write them).
Result<std::filesystem::path> resolveInsideFolder(const std::filesystem::path& folder, std::string_view name);
// Why `path` could not be resolved (std::filesystem::canonical's error): "not found", "is a symbolic link loop",
// "is a symbolic link to 'x', which does not exist", or the system's reason.
std::string unresolvedReason(const std::filesystem::path& path, std::error_code ec);

// A folder of run-time data (shaders, assets), first hit wins: $`envVar` when set, `<executable dir>/<name>`
// when the build copied it there, else `sourceDir` (the source tree's copy, baked in at compile time).
std::filesystem::path runtimeDataDirectory(const char* envVar, std::string_view name,
                                           const std::filesystem::path& sourceDir);

// Writes `bytes` as the whole content of `path` and reports every write error (a full disk, an unwritable
// folder, a device such as /dev/full) with the path and the system's reason; `what` names the kind of file
// ("screenshot", "CSV", ...). A regular path (or one that does not exist yet) is written to a temporary file
// beside it and renamed over it, so the target is never left truncated. Devices, FIFOs and symlinks are
// written in place.
Result<void> writeWholeFile(const std::filesystem::path& path, std::string_view bytes, std::string_view what);

} // namespace dicer
