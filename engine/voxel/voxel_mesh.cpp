// GPU upload of a mesh for the voxelizer (see voxel_mesh.h).
#include "voxel_mesh.h"

#include "voxel_shared.h"

#include <algorithm>
#include <string>

namespace dicer {
namespace {

template <class T> gl::Buffer uploadBuffer(const std::vector<T>& data, const char* label) {
    return gl::createBufferStorage(GLsizeiptr(data.size() * sizeof(T)), data.data(), 0, label);
}

} // namespace

TextureArrayPlan planTextureArray(const Mesh& mesh) {
    TextureArrayPlan plan;
    if (mesh.textures.empty()) return plan;
    for (const Image& image : mesh.textures) {
        plan.width = std::max(plan.width, image.width);
        plan.height = std::max(plan.height, image.height);
    }
    plan.layers = int(mesh.textures.size());
    for (size_t i = 0; i < mesh.textures.size(); ++i)
        plan.slots.emplace_back(float(mesh.textures[i].width) / float(plan.width),
                                float(mesh.textures[i].height) / float(plan.height), float(i), 0.f);
    return plan;
}

std::vector<VoxelVertex> packVertices(const Mesh& mesh) {
    std::vector<VoxelVertex> vertices(mesh.vertexCount());
    for (size_t i = 0; i < vertices.size(); ++i)
        vertices[i] = {glm::vec4(mesh.positions[i], 1.f), mesh.colors[i],
                       glm::vec4(mesh.texcoords[i], 0.f, 0.f)};
    return vertices;
}

std::vector<glm::uvec4> packTriangles(const Mesh& mesh) {
    std::vector<glm::uvec4> triangles(mesh.triangleCount());
    for (size_t t = 0; t < triangles.size(); ++t) {
        const int material = t < mesh.triangleMaterial.size() ? mesh.triangleMaterial[t] : -1;
        const int texture = material >= 0 ? mesh.materials[size_t(material)].textureIndex : -1;
        triangles[t] = {mesh.indices[t * 3], mesh.indices[t * 3 + 1], mesh.indices[t * 3 + 2],
                        std::uint32_t(texture + 1)};
    }
    return triangles;
}

Result<VoxelMeshGpu> uploadVoxelMesh(const Mesh& mesh, const gl::GlInfo& info) {
    if (mesh.empty()) return makeError("cannot voxelize an empty mesh (no triangles)");
    if (Result<void> valid = validateMesh(mesh); !valid) return makeError("invalid mesh: " + valid.error());

    // Limits first, so a refused mesh creates nothing.
    const GLint64 maxBlock = info.maxStorageBlockBytes;
    const auto triangles = GLint64(mesh.triangleCount());
    const GLint64 largest = std::max({GLint64(mesh.vertexCount()) * GLint64(sizeof(VoxelVertex)),
                                      triangles * GLint64(sizeof(shared::VoxTriangle)), triangles * 16});
    if (largest > maxBlock)
        return makeError("mesh too large to voxelize: " + std::to_string(mesh.triangleCount()) +
                         " triangles / " + std::to_string(mesh.vertexCount()) + " vertices need a " +
                         std::to_string(largest) + "-byte storage buffer, the driver allows " +
                         std::to_string(maxBlock));
    if (triangles > GLint64(VOX_MAX_TRIANGLES))
        return makeError("mesh too large to voxelize: " + std::to_string(mesh.triangleCount()) +
                         " triangles, at most " + std::to_string(VOX_MAX_TRIANGLES));
    const TextureArrayPlan plan = planTextureArray(mesh);
    const GLint64 maxSize = info.maxTextureSize, maxLayers = info.maxArrayTextureLayers;
    if (plan.width > maxSize || plan.height > maxSize || plan.layers > maxLayers)
        return makeError("mesh textures need a " + std::to_string(plan.width) + "x" +
                         std::to_string(plan.height) + "x" + std::to_string(plan.layers) +
                         " texture array; the driver allows " + std::to_string(maxSize) + "^2 x " +
                         std::to_string(maxLayers));

    VoxelMeshGpu gpu;
    gpu.triangleCount = std::uint32_t(mesh.triangleCount());
    gpu.vertices = uploadBuffer(packVertices(mesh), "voxelizer vertices");
    gpu.triangles = uploadBuffer(packTriangles(mesh), "voxelizer triangles");
    std::vector<glm::vec4> slots = plan.slots;
    if (slots.empty()) slots.emplace_back(1.f, 1.f, 0.f, 0.f); // a zero-size SSBO binding is an error
    gpu.textureSlots = uploadBuffer(slots, "voxelizer texture slots");
    gpu.setup = gl::createBufferStorage(GLsizeiptr(triangles * GLint64(sizeof(shared::VoxTriangle))), nullptr, 0,
                                        "voxelizer triangle setup");
    gpu.bins = gl::createBufferStorage(GLsizeiptr(triangles * 16), nullptr, 0, "voxelizer bins");

    gpu.textures = gl::createTexture(GL_TEXTURE_2D_ARRAY, "voxelizer textures");
    glTextureStorage3D(gpu.textures.id(), 1, GL_RGBA8, plan.width, plan.height, plan.layers);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (mesh.textures.empty()) {
        const std::uint8_t white[4] = {255, 255, 255, 255};
        glTextureSubImage3D(gpu.textures.id(), 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
    }
    for (size_t i = 0; i < mesh.textures.size(); ++i) {
        const Image& image = mesh.textures[i];
        glTextureSubImage3D(gpu.textures.id(), 0, 0, 0, GLint(i), image.width, image.height, 1, GL_RGBA,
                            GL_UNSIGNED_BYTE, image.rgba.data());
    }
    // Bilinear like a renderer would sample map_Kd; REPEAT is right for textures that fill their layer,
    // the shader wraps smaller ones by hand.
    glTextureParameteri(gpu.textures.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(gpu.textures.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(gpu.textures.id(), GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(gpu.textures.id(), GL_TEXTURE_WRAP_T, GL_REPEAT);
    return gpu;
}

} // namespace dicer
