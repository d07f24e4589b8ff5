// The voxelizer's GPU copy of a Mesh: storage buffers for vertex pulling (no vertex arrays), the map_Kd
// textures as one RGBA8 2D array texture (a fragment may sample any triangle's texture, and GLSL 4.5
// cannot index an array of samplers with a non-uniform index), and the per-triangle scratch buffers the
// voxelizer's setup pass writes every frame. Packing is split from the upload so it is testable without GL.
//
// Chunks: no single storage buffer may exceed GL_MAX_SHADER_STORAGE_BLOCK_SIZE (128 MiB on llvmpipe, i.e.
// 1.2 M triangles of setup data), so a large mesh is split into runs of consecutive triangles, each with its
// own buffers and its own copy of the vertices it uses (indices rebased to them). The voxelizer runs every
// pass once per chunk, in chunk order, with global triangle ids, so the atlas does not depend on the
// chunking (tests/voxelizer_chunks_gltest.cpp).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "mesh.h"
#include "result.h"
#include "voxel_shared.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace dicer::voxel {

// One mesh vertex as the shaders read it: the struct itself is shared with GLSL (voxel_shared.h).
using VoxelVertex = shared::VoxVertex;

// Where the textures go in the 2D array: every layer is width x height (the largest texture); texture i
// sits at the origin of layer i, and slots[i] = (its width / width, its height / height, i, 0) lets the
// shader scale (and wrap) texcoords into it. Without textures: one 1x1 layer and no slots.
struct TextureArrayPlan {
    int width = 1, height = 1, layers = 1;
    std::vector<glm::vec4> slots;
};
TextureArrayPlan planTextureArray(const model::Mesh& mesh);

// The mesh's map_Kd textures on the GPU: ONE copy, which the voxelizer and the demo's shaded-mesh view both
// sample (the view with a sampler2DArray and the same slots). Shared ownership (shared_ptr) rather than one
// owner lending it to the other: the two are updated by separate calls (the view only after the voxelizer
// accepted a new mesh), so a borrowed pointer would dangle in between; shared, the old array lives until both
// have moved on, then is deleted. (So while a new model replaces the old, both arrays exist for a moment: the
// old must stay if the new one fails.) Both hold it only through const: nobody writes it after the upload.
struct MeshTextureArray {
    gl::Texture texture; // GL_TEXTURE_2D_ARRAY, RGBA8, one level (no mipmaps: +1/3 memory for a preview)
    TextureArrayPlan plan;
    std::uint64_t bytes() const {
        return std::uint64_t(plan.width) * std::uint64_t(plan.height) * 4 * plan.layers;
    }
};

// The most the array may take. The loader caps the textures' own decoded sizes (LoadLimits::maxTextureBytes,
// 1 GiB), but the array pads every layer to the largest texture: one 8192^2 texture and 63 small ones would
// need 16 GiB. Refused with a message instead of left to the driver.
inline constexpr std::uint64_t kMaxMeshTextureArrayBytes = 1ull << 30;

// Makes the array: checks the driver's limits and kMaxMeshTextureArrayBytes, allocates it (GL_OUT_OF_MEMORY
// and any other error is one message naming the size), then decodes, uploads and frees the textures ONE AT A
// TIME (meshTexturePixels, image_loader.h), so the CPU holds one decoded texture at most (stb_image needs
// about twice that while it decodes). A texture that no longer decodes is an error naming it and its
// material. On error nothing is kept.
Result<std::shared_ptr<const MeshTextureArray>> uploadMeshTextures(const model::Mesh& mesh,
                                                                   const gl::GlInfo& info);

std::vector<VoxelVertex> packVertices(const model::Mesh& mesh);
// uvec4 per triangle: the three vertex indices and the texture slot + 1 (0 = untextured).
std::vector<glm::uvec4> packTriangles(const model::Mesh& mesh);

// Bytes per triangle and per vertex in a chunk's buffers: the setup record is the largest per triangle.
inline constexpr std::int64_t kChunkBytesPerTriangle = sizeof(shared::VoxTriangle);
inline constexpr std::int64_t kChunkBytesPerVertex = sizeof(VoxelVertex);

// A run of consecutive triangles whose buffers each fit in maxBlockBytes: at most maxBlockBytes / 112
// triangles (minus one for the bins buffer's tail, see below) and maxBlockBytes / 48 distinct vertices.
struct ChunkRange {
    std::uint32_t firstTriangle = 0, triangleCount = 0, vertexCount = 0;
};
// Greedy, in triangle order. Empty when one triangle's data alone does not fit (maxBlockBytes < 3 * 48).
std::vector<ChunkRange> planChunks(const model::Mesh& mesh, std::int64_t maxBlockBytes);
// The chunk's vertices (first use order) and its triangles with indices rebased to them.
void packChunk(const model::Mesh& mesh, const ChunkRange& range, std::vector<VoxelVertex>& vertices,
               std::vector<glm::uvec4>& triangles);

struct VoxelMeshChunk {
    gl::Buffer vertices;  // VoxelVertex per vertex of the chunk (VOX_BIND_VERTICES)
    gl::Buffer triangles; // packTriangles, indices into this chunk's vertices (VOX_BIND_TRIANGLES)
    gl::Buffer setup;     // VoxTriangle per triangle (VOX_BIND_SETUP), GPU-only
    // uvec4 per triangle (VOX_BIND_BINS), GPU-only, plus one uvec4 at the end: the compute method's
    // indirect dispatch (voxelize_compute.comp.glsl) reuses it as its list of large triangles.
    gl::Buffer bins;
    std::uint32_t firstTriangle = 0, triangleCount = 0;
};

struct VoxelMeshGpu {
    std::vector<VoxelMeshChunk> chunks; // in triangle order
    gl::Buffer textureSlots;            // TextureArrayPlan::slots, at least one entry (VOX_BIND_TEXTURES)
    std::shared_ptr<const MeshTextureArray> textures; // never null after uploadVoxelMesh
    std::uint32_t triangleCount = 0;
};

// Validates the mesh (validateMesh, at least one triangle) and the driver's limits (texture size, array
// layers, storage block size: GlInfo), splits it into chunks of at most maxChunkBytes per buffer (0: the
// driver's storage block size; smaller values are a test hook), then uploads. Errors say what was too large;
// on error nothing is created.
Result<VoxelMeshGpu> uploadVoxelMesh(const model::Mesh& mesh, const gl::GlInfo& info,
                                     std::int64_t maxChunkBytes = 0);

} // namespace dicer::voxel
