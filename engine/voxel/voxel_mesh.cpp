// GPU upload of a mesh for the voxelizer (see voxel_mesh.h).
#include "voxel_mesh.h"

#include "allocation.h"
#include "gl_debug.h"
#include "image_loader.h"
#include "voxel_shared.h"

#include <algorithm>
#include <string>

namespace dicer::voxel {
namespace {

constexpr std::uint32_t kNoVertex = 0xFFFFFFFFu;

template <class T> Result<gl::Buffer> uploadBuffer(const std::vector<T>& data, const char* label) {
    return gl::allocateBuffer(GLsizeiptr(data.size() * sizeof(T)), data.data(), 0, label);
}

std::string mib(std::uint64_t bytes) {
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

// "texture 'file' (material 'name', 8192x8192)" for messages.
std::string describeTexture(const model::Mesh& mesh, size_t index) {
    const model::MeshTexture& texture = mesh.textures[index];
    std::string text = "texture";
    if (!texture.file.empty()) text += " '" + texture.file.string() + "'";
    text += " (";
    for (const model::Material& material : mesh.materials)
        if (material.textureIndex == int(index)) {
            text += "material '" + material.name + "', ";
            break;
        }
    return text + std::to_string(texture.width) + "x" + std::to_string(texture.height) + ")";
}

Result<void> checkTextureArrayLimits(const TextureArrayPlan& plan, const gl::GlInfo& info) {
    const GLint64 maxSize = info.maxTextureSize, maxLayers = info.maxArrayTextureLayers;
    if (plan.width > maxSize || plan.height > maxSize || plan.layers > maxLayers)
        return makeError("mesh textures need a " + std::to_string(plan.width) + "x" +
                         std::to_string(plan.height) + "x" + std::to_string(plan.layers) +
                         " texture array; the driver allows " + std::to_string(maxSize) + "^2 x " +
                         std::to_string(maxLayers));
    const std::uint64_t bytes = std::uint64_t(plan.width) * std::uint64_t(plan.height) * 4 * plan.layers;
    if (bytes > kMaxMeshTextureArrayBytes)
        return makeError("mesh textures need a " + std::to_string(plan.width) + "x" +
                         std::to_string(plan.height) + "x" + std::to_string(plan.layers) +
                         " texture array (" + mib(bytes) +
                         ": every layer as large as the largest texture), over the " +
                         mib(kMaxMeshTextureArrayBytes) + " it may take");
    return {};
}

} // namespace

std::vector<ChunkRange> planChunks(const model::Mesh& mesh, std::int64_t maxBlockBytes) {
    std::vector<ChunkRange> chunks;
    const std::int64_t maxTriangles = maxBlockBytes / kChunkBytesPerTriangle - 1; // -1: the bins' tail
    const std::int64_t maxVertices = maxBlockBytes / kChunkBytesPerVertex;
    if (maxTriangles < 1 || maxVertices < 3) return chunks;
    const auto triangles = std::uint32_t(mesh.triangleCount());
    // The whole mesh in one chunk needs no rebasing: the common case costs no pass over the indices.
    if (triangles <= maxTriangles && std::int64_t(mesh.vertexCount()) <= maxVertices) {
        chunks.push_back({0, triangles, std::uint32_t(mesh.vertexCount())});
        return chunks;
    }
    std::vector<std::uint32_t> lastChunk(mesh.vertexCount(), kNoVertex); // chunk that last used a vertex
    ChunkRange current;
    for (std::uint32_t t = 0; t < triangles; ++t) {
        std::uint32_t fresh = 0;
        const auto chunk = std::uint32_t(chunks.size());
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t i = mesh.indices[size_t(t) * 3 + size_t(c)];
            // Repeated corners of one triangle count once.
            bool repeated = false;
            for (int d = 0; d < c; ++d)
                repeated = repeated || mesh.indices[size_t(t) * 3 + size_t(d)] == i;
            fresh += lastChunk[i] != chunk && !repeated;
        }
        if (current.triangleCount + 1 > maxTriangles || current.vertexCount + fresh > maxVertices) {
            chunks.push_back(current);
            current = {t, 0, 0};
            fresh = 0;
            for (int c = 0; c < 3; ++c) { // every corner is new in the next chunk
                const std::uint32_t i = mesh.indices[size_t(t) * 3 + size_t(c)];
                bool repeated = false;
                for (int d = 0; d < c; ++d)
                    repeated = repeated || mesh.indices[size_t(t) * 3 + size_t(d)] == i;
                fresh += !repeated;
            }
        }
        const auto now = std::uint32_t(chunks.size());
        for (int c = 0; c < 3; ++c)
            lastChunk[mesh.indices[size_t(t) * 3 + size_t(c)]] = now;
        current.triangleCount += 1;
        current.vertexCount += fresh;
    }
    chunks.push_back(current);
    return chunks;
}

void packChunk(const model::Mesh& mesh, const ChunkRange& range, std::vector<VoxelVertex>& vertices,
               std::vector<glm::uvec4>& triangles) {
    vertices.clear();
    triangles.clear();
    if (range.firstTriangle == 0 && range.triangleCount == mesh.triangleCount()) {
        vertices = packVertices(mesh);
        triangles = packTriangles(mesh);
        return;
    }
    vertices.reserve(range.vertexCount);
    triangles.reserve(range.triangleCount);
    std::vector<std::uint32_t> local(mesh.vertexCount(), kNoVertex); // mesh vertex -> chunk vertex
    for (std::uint32_t t = range.firstTriangle; t < range.firstTriangle + range.triangleCount; ++t) {
        const int material = t < mesh.triangleMaterial.size() ? mesh.triangleMaterial[t] : -1;
        const int texture = material >= 0 ? mesh.materials[size_t(material)].textureIndex : -1;
        glm::uvec4 tri(0u, 0u, 0u, std::uint32_t(texture + 1));
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t i = mesh.indices[size_t(t) * 3 + size_t(c)];
            if (local[i] == kNoVertex) {
                local[i] = std::uint32_t(vertices.size());
                vertices.push_back({glm::vec4(mesh.positions[i], 1.f), mesh.colors[i],
                                    glm::vec4(mesh.texcoords[i], 0.f, 0.f)});
            }
            tri[c] = local[i];
        }
        triangles.push_back(tri);
    }
}

TextureArrayPlan planTextureArray(const model::Mesh& mesh) {
    TextureArrayPlan plan;
    if (mesh.textures.empty()) return plan;
    for (const model::Image& image : mesh.textures) {
        plan.width = std::max(plan.width, image.width);
        plan.height = std::max(plan.height, image.height);
    }
    plan.layers = int(mesh.textures.size());
    for (size_t i = 0; i < mesh.textures.size(); ++i)
        plan.slots.emplace_back(float(mesh.textures[i].width) / float(plan.width),
                                float(mesh.textures[i].height) / float(plan.height), float(i), 0.f);
    return plan;
}

std::vector<VoxelVertex> packVertices(const model::Mesh& mesh) {
    std::vector<VoxelVertex> vertices(mesh.vertexCount());
    for (size_t i = 0; i < vertices.size(); ++i)
        vertices[i] = {glm::vec4(mesh.positions[i], 1.f), mesh.colors[i],
                       glm::vec4(mesh.texcoords[i], 0.f, 0.f)};
    return vertices;
}

std::vector<glm::uvec4> packTriangles(const model::Mesh& mesh) {
    std::vector<glm::uvec4> triangles(mesh.triangleCount());
    for (size_t t = 0; t < triangles.size(); ++t) {
        const int material = t < mesh.triangleMaterial.size() ? mesh.triangleMaterial[t] : -1;
        const int texture = material >= 0 ? mesh.materials[size_t(material)].textureIndex : -1;
        triangles[t] = {mesh.indices[t * 3], mesh.indices[t * 3 + 1], mesh.indices[t * 3 + 2],
                        std::uint32_t(texture + 1)};
    }
    return triangles;
}

Result<std::shared_ptr<const MeshTextureArray>> uploadMeshTextures(const model::Mesh& mesh,
                                                                   const gl::GlInfo& info) {
    auto array = std::make_shared<MeshTextureArray>();
    array->plan = planTextureArray(mesh);
    const TextureArrayPlan& plan = array->plan;
    if (Result<void> fits = checkTextureArrayLimits(plan, info); !fits) return makeError(fits.error());
    const std::string size = std::to_string(plan.width) + "x" + std::to_string(plan.height) + "x" +
                             std::to_string(plan.layers) + " RGBA8 texture array (" + mib(array->bytes()) +
                             ")";

    Result<gl::Texture> texture =
        gl::allocateTexture3D(GL_TEXTURE_2D_ARRAY, plan.width, plan.height, plan.layers, GL_RGBA8,
                              "mesh textures (voxelizer, mesh view)");
    if (!texture) return makeError(texture.error() + " (a " + size + ")");
    array->texture = std::move(texture.value());
    // The uploads' own errors: one left pending by earlier code is logged as such.
    gl::ErrorScope errors("uploadMeshTextures");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (mesh.textures.empty()) {
        const std::uint8_t white[4] = {255, 255, 255, 255};
        glTextureSubImage3D(array->texture.id(), 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
    }
    for (size_t i = 0; i < mesh.textures.size(); ++i) {
        model::Image scratch; // the one decoded texture in CPU memory, freed at the end of this iteration
        Result<const model::Image*> pixels = model::meshTexturePixels(mesh.textures[i], scratch);
        if (!pixels) return makeError(describeTexture(mesh, i) + ": " + pixels.error());
        const model::Image& image = **pixels;
        glTextureSubImage3D(array->texture.id(), 0, 0, 0, GLint(i), image.width, image.height, 1, GL_RGBA,
                            GL_UNSIGNED_BYTE, image.rgba.data());
        if (errors.ownErrors() != 0)
            return makeError("uploading " + describeTexture(mesh, i) + " into the " + size + " failed (" +
                             gl::errorName(errors.firstError()) + ")");
    }
    // Bilinear like a renderer would sample map_Kd; REPEAT is right for textures that fill their layer,
    // the shaders wrap smaller ones by hand.
    glTextureParameteri(array->texture.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(array->texture.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(array->texture.id(), GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(array->texture.id(), GL_TEXTURE_WRAP_T, GL_REPEAT);
    return std::shared_ptr<const MeshTextureArray>(std::move(array));
}

Result<VoxelMeshGpu> uploadVoxelMesh(const model::Mesh& mesh, const gl::GlInfo& info,
                                     std::int64_t maxChunkBytes) {
    if (mesh.empty()) return makeError("cannot voxelize an empty mesh (no triangles)");
    if (Result<void> valid = model::validateMesh(mesh); !valid)
        return makeError("invalid mesh: " + valid.error());

    // Limits first, so a refused mesh creates nothing.
    const std::int64_t maxBlock =
        maxChunkBytes > 0 ? std::min(maxChunkBytes, info.maxStorageBlockBytes) : info.maxStorageBlockBytes;
    const auto triangles = GLint64(mesh.triangleCount());
    if (triangles > GLint64(VOX_MAX_TRIANGLES))
        return makeError("mesh too large to voxelize: " + std::to_string(mesh.triangleCount()) +
                         " triangles, at most " + std::to_string(VOX_MAX_TRIANGLES));
    const std::vector<ChunkRange> chunks = planChunks(mesh, maxBlock);
    if (chunks.empty())
        return makeError("cannot voxelize: the driver's storage blocks (" + std::to_string(maxBlock) +
                         " bytes) cannot hold one triangle");
    const TextureArrayPlan plan = planTextureArray(mesh);
    if (Result<void> fits = checkTextureArrayLimits(plan, info); !fits) return makeError(fits.error());

    VoxelMeshGpu gpu;
    gpu.triangleCount = std::uint32_t(mesh.triangleCount());
    std::vector<VoxelVertex> vertices;
    std::vector<glm::uvec4> packed;
    for (const ChunkRange& range : chunks) { // packed and uploaded one at a time: one chunk in CPU memory
        packChunk(mesh, range, vertices, packed);
        VoxelMeshChunk chunk;
        chunk.firstTriangle = range.firstTriangle;
        chunk.triangleCount = range.triangleCount;
        // A refusal returns at once: the caller keeps its previous mesh, and this one's buffers are freed.
        auto take = [](gl::Buffer& into, Result<gl::Buffer> made) -> Result<void> {
            if (!made) return makeError(made.error());
            into = std::move(made.value());
            return {};
        };
        Result<void> r = take(chunk.vertices, uploadBuffer(vertices, "voxelizer vertices"));
        if (r) r = take(chunk.triangles, uploadBuffer(packed, "voxelizer triangles"));
        if (r)
            r = take(chunk.setup,
                     gl::allocateBuffer(GLsizeiptr(GLint64(range.triangleCount) * kChunkBytesPerTriangle),
                                        nullptr, 0, "voxelizer triangle setup"));
        if (r)
            r = take(chunk.bins, gl::allocateBuffer(GLsizeiptr((GLint64(range.triangleCount) + 1) * 16),
                                                    nullptr, 0, "voxelizer bins"));
        if (!r) return makeError(r.error());
        gpu.chunks.push_back(std::move(chunk));
    }
    std::vector<glm::vec4> slots = plan.slots;
    if (slots.empty()) slots.emplace_back(1.f, 1.f, 0.f, 0.f); // a zero-size SSBO binding is an error
    Result<gl::Buffer> textureSlots = uploadBuffer(slots, "voxelizer texture slots");
    if (!textureSlots) return makeError(textureSlots.error());
    gpu.textureSlots = std::move(textureSlots.value());

    Result<std::shared_ptr<const MeshTextureArray>> textures = uploadMeshTextures(mesh, info);
    if (!textures) return makeError(textures.error());
    gpu.textures = std::move(textures.value());
    return gpu;
}

} // namespace dicer::voxel
