// libFuzzer target for the OBJ/MTL loader (built only with -DDICER_BUILD_FUZZERS=ON, clang).
// Input: OBJ text, optionally followed by a NUL byte and MTL text. The MTL part is written to a private
// temporary folder as "f.mtl", so inputs containing "mtllib f.mtl" exercise the material path too; the
// folder also holds a valid 2x2 "t.png", so `map_Kd t.png` loads and textured triangles (and those left
// untextured for want of texture coordinates) are fuzzed as well.
// Every input must either fail with an error or produce a mesh that passes validateMesh.
#include "model_fuzz.h"
#include "obj_loader.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

// A private folder for f.mtl and t.png, removed when the fuzzer exits.
const std::filesystem::path& workDir() {
    static const dicer::fuzz::ScratchFolder dir("objfuzz");
    static const bool filled = (dicer::fuzz::writeFile(dir.path() / "t.png", dicer::fuzz::kTexturePng), true);
    (void)filled;
    return dir.path();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t split = input.find('\0');
    const std::string_view obj = input.substr(0, split);
    dicer::fuzz::writeFile(workDir() / "f.mtl", split != std::string_view::npos ? input.substr(split + 1) : "");
    dicer::model::LoadLimits limits = dicer::fuzz::smallLimits();
    limits.maxVertices = 1 << 16;
    limits.maxMtlBytes = 1 << 16;
    std::vector<std::string> warnings;
    dicer::Result<dicer::model::Mesh> mesh =
        dicer::model::loadObjFromMemory(obj, workDir(), limits, &warnings, "fuzz.obj");
    dicer::fuzz::checkLoadedMesh(mesh); // stb_image is still fuzzed behind the loader's checks
    return 0;
}
