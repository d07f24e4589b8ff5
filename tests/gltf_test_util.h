// The glTF test model (tests/data/gltf, made by make_two_nodes.py there) copied into a private folder, and the
// edits the loader tests make to it: JSON text replaced, buffers as data URIs, a .glb's bytes patched.
#pragma once

#include "test_files.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

namespace dicer::test {

inline std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot read " << path;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::filesystem::path gltfDataDir() {
    return std::filesystem::path(DICER_TEST_DATA_DIR) / "gltf";
}

// The JSON with `from` replaced by `to` (once; a test of a missing `from` fails, it does not pass silently).
inline std::string replaced(std::string text, std::string_view from, std::string_view to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "'" << from << "' is not in the glTF";
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

inline std::string base64(std::string_view bytes) {
    static const char* kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16;
        if (i + 1 < bytes.size()) v |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) v |= std::uint8_t(bytes[i + 2]);
        out += kDigits[(v >> 18) & 63];
        out += kDigits[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? kDigits[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? kDigits[v & 63] : '=';
    }
    return out;
}

// The little-endian uint32 at `at` of a .glb's bytes, overwritten.
inline std::string patchedLe32(std::string bytes, size_t at, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        bytes[at + size_t(i)] = char((value >> (8 * i)) & 0xff);
    return bytes;
}

// The committed test model in a folder of its own: two_nodes.{gltf,bin,glb}, two_nodes_embedded.gltf,
// checker.png, two_nodes.{obj,mtl}.
class GltfFolder {
public:
    GltfFolder() {
        for (const char* name : {"two_nodes.gltf", "two_nodes.bin", "two_nodes.glb",
                                 "two_nodes_embedded.gltf", "checker.png", "two_nodes.obj", "two_nodes.mtl"})
            m_dir.write(name, readBytes(gltfDataDir() / name));
    }
    const std::filesystem::path& path() const { return m_dir.path(); }
    std::filesystem::path write(const std::string& name, std::string_view bytes) const {
        return m_dir.write(name, bytes);
    }
    std::string json() const { return readBytes(m_dir.path() / "two_nodes.gltf"); }
    std::string bin() const { return readBytes(m_dir.path() / "two_nodes.bin"); }
    std::string glb() const { return readBytes(m_dir.path() / "two_nodes.glb"); }

private:
    TempDir m_dir;
};

} // namespace dicer::test
