// Point clouds as PLY 1.0 files (Turk's format as MeshLab, Open3D and CloudCompare read it): one `vertex`
// element with `float x y z` and `uchar red green blue`, binary little-endian (15 bytes per point, packed) or
// ASCII. Pure CPU: the caller gathers the points (the demo reads its point buffer back once per export).
//
// The header is exactly, one line each, LF line endings:
//   ply / format binary_little_endian 1.0 (or: format ascii 1.0) / comment ... / element vertex N /
//   property float x / property float y / property float z /
//   property uchar red / property uchar green / property uchar blue / end_header
#pragma once

#include "result.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace dicer::model {

struct PlyPoint {
    glm::vec3 position{0.f};
    glm::u8vec3 color{0};
};

enum class PlyFormat { BinaryLittleEndian, Ascii };
const char* plyFormatName(PlyFormat format); // "binary_little_endian" / "ascii", as in the header

// The whole file in memory. A non-finite coordinate is an error naming the point (PLY readers disagree on
// "nan"; a cloud with one is a bug upstream, not something to hand on). `comment` becomes one comment line:
// line breaks and other control characters in it are replaced by spaces; empty: no comment line. ASCII
// coordinates are the shortest text that reads back as the same float (std::to_chars), so both formats hold
// exactly the same values.
Result<std::string> encodePly(std::span<const PlyPoint> points, PlyFormat format,
                              std::string_view comment = {});

// encodePly, then writeWholeFile (file_read.h): an unwritable path, a missing folder or a full disk is an
// error naming the file and the system's reason, never a truncated file reported as written. The folder is
// not created.
Result<void> writePly(const std::filesystem::path& file, std::span<const PlyPoint> points, PlyFormat format,
                      std::string_view comment = {});

} // namespace dicer::model
