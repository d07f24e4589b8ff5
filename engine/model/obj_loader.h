// Wavefront OBJ (+ MTL + PNG/JPEG map_Kd) loading into a Mesh, via tinyobjloader (Debian 12: v2.0.0rc10).
//
// rc10 is unsafe on hostile input: it keeps out-of-range positive and negative indices (CVE-2020-28589),
// reads "nan"/"inf" as 0 and overflows to inf, and opens any `mtllib` path (`mtllib /dev/zero` ends in
// bad_alloc). So the text is checked by obj_scan.h before tinyobjloader sees it, materials are read by us
// (inside the model's folder only) and handed over as text, and the parsed result is validated again.
#pragma once

#include "image_loader.h"
#include "mesh.h"
#include "result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model {

struct LoadLimits {
    std::uintmax_t maxObjBytes = 1ull << 30;     // the .obj itself
    std::uintmax_t maxMtlBytes = 4ull << 20;     // each .mtl; real ones are a few KiB
    size_t maxVertices = 16'000'000;             // per attribute: `v`, `vn` and `vt` lines each
    size_t maxTriangles = 16'000'000;            // after triangulation (n-gon = n-2 triangles)
    size_t maxMaterials = 4096;                  // tinyobjloader's material_t is ~1 KiB each
    size_t maxTextures = 64;                     // distinct map_Kd images
    std::uintmax_t maxTextureBytes = 1ull << 30; // all decoded textures together
    ImageLimits image{};                         // each texture
};

// One texture of a model whose textures already take `usedBytes` decoded: refused, before decoding, when its
// RGBA8 size (from the header) would take the total past limits.maxTextureBytes; otherwise checked like a
// decode would (checkImageRgba8) but not decoded: the result holds the file and its size, and its pixels are
// decoded when uploaded (MeshTexture, mesh.h). Errors name the file.
Result<MeshTexture> checkTextureWithinBudget(const std::filesystem::path& path, const LoadLimits& limits,
                                             std::uintmax_t usedBytes);

// Loads an OBJ file. Failures (unreadable file, malformed or out-of-range data, limits exceeded, no
// triangles) are errors naming the file and, where known, the line. Missing or refused .mtl files and
// textures are warnings (appended to `warnings` and logged); their triangles fall back to grey.
// Lenient where it costs nothing: texcoord and normal indices that point nowhere (`f 1/1/1 ...` in a file
// without `vn` lines, a relative index before the first `vt`) drop that attribute at those corners, with one
// warning per attribute naming the first such line and how many more; the model loads. Position indices
// stay strict. A triangle with a corner without texture coordinates (dropped or absent) is untextured: it
// uses an untextured copy of its material ("<name> (untextured)", Kd or grey), never a texture lookup.
// Result: indexed (see mesh.h), normals generated where the file has none, bounds computed; textures checked
// but not decoded (decodeTexturesOnCpu, image_loader.h, for CPU readers).
Result<Mesh> loadObj(const std::filesystem::path& path, const LoadLimits& limits = {},
                     std::vector<std::string>* warnings = nullptr);

// The same from text in memory. .mtl and texture names resolve inside `baseDir`; an empty `baseDir`
// disables all file access (materials then become warnings). `sourceName` is used in messages.
Result<Mesh> loadObjFromMemory(std::string_view objText, const std::filesystem::path& baseDir,
                               const LoadLimits& limits = {}, std::vector<std::string>* warnings = nullptr,
                               std::string_view sourceName = "<memory>");

} // namespace dicer::model
