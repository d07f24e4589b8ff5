#include "ply_writer.h"

#include "file_read.h"
#include "ply_encoding.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace dicer::model {
namespace {

constexpr size_t kBinaryPointBytes = 3 * sizeof(float) + 3; // packed: PLY has no padding

std::string header(size_t count, PlyFormat format, std::string_view comment) {
    std::string h = ply::headerStart(plyFormatName(format), comment);
    h += "element vertex " + std::to_string(count) + "\n";
    h += "property float x\nproperty float y\nproperty float z\n";
    h += "property uchar red\nproperty uchar green\nproperty uchar blue\n";
    h += "end_header\n";
    return h;
}

void appendFloatText(std::string& out, float value) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value); // shortest round-trip form
    (void)ec;                                                     // 32 characters hold any float
    out.append(buf, end);
}

} // namespace

const char* plyFormatName(PlyFormat format) {
    return format == PlyFormat::Ascii ? "ascii" : "binary_little_endian";
}

Result<std::string> encodePly(std::span<const PlyPoint> points, PlyFormat format, std::string_view comment) {
    for (size_t i = 0; i < points.size(); ++i) {
        const glm::vec3& p = points[i].position;
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return makeError("PLY: point " + std::to_string(i) + " has a non-finite coordinate");
    }
    std::string out = header(points.size(), format, comment);
    if (format == PlyFormat::BinaryLittleEndian) {
        out.reserve(out.size() + points.size() * kBinaryPointBytes);
        for (const PlyPoint& p : points) {
            ply::appendFloatLittleEndian(out, p.position.x);
            ply::appendFloatLittleEndian(out, p.position.y);
            ply::appendFloatLittleEndian(out, p.position.z);
            out.push_back(char(p.color.r));
            out.push_back(char(p.color.g));
            out.push_back(char(p.color.b));
        }
        return out;
    }
    out.reserve(out.size() + points.size() * 40);
    for (const PlyPoint& p : points) {
        for (int axis = 0; axis < 3; ++axis) {
            appendFloatText(out, p.position[axis]);
            out.push_back(' ');
        }
        out += std::to_string(p.color.r) + " " + std::to_string(p.color.g) + " " + std::to_string(p.color.b);
        out.push_back('\n');
    }
    return out;
}

Result<void> writePly(const std::filesystem::path& file, std::span<const PlyPoint> points, PlyFormat format,
                      std::string_view comment) {
    Result<std::string> bytes = encodePly(points, format, comment);
    if (!bytes) return makeError(bytes.error() + " (" + file.string() + " not written)");
    return writeWholeFile(file, *bytes, "PLY file");
}

} // namespace dicer::model
