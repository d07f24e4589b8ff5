// What a model file may cost: the caps every model loader (OBJ, glTF) enforces before it allocates, and the
// texture budget their textures are counted against before any pixel is decoded (docs/RELIABILITY.md lists
// each limit and why).
#pragma once

#include "image_loader.h"
#include "mesh.h"
#include "result.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace dicer::model {

struct LoadLimits {
    std::uintmax_t maxObjBytes = 1ull << 30;     // the .obj itself
    std::uintmax_t maxMtlBytes = 4ull << 20;     // each .mtl; real ones are a few KiB
    size_t maxVertices = 16'000'000;             // OBJ: per attribute (`v`, `vn`, `vt`) (a glTF mesh has at
                                                 // most 3 vertices per triangle: maxTriangles bounds it)
    size_t maxTriangles = 16'000'000;            // after triangulation (n-gon = n-2 triangles), glTF: after
                                                 // node instancing
    size_t maxMaterials = 4096;                  // tinyobjloader's material_t is ~1 KiB each
    size_t maxTextures = 64;                     // distinct map_Kd / base-colour images
    std::uintmax_t maxTextureBytes = 1ull << 30; // all decoded textures together
    ImageLimits image{};                         // each texture
    // glTF (gltf_loader.h). tinygltf holds the JSON text, its parsed tree and every buffer in memory at once,
    // and a .glb's BIN chunk a second time while it copies it into its buffer: a 1 GiB .glb peaks near 2 GiB.
    std::uintmax_t maxGltfBytes = 1ull << 30;       // the .gltf or .glb file
    std::uintmax_t maxGltfJsonBytes = 256ull << 20; // its JSON (a .gltf, or a .glb's JSON chunk): the parsed
                                                    // tree takes several times the text; data URIs decode
                                                    // to 3/4 of their text, so this bounds them too
    std::uintmax_t maxGltfBufferBytes = 1ull << 30; // all buffers together (.bin files, BIN chunk, data URIs)
};

// One texture of a model whose textures already take `usedBytes` decoded: refused, before decoding, when its
// RGBA8 size (from the header) would take the total past limits.maxTextureBytes; otherwise checked like a
// decode would (checkImageRgba8) but not decoded: the result holds the file and its size, and its pixels are
// decoded when uploaded (MeshTexture, mesh.h). Errors name the file.
Result<MeshTexture> checkTextureWithinBudget(const std::filesystem::path& path, const LoadLimits& limits,
                                             std::uintmax_t usedBytes);

// The same for an image the model file itself holds (a glTF's data URI or buffer view): the encoded bytes
// are kept (MeshTexture::encoded) and decoded on upload. Refused over limits.image.maxFileBytes, like a file.
// `name` is used in messages.
Result<MeshTexture> checkEmbeddedTextureWithinBudget(std::shared_ptr<const std::string> encoded,
                                                     std::string_view name, const LoadLimits& limits,
                                                     std::uintmax_t usedBytes);

} // namespace dicer::model
