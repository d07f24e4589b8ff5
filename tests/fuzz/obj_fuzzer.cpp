// libFuzzer target for the OBJ/MTL loader (built only with -DDICER_BUILD_FUZZERS=ON, clang).
// Input: OBJ text, optionally followed by a NUL byte and MTL text. The MTL part is written to a private
// temporary folder as "f.mtl", so inputs containing "mtllib f.mtl" exercise the material path too; the
// folder also holds a valid 2x2 "t.png", so `map_Kd t.png` loads and textured triangles (and those left
// untextured for want of texture coordinates) are fuzzed as well.
// Every input must either fail with an error or produce a mesh that passes validateMesh.
#include "log.h"
#include "mesh.h"
#include "obj_loader.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

// A 2x2 RGBA8 PNG (zlib-compressed IDAT), 75 bytes.
constexpr std::string_view kTexturePng{
    "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x02\x00\x00\x00\x02\x08"
    "\x06\x00\x00\x00\x72\xb6\x0d\x24\x00\x00\x00\x12\x49\x44\x41\x54\x78\xda\x63\xf8\xcf\xc0\xf0\x1f\x0c"
    "\x81\x34\x18\x00\x00\x49\xc8\x09\xf7\x03\xd9\x64\xf1\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82",
    75};

// A private folder for f.mtl and t.png, removed when the fuzzer exits.
struct WorkDir {
    std::filesystem::path path;
    WorkDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "dicer-objfuzz-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) std::abort();
        path = pattern;
        std::ofstream png(path / "t.png", std::ios::binary);
        png.write(kTexturePng.data(), std::streamsize(kTexturePng.size()));
        if (!png) std::abort();
        dicer::log::setMinLevel(dicer::log::Level::Error); // warnings are expected on every other input
    }
    ~WorkDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

const std::filesystem::path& workDir() {
    static const WorkDir dir;
    return dir.path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t split = input.find('\0');
    const std::string_view obj = input.substr(0, split);
    {
        std::ofstream mtl(workDir() / "f.mtl", std::ios::binary | std::ios::trunc);
        if (split != std::string_view::npos) mtl << input.substr(split + 1);
    }
    // Small caps keep each run fast; the limit checks themselves are part of what is fuzzed.
    dicer::model::LoadLimits limits;
    limits.maxVertices = 1 << 16;
    limits.maxTriangles = 1 << 16;
    limits.maxMtlBytes = 1 << 16;
    limits.maxMaterials = 64;
    std::vector<std::string> warnings;
    dicer::Result<dicer::model::Mesh> mesh =
        dicer::model::loadObjFromMemory(obj, workDir(), limits, &warnings, "fuzz.obj");
    if (mesh && !dicer::model::validateMesh(*mesh)) std::abort(); // a loaded mesh must be consistent
    // Textures are checked at load but decoded on upload: decode them here, so stb_image is still fuzzed
    // behind the loader's checks. An error is fine; a crash is not.
    if (mesh) (void)dicer::model::decodeTexturesOnCpu(*mesh);
    return 0;
}
