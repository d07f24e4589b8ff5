// What the model fuzzers (obj_fuzzer, gltf_fuzzer) share (built only with -DDICER_BUILD_FUZZERS=ON, clang): the
// texture their inputs may name, the caps both set, and what each input's mesh must pass.
#pragma once

#include "fuzz_scratch.h"
#include "image_loader.h"
#include "load_limits.h"
#include "mesh.h"

#include <cstdlib>
#include <string_view>

namespace dicer::fuzz {

// A 2x2 RGBA8 PNG (zlib-compressed IDAT), 75 bytes: the texture the model fuzzers' inputs may name.
inline constexpr std::string_view kTexturePng{
    "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x02\x00\x00\x00\x02\x08"
    "\x06\x00\x00\x00\x72\xb6\x0d\x24\x00\x00\x00\x12\x49\x44\x41\x54\x78\xda\x63\xf8\xcf\xc0\xf0\x1f\x0c"
    "\x81\x34\x18\x00\x00\x49\xc8\x09\xf7\x03\xd9\x64\xf1\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82",
    75};

// Small caps keep each run fast; the limit checks themselves are part of what is fuzzed. Each fuzzer adds the
// caps of its own format.
inline model::LoadLimits smallLimits() {
    model::LoadLimits limits;
    limits.maxTriangles = 1 << 16;
    limits.maxMaterials = 64;
    return limits;
}

// A loaded mesh must be consistent (an error is fine). Textures are checked at load but decoded on upload:
// decode them here (embedded ones included), so the decode behind the loader's checks is fuzzed too. An error
// is fine; a crash is not.
inline void checkLoadedMesh(Result<model::Mesh>& mesh) {
    if (!mesh) return;
    if (!model::validateMesh(*mesh)) std::abort();
    (void)model::decodeTexturesOnCpu(*mesh);
}

} // namespace dicer::fuzz
