// Wavefront OBJ (+ MTL + PNG/JPEG map_Kd) loading into a Mesh, via tinyobjloader (Debian 12: v2.0.0rc10).
//
// rc10 is unsafe on hostile input: it keeps out-of-range positive and negative indices (CVE-2020-28589),
// reads "nan"/"inf" as 0 and overflows to inf, and opens any `mtllib` path (`mtllib /dev/zero` ends in
// bad_alloc). So the text is checked by obj_scan.h before tinyobjloader sees it, materials are read by us
// (inside the model's folder only) and handed over as text, and the parsed result is validated again.
#pragma once

#include "load_limits.h"
#include "mesh.h"
#include "result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model {

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
