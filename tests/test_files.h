// Temporary files for loader tests: each test writes its (often deliberately broken) inputs into its own
// directory under the system temp dir, never into the repository.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dicer::test {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "dicer-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }

    std::filesystem::path write(const std::string& name, std::string_view bytes) const {
        const std::filesystem::path file = m_path / name;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream out(file, std::ios::binary);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        EXPECT_TRUE(out.good()) << "cannot write " << file;
        return file;
    }

private:
    std::filesystem::path m_path;
};

// CRC-32 (ISO 3309 / PNG): reflected polynomial 0xEDB88320, bitwise.
inline std::uint32_t crc32(std::string_view bytes) {
    std::uint32_t crc = 0xffffffffu;
    for (unsigned char c : bytes) {
        crc ^= c;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xffffffffu;
}

inline void appendBe32(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(char((v >> shift) & 0xff));
}

// One PNG chunk: length, type, data and the CRC over type and data.
inline std::string pngChunk(std::string_view type, std::string_view data) {
    std::string typeAndData = std::string(type) + std::string(data);
    std::string chunk;
    appendBe32(chunk, std::uint32_t(data.size()));
    chunk += typeAndData;
    appendBe32(chunk, crc32(typeAndData));
    return chunk;
}

// A PNG that is only a signature and a well-formed IHDR chunk (RGBA8) claiming width x height.
inline std::string pngHeaderOnly(std::uint32_t width, std::uint32_t height) {
    std::string ihdr;
    appendBe32(ihdr, width);
    appendBe32(ihdr, height);
    ihdr += std::string("\x08\x06\x00\x00\x00", 5); // 8 bits, RGBA, deflate, no filter, no interlace
    return "\x89PNG\r\n\x1a\n" + pngChunk("IHDR", ihdr);
}

// The image data of a one-colour RGBA8 image before compression: each row a filter byte (0: none) and its
// pixels, every byte `value`.
inline std::string solidRgba8Rows(std::uint32_t width, std::uint32_t height, std::uint8_t value) {
    std::string raw;
    raw.reserve((size_t(width) * 4 + 1) * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        raw.push_back('\0');
        raw.append(size_t(width) * 4, char(value));
    }
    return raw;
}

// An RGBA8 PNG of width x height whose one IDAT chunk is `zlibStream`.
inline std::string pngRgba8(std::uint32_t width, std::uint32_t height, std::string_view zlibStream) {
    return pngHeaderOnly(width, height) + pngChunk("IDAT", zlibStream) + pngChunk("IEND", "");
}

// A valid RGBA8 PNG of one colour, written with stored (uncompressed) deflate blocks, so no zlib is needed.
// With `corrupt`, the IDAT chunk holds bytes that are no zlib stream (the header still says width x height).
inline std::string pngSolidRgba8(std::uint32_t width, std::uint32_t height, std::uint8_t value,
                                 bool corrupt = false) {
    if (corrupt) return pngRgba8(width, height, "not a zlib stream");
    const std::string raw = solidRgba8Rows(width, height, value);
    std::string z = "\x78\x01";
    for (size_t p = 0; p == 0 || p < raw.size(); p += 65535) {
        const size_t n = std::min<size_t>(65535, raw.size() - p);
        z.push_back(p + n >= raw.size() ? 1 : 0); // BFINAL on the last stored block
        z.push_back(char(n & 0xff));
        z.push_back(char(n >> 8));
        z.push_back(char(~n & 0xff));
        z.push_back(char((~n >> 8) & 0xff));
        z.append(raw, p, n);
    }
    std::uint32_t a = 1, b = 0; // Adler-32
    for (unsigned char c : raw) {
        a = (a + c) % 65521;
        b = (b + a) % 65521;
    }
    appendBe32(z, (b << 16) | a);
    return pngRgba8(width, height, z);
}

} // namespace dicer::test
