// The pre-checks of a glTF file (gltf_scan.h). GLB layout: glTF 2.0 specification, section 4.4 "Binary glTF
// Layout" (12-byte header: magic, version, length; chunks of length, type, data, 4-byte aligned).
#include "gltf_scan.h"

#include "file_read.h"

#include <cstdint>
#include <cstring>

namespace dicer::model {
namespace {

constexpr std::uint32_t kChunkJson = 0x4E4F534Au; // "JSON", little-endian
constexpr std::uint32_t kChunkBin = 0x004E4942u;  // "BIN\0"
constexpr size_t kHeaderBytes = 12, kChunkHeaderBytes = 8;

std::uint32_t readLe32(std::string_view bytes, size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | std::uint8_t(bytes[at + size_t(i)]);
    return v;
}

bool isHexDigit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hexValue(char c) {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

} // namespace

bool isGlb(std::string_view bytes) {
    return bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
}

Result<GlbChunks> splitGlb(std::string_view bytes, std::string_view source, const LoadLimits& limits) {
    const std::string at = std::string(source) + ": ";
    if (!isGlb(bytes)) return makeError(at + "not a binary glTF (no 'glTF' magic)");
    if (bytes.size() < kHeaderBytes + kChunkHeaderBytes)
        return makeError(at + "binary glTF of " + std::to_string(bytes.size()) +
                         " bytes is shorter than its header and first chunk header (20 bytes)");
    if (const std::uint32_t version = readLe32(bytes, 4); version != 2)
        return makeError(at + "binary glTF version " + std::to_string(version) + "; only version 2 is read");
    if (const std::uint32_t length = readLe32(bytes, 8); length != bytes.size())
        return makeError(at + "binary glTF header says " + std::to_string(length) + " bytes, the file has " +
                         std::to_string(bytes.size()));
    const std::uint64_t jsonBytes = readLe32(bytes, 12);
    if (readLe32(bytes, 16) != kChunkJson)
        return makeError(at + "the first chunk of a binary glTF is not JSON");
    if (jsonBytes == 0) return makeError(at + "the JSON chunk is empty");
    if (jsonBytes > limits.maxGltfJsonBytes)
        return makeError(at + "the JSON chunk has " + std::to_string(jsonBytes) +
                         " bytes, over the limit of " + std::to_string(limits.maxGltfJsonBytes));
    const std::uint64_t jsonEnd = kHeaderBytes + kChunkHeaderBytes + jsonBytes;
    if (jsonEnd > bytes.size())
        return makeError(at + "the JSON chunk's " + std::to_string(jsonBytes) +
                         " bytes reach past the end of the " + std::to_string(bytes.size()) + "-byte file");
    GlbChunks chunks;
    chunks.json = bytes.substr(kHeaderBytes + kChunkHeaderBytes, size_t(jsonBytes));
    if (jsonEnd == bytes.size()) return chunks; // no BIN chunk (a glTF whose buffers are files or data URIs)
    // tinygltf reads the chunk after JSON as BIN without looking further: check it the way it will be read.
    if (jsonEnd + kChunkHeaderBytes > bytes.size())
        return makeError(at + "the chunk after JSON is cut off (" + std::to_string(bytes.size() - jsonEnd) +
                         " bytes left, 8 needed for its header)");
    const std::uint64_t binBytes = readLe32(bytes, size_t(jsonEnd));
    if (readLe32(bytes, size_t(jsonEnd) + 4) != kChunkBin)
        return makeError(at + "the chunk after JSON is not BIN");
    if (binBytes == 0 || binBytes % 4 != 0)
        return makeError(at + "the BIN chunk's length " + std::to_string(binBytes) +
                         " is not a positive multiple of 4");
    if (jsonEnd + kChunkHeaderBytes + binBytes > bytes.size())
        return makeError(at + "the BIN chunk's " + std::to_string(binBytes) +
                         " bytes reach past the end of the " + std::to_string(bytes.size()) + "-byte file");
    chunks.bin = bytes.substr(size_t(jsonEnd + kChunkHeaderBytes), size_t(binBytes));
    return chunks;
}

Result<void> scanGltfJson(std::string_view json, std::string_view source) {
    const std::string at = std::string(source) + ": ";
    int depth = 0;
    for (size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '"') { // skip the string, escapes included
            for (++i; i < json.size() && json[i] != '"'; ++i)
                if (json[i] == '\\') ++i;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxGltfJsonDepth)
                return makeError(at + "the JSON nests deeper than " + std::to_string(kMaxGltfJsonDepth) +
                                 " levels (at byte " + std::to_string(i) + ")");
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const size_t start = i;
            bool integer = true;
            while (i + 1 < json.size() &&
                   (std::strchr("+-.eE", json[i + 1]) || (json[i + 1] >= '0' && json[i + 1] <= '9'))) {
                ++i;
                integer = integer && json[i] >= '0' && json[i] <= '9';
            }
            if (!integer) continue;
            const std::string_view number = json.substr(start, i + 1 - start);
            const bool negative = number.front() == '-';
            std::string_view digits = number.substr(negative ? 1 : 0);
            while (digits.size() > 1 && digits.front() == '0')
                digits.remove_prefix(1);
            // 2^31 - 1 = 2147483647, and -2^31: compared as digit strings, so no number can overflow here.
            const std::string_view bound = negative ? "2147483648" : "2147483647";
            if (digits.size() > bound.size() || (digits.size() == bound.size() && digits > bound))
                return makeError(at + "the integer " + std::string(number.substr(0, 24)) + " at byte " +
                                 std::to_string(start) + " is outside the 32-bit range this loader reads");
        }
    }
    return {};
}

Result<std::string> percentDecode(std::string_view uri) {
    std::string out;
    out.reserve(uri.size());
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] != '%') {
            out.push_back(uri[i]);
            continue;
        }
        if (i + 2 >= uri.size() || !isHexDigit(uri[i + 1]) || !isHexDigit(uri[i + 2]))
            return makeError("URI " + dicer::quoted(uri) + " has a '%' not followed by two hex digits");
        const char decoded = char(hexValue(uri[i + 1]) * 16 + hexValue(uri[i + 2]));
        if (decoded == '\0') return makeError("URI " + dicer::quoted(uri) + " encodes a NUL byte");
        out.push_back(decoded);
        i += 2;
    }
    return out;
}

} // namespace dicer::model
