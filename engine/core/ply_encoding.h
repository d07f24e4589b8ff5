// What every PLY 1.0 file Dicer writes shares (Greg Turk, "The PLY Polygon File Format"; the point clouds of
// engine/model/ply_writer.h, the surfaces of engine/surface/surface_mesh.h): the header's first lines and the
// binary body's little-endian values. The byte order is spelled out byte by byte, so the file is
// little-endian on every host.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dicer::ply {

// "ply\nformat <format> 1.0\n", then "comment <comment>\n" when `comment` is not empty, with line breaks and
// other control characters in it replaced by spaces (one comment is one header line).
std::string headerStart(std::string_view format, std::string_view comment);

void appendUint32LittleEndian(std::string& out, std::uint32_t value);
void appendInt32LittleEndian(std::string& out, std::int32_t value);
void appendFloatLittleEndian(std::string& out, float value);

} // namespace dicer::ply
