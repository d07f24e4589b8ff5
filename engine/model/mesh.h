// Triangle meshes on the CPU: what the voxelizer uploads. No GL here, so loaders and generators are testable
// without a context.
//
// Layout: an INDEXED triangle list. positions/normals/texcoords/colors are parallel per-vertex arrays of one
// size; `indices` holds three entries per triangle. Loaders split a vertex wherever its attributes differ
// (an OBJ corner with another normal, texcoord or material becomes its own vertex), so every attribute can
// be fetched with the one index.
#pragma once

#include "result.h"

#include <glm/glm.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace dicer::model {

// RGBA8 pixels, tightly packed. Row 0 is the BOTTOM row (already V-flipped), so OBJ texcoords (v up) and
// glTexImage2D (first row = t 0) both use it as is.
struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
};

// A map_Kd texture of a mesh. Loaded models keep only what the file's header said (width, height) and the
// file: the pixels are decoded when the GPU copy is made, one texture at a time, and freed right after upload
// (meshTexturePixels, image_loader.h). Holding every decoded texture of a model on the CPU cost up to
// LoadLimits::maxTextureBytes (1 GiB) for as long as the model was loaded, on top of the GL copies.
// Generated meshes and tests set the pixels (`rgba`) directly; decodeTexturesOnCpu makes a loaded mesh's
// textures resident for CPU readers (the CPU references in tests). An image held inside the model file (a
// glTF's data URI or buffer view) keeps its encoded bytes instead of a file: PNG/JPEG bytes are a fraction of
// the decoded pixels, and they are decoded on upload like a file.
struct MeshTexture : Image {
    std::filesystem::path file;   // where the pixels come from when `rgba` is empty
    std::uintmax_t fileBytes = 0; // the file's size when it was checked: a changed file is refused
    std::shared_ptr<const std::string> encoded; // or the PNG/JPEG bytes themselves (no file)
    MeshTexture() = default;
    MeshTexture(Image pixels) : Image(std::move(pixels)) {} // NOLINT: implicit, resident pixels
    bool resident() const { return !rgba.empty(); }
    std::uint64_t rgba8Bytes() const { return std::uint64_t(width) * std::uint64_t(height) * 4; }
};

struct Material {
    std::string name;
    glm::vec3 diffuse{0.8f};
    int textureIndex = -1; // into Mesh::textures, -1 = untextured
};

struct Mesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // same size as positions, unit length
    std::vector<glm::vec2> texcoords;   // same size; (0,0) where the source has none (the OBJ loader then
                                        // gives the triangle an untextured material: no texture lookup)
    std::vector<glm::vec4> colors;      // same size: vertex colour x material diffuse, alpha 1
    std::vector<std::uint32_t> indices; // 3 per triangle, counter-clockwise seen from the front side
    std::vector<int> triangleMaterial;  // one per triangle, index into materials or -1
    std::vector<Material> materials;
    std::vector<MeshTexture> textures;
    glm::vec3 boundsMin{0.f}, boundsMax{0.f}; // axis-aligned box of positions (see computeBounds)

    size_t triangleCount() const { return indices.size() / 3; }
    size_t vertexCount() const { return positions.size(); }
    bool empty() const { return indices.empty() || positions.empty(); }
    // Box of the positions; (0,0,0)-(0,0,0) for a mesh without vertices.
    void computeBounds();
    // Bytes of decoded texture pixels this mesh holds on the CPU (0 for a loaded model until
    // decodeTexturesOnCpu): what tests check to see that textures are not kept after upload.
    std::uint64_t residentTextureBytes() const;
};

// True when no component is NaN or infinite.
template <glm::length_t N> bool allFinite(const glm::vec<N, float>& v) {
    return !glm::any(glm::isnan(v)) && !glm::any(glm::isinf(v));
}

// Checks the invariants above (array sizes, index ranges, material/texture references, finite positions).
// Generators and loaders call it before returning, so a bug there surfaces as an error, not a GPU fault.
Result<void> validateMesh(const Mesh& mesh);

// Area-weighted smooth normals per vertex index (a vertex shared by triangles gets their weighted mean).
// Vertices of zero-area triangles only keep +Y, an arbitrary but finite choice.
void computeVertexNormals(Mesh& mesh);

// Volume enclosed by the triangles by the divergence theorem (sum of dot(p0, cross(p1, p2)) / 6): positive
// when a closed mesh winds counter-clockwise seen from outside. Meaningless for open meshes.
double signedVolume(const Mesh& mesh);

} // namespace dicer::model
