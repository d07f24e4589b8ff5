// glTF 2.0 (.gltf with its .bin and image files, .glb, data URIs) loading into a Mesh, the one the OBJ loader
// makes: the triangles of every mesh primitive the default scene reaches, placed by the node hierarchy
// (matrix or translation/rotation/scale), with the base-colour factor and texture (texture coordinate set 0)
// and the vertex colours (COLOR_0). Parsing: tinygltf 2.7.0 (Debian's libtinygltf-dev), guarded like
// tinyobjloader: the container and the JSON are checked first (gltf_scan.h), tinygltf reads no file itself
// (buffer files only beside the model, under a cap) and decodes no image, and everything it returns is checked
// against what it refers to before one byte is read (gltf_detail.h).
#pragma once

#include "load_limits.h"
#include "mesh.h"
#include "result.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model {

// True for the file names loadModelFile hands to loadGltf: ".gltf" and ".glb", in any case.
bool isGltfFileName(const std::filesystem::path& path);

// Loads a .gltf or .glb (told apart by the GLB magic, not the name). Failures (unreadable or malformed file,
// an index, offset, stride or count outside what it refers to, a non-finite position or transform, a node
// hierarchy that is no tree, limits exceeded, no triangles, extensionsRequired) are one error naming the file.
// Warnings (appended to `warnings` and logged): a texture that cannot be used (its material is untextured),
// extensions used but not required (ignored), points and lines (skipped), skins and morph targets (the rest
// pose is used), too many materials.
// What a glTF means, read as the specification says: texture coordinates with v down (stored flipped, v up,
// as Mesh expects), flat normals where a primitive has none, a node whose transform mirrors (negative
// determinant) has its triangles' winding reversed, strips and fans become triangle lists. Result: bounds
// computed; textures checked but not decoded (decodeTexturesOnCpu, image_loader.h, for CPU readers).
Result<Mesh> loadGltf(const std::filesystem::path& path, const LoadLimits& limits = {},
                      std::vector<std::string>* warnings = nullptr);

// The same from bytes in memory (also the fuzzing entry point). Buffer and image files resolve inside
// `baseDir`; an empty `baseDir` disables all file access (a buffer file is then an error, an image file a
// warning). `sourceName` is used in messages.
Result<Mesh> loadGltfFromMemory(std::string_view bytes, const std::filesystem::path& baseDir,
                                const LoadLimits& limits = {}, std::vector<std::string>* warnings = nullptr,
                                std::string_view sourceName = "<memory>");

} // namespace dicer::model
