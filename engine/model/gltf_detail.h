// The glTF loader's parts (gltf_loader.cpp's helpers, not an API for other code): the load's context, the
// guarded tinygltf parse (gltf_parse.cpp), checked accessor reads (gltf_accessors.cpp) and the materials with
// their base-colour textures (gltf_materials.cpp). tinygltf's structures are trusted for nothing: every index,
// offset, stride and count it hands over is checked here against what it refers to.
#pragma once

#include "load_context.h"
#include "mesh.h"
#include "result.h"

#include <tiny_gltf.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model::gltf_detail {

// The glTF default material's base colour (specification, 3.9.2): white. Triangles without a usable material
// keep their vertex colours as they are.
constexpr glm::vec3 kDefaultBaseColor{1.f};

// One load (load_context.h): the glTF loader needs nothing beyond what both loaders share.
using GltfContext = LoadContext;

// tinygltf's parse of the JSON (`binary`: a .glb checked by splitGlb, whose bytes these are; otherwise the
// JSON text) with our file access: buffer files only inside baseDir (resolveInsideFolder), read with the
// buffers' budget (limits.maxGltfBufferBytes); images never loaded nor decoded by tinygltf (a data URI's
// bytes are kept as they are, Image::as_is; files and buffer views are left to gltf_materials.cpp).
Result<tinygltf::Model> parseGltfDocument(std::string_view bytes, bool binary, GltfContext& ctx);

// An accessor checked against its buffer view and buffer: every element lies inside both. Its values are
// read with component() (normalized integers as the spec maps them to [0, 1]).
struct CheckedAccessor {
    const std::uint8_t* data = nullptr; // the first element; nullptr: no buffer view, every value is 0
    size_t stride = 0;                  // bytes from one element to the next
    size_t count = 0;
    int componentType = 0; // TINYGLTF_COMPONENT_TYPE_*
    int components = 0;    // 1 (SCALAR) to 4 (VEC4)
    bool normalized = false;

    double component(size_t element, int c) const;
};

// What a use of an accessor allows: its components (VEC3, or VEC3/VEC4 for colours) and component types.
struct AccessorRule {
    std::string what; // "mesh 0 primitive 1 POSITION", ... for messages
    int minComponents, maxComponents;
    bool floats;             // FLOAT
    bool normalizedUnsigned; // normalized UNSIGNED_BYTE / UNSIGNED_SHORT
    bool unsignedIntegers;   // UNSIGNED_BYTE / SHORT / INT, not normalized (indices)
};
Result<CheckedAccessor> checkAccessor(const tinygltf::Model& model, int index, const AccessorRule& rule,
                                      const GltfContext& ctx);

// The bytes of a buffer view, checked against its buffer (images in a .glb). Errors without the source: they
// become warnings.
Result<std::string_view> bufferViewBytes(const tinygltf::Model& model, int index);

// glTF materials as the Mesh's. Base-colour textures (texture coordinate set 0) are checked against the
// texture budget; a texture that cannot be used is a warning and its material is untextured.
struct MaterialTable {
    std::vector<int> ofGltf;         // glTF material i -> index in mesh.materials, or -1 (over
                                     // limits.maxMaterials: the default material)
    std::vector<int> untexturedCopy; // mesh material -> its untextured copy, made when first needed (-1)
};
MaterialTable convertMaterials(const tinygltf::Model& model, GltfContext& ctx, Mesh& mesh);

// One triangle primitive of a glTF mesh in the mesh's own space, read once however many nodes place it: only
// the vertices its triangles use (so a node placing it costs its triangles, not its accessors' counts).
struct GltfPrimitive {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // empty: none in the file, flat normals per triangle (specification)
    std::vector<glm::vec2> texcoords;   // empty: none; else v up, as Mesh keeps them
    std::vector<glm::vec3> colours;     // empty: none (white)
    std::vector<std::uint32_t> corners; // 3 per triangle, into positions
    int material = -1;                  // in mesh.materials; -1: the default material
    size_t triangleCount() const { return corners.size() / 3; }
};

// The triangle primitives of glTF mesh `meshIndex` (strips and fans as lists). Points and lines have no
// triangles: they are counted in `skipped`. Errors name the mesh, primitive and accessor.
Result<std::vector<GltfPrimitive>> readMeshPrimitives(const tinygltf::Model& model, int meshIndex,
                                                      MaterialTable& materials, GltfContext& ctx, Mesh& mesh,
                                                      size_t& skipped);

// The primitives placed by a node's world transform, appended to `mesh` (limits.maxTriangles in all). `where`
// ("node 3 (mesh 1)") starts its errors.
Result<void> appendInstance(const std::vector<GltfPrimitive>& primitives, const glm::dmat4& world,
                            const std::string& where, const GltfContext& ctx, Mesh& mesh);

} // namespace dicer::model::gltf_detail
