#include "ply_encoding.h"

#include <bit>

namespace dicer::ply {

std::string headerStart(std::string_view format, std::string_view comment) {
    std::string h = "ply\nformat ";
    h += format;
    h += " 1.0\n";
    if (!comment.empty()) {
        std::string line(comment);
        for (char& c : line) // one comment is one line: no LF/CR (or other control bytes) inside
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
        h += "comment " + line + "\n";
    }
    return h;
}

void appendUint32LittleEndian(std::string& out, std::uint32_t value) {
    for (int byte = 0; byte < 4; ++byte) // explicit byte order: the file is little-endian on every host
        out.push_back(char((value >> (8 * byte)) & 0xffu));
}

void appendInt32LittleEndian(std::string& out, std::int32_t value) {
    appendUint32LittleEndian(out, std::bit_cast<std::uint32_t>(value)); // two's complement (C++20)
}

void appendFloatLittleEndian(std::string& out, float value) {
    appendUint32LittleEndian(out, std::bit_cast<std::uint32_t>(value));
}

} // namespace dicer::ply
