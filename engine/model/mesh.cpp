// Mesh bookkeeping: bounds, invariant checks, area-weighted vertex normals and the divergence-theorem
// signed volume (used by tests to check outward winding). Declarations and layout rules: mesh.h.
#include "mesh.h"

#include <cmath>
#include <limits>

namespace dicer::model {

void Mesh::computeBounds() {
    if (positions.empty()) {
        boundsMin = boundsMax = glm::vec3(0.f);
        return;
    }
    boundsMin = glm::vec3(std::numeric_limits<float>::max());
    boundsMax = glm::vec3(std::numeric_limits<float>::lowest());
    for (const glm::vec3& p : positions) {
        boundsMin = glm::min(boundsMin, p);
        boundsMax = glm::max(boundsMax, p);
    }
}

std::uint64_t Mesh::residentTextureBytes() const {
    std::uint64_t bytes = 0;
    for (const MeshTexture& texture : textures)
        bytes += texture.rgba.size();
    return bytes;
}

Result<void> validateMesh(const Mesh& mesh) {
    const size_t n = mesh.positions.size();
    if (mesh.normals.size() != n || mesh.texcoords.size() != n || mesh.colors.size() != n)
        return makeError("mesh attribute arrays differ in size (" + std::to_string(n) + " positions, " +
                         std::to_string(mesh.normals.size()) + " normals, " +
                         std::to_string(mesh.texcoords.size()) + " texcoords, " +
                         std::to_string(mesh.colors.size()) + " colors)");
    if (n > std::numeric_limits<std::uint32_t>::max())
        return makeError("mesh has more vertices than 32-bit indices can address");
    if (mesh.indices.size() % 3 != 0) return makeError("mesh index count is not a multiple of 3");
    if (mesh.triangleMaterial.size() != mesh.triangleCount())
        return makeError("mesh has " + std::to_string(mesh.triangleMaterial.size()) +
                         " triangle materials for " + std::to_string(mesh.triangleCount()) + " triangles");
    for (std::uint32_t index : mesh.indices)
        if (index >= n) return makeError("mesh index " + std::to_string(index) + " is out of range");
    for (int material : mesh.triangleMaterial)
        if (material < -1 || material >= int(mesh.materials.size()))
            return makeError("triangle material " + std::to_string(material) + " is out of range");
    for (const Material& material : mesh.materials)
        if (material.textureIndex < -1 || material.textureIndex >= int(mesh.textures.size()))
            return makeError("material '" + material.name + "' refers to a missing texture");
    for (const MeshTexture& texture : mesh.textures)
        if (texture.width < 1 || texture.height < 1 ||
            (texture.resident() ? texture.rgba.size() != texture.rgba8Bytes()
                                : texture.file.empty() && !texture.encoded))
            return makeError("mesh texture has inconsistent size");
    for (size_t i = 0; i < n; ++i) {
        if (!allFinite(mesh.positions[i]) || !allFinite(mesh.normals[i]) || !allFinite(mesh.texcoords[i]) ||
            !allFinite(mesh.colors[i]))
            return makeError("mesh vertex " + std::to_string(i) + " has a non-finite attribute");
    }
    return {};
}

void computeVertexNormals(Mesh& mesh) {
    std::vector<glm::vec3> sum(mesh.positions.size(), glm::vec3(0.f));
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const std::uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
        // The unnormalised cross product is twice the triangle's area: big triangles weigh more.
        const glm::vec3 n =
            glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
        sum[a] += n;
        sum[b] += n;
        sum[c] += n;
    }
    mesh.normals.resize(mesh.positions.size());
    for (size_t i = 0; i < sum.size(); ++i) {
        const float len = glm::length(sum[i]);
        mesh.normals[i] = len > 0.f && std::isfinite(len) ? sum[i] / len : glm::vec3(0.f, 1.f, 0.f);
    }
}

double signedVolume(const Mesh& mesh) {
    double sum = 0.0;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const glm::dvec3 a(mesh.positions[mesh.indices[t]]);
        const glm::dvec3 b(mesh.positions[mesh.indices[t + 1]]);
        const glm::dvec3 c(mesh.positions[mesh.indices[t + 2]]);
        sum += glm::dot(a, glm::cross(b, c));
    }
    return sum / 6.0;
}

} // namespace dicer::model
