// libFuzzer target for the glTF loader (built only with -DDICER_BUILD_FUZZERS=ON, clang). tinygltf's parser
// and nlohmann::json are compiled into the model wing (gltf_parse.cpp), so unlike tinyobjloader and stb_image
// they are instrumented: a memory error inside them is an ASan report here, not only a crash.
// Input: a .gltf's JSON or a .glb's bytes (the loader tells them apart by the GLB magic). They are loaded from
// memory with a private folder beside them that holds the test model's buffer (two_nodes.bin, 176 bytes, as
// tests/data/gltf/make_two_nodes.py writes it) and a 2x2 PNG (checker.png), so inputs naming those files reach
// the accessors, the primitives and the textures; any other name is a missing or refused file.
// Every input must either fail with an error or produce a mesh that passes validateMesh.
#include "gltf_loader.h"
#include "model_fuzz.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

// two_nodes.bin: the quad's positions, texture coordinates and indices, the triangle's interleaved positions
// and normals, its colours (make_two_nodes.py).
std::string testBuffer() {
    std::string bytes;
    auto floats = [&](std::initializer_list<float> values) {
        for (float v : values) {
            char raw[4];
            std::memcpy(raw, &v, 4);
            bytes.append(raw, 4);
        }
    };
    floats({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
    floats({0, 1, 1, 1, 1, 0, 0, 0});
    for (int i : {0, 1, 2, 0, 2, 3}) // uint16 indices, little-endian
        bytes.append({char(i & 0xff), char(i >> 8)});
    floats({0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1}); // position, normal; position, normal; ...
    bytes.append("\xff\x00\x00\xff\x00\xff\x00\xff\x00\x00\xff\xff", 12);
    return bytes;
}

// A private folder for checker.png and two_nodes.bin, removed when the fuzzer exits.
const std::filesystem::path& workDir() {
    static const dicer::fuzz::ScratchFolder dir("gltffuzz");
    static const bool filled = [] {
        const std::string buffer = testBuffer();
        if (buffer.size() != 176) std::abort();
        dicer::fuzz::writeFile(dir.path() / "checker.png", dicer::fuzz::kTexturePng);
        dicer::fuzz::writeFile(dir.path() / "two_nodes.bin", buffer);
        return true;
    }();
    (void)filled;
    return dir.path();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    dicer::model::LoadLimits limits = dicer::fuzz::smallLimits();
    limits.maxGltfBufferBytes = 1 << 20;
    limits.image.maxWidth = 1024;
    limits.image.maxHeight = 1024;
    std::vector<std::string> warnings;
    dicer::Result<dicer::model::Mesh> mesh =
        dicer::model::loadGltfFromMemory(input, workDir(), limits, &warnings, "fuzz.gltf");
    dicer::fuzz::checkLoadedMesh(mesh);
    return 0;
}
