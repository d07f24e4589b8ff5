// The voxelizer's GPU copy of a Mesh: storage buffers for vertex pulling (no vertex arrays), the map_Kd
// textures as one RGBA8 2D array texture (a fragment may sample any triangle's texture, and GLSL 4.5
// cannot index an array of samplers with a non-uniform index), and the per-triangle scratch buffers the
// voxelizer's setup pass writes every frame. Packing is split from the upload so it is testable without GL.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "mesh.h"
#include "result.h"
#include "voxel_shared.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <vector>

namespace dicer {

// One mesh vertex as the shaders read it: the struct itself is shared with GLSL (voxel_shared.h).
using VoxelVertex = shared::VoxVertex;

// Where the textures go in the 2D array: every layer is width x height (the largest texture); texture i
// sits at the origin of layer i, and slots[i] = (its width / width, its height / height, i, 0) lets the
// shader scale (and wrap) texcoords into it. Without textures: one 1x1 layer and no slots.
struct TextureArrayPlan {
    int width = 1, height = 1, layers = 1;
    std::vector<glm::vec4> slots;
};
TextureArrayPlan planTextureArray(const Mesh& mesh);

std::vector<VoxelVertex> packVertices(const Mesh& mesh);
// uvec4 per triangle: the three vertex indices and the texture slot + 1 (0 = untextured).
std::vector<glm::uvec4> packTriangles(const Mesh& mesh);

struct VoxelMeshGpu {
    gl::Buffer vertices;     // VoxelVertex per vertex (VOX_BIND_VERTICES)
    gl::Buffer triangles;    // packTriangles (VOX_BIND_TRIANGLES)
    gl::Buffer textureSlots; // TextureArrayPlan::slots, at least one entry (VOX_BIND_TEXTURES)
    gl::Texture textures;    // GL_TEXTURE_2D_ARRAY, RGBA8
    gl::Buffer setup;        // VoxTriangle per triangle (VOX_BIND_SETUP), GPU-only
    gl::Buffer bins;         // uvec4 per triangle (VOX_BIND_BINS), GPU-only
    std::uint32_t triangleCount = 0;
};

// Validates the mesh (validateMesh, at least one triangle) and the driver's limits (texture size, array
// layers, storage block size), then uploads. Errors say what was too large; on error nothing is created.
Result<VoxelMeshGpu> uploadVoxelMesh(const Mesh& mesh, const gl::GlInfo& info); // checked against its limits

} // namespace dicer
