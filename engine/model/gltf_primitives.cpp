// glTF mesh primitives into the Mesh (gltf_detail.h). Topology and attribute rules: glTF 2.0 specification,
// 3.7.2.1 "Primitives" (modes, strips p_i, p_{i+1+i%2}, p_{i+2-i%2}; fans p_{i+1}, p_{i+2}, p_0; flat normals
// when NORMAL is absent; attribute counts equal), 3.7.2.2 "Morph Targets" (not applied: the rest pose) and
// 3.5.3 "Transformations" (a negative determinant reverses the winding).
#include "gltf_detail.h"

#include "file_read.h"

#include <cmath>
#include <unordered_map>

namespace dicer::model::gltf_detail {
namespace {

constexpr int kModeTriangles = 4, kModeStrip = 5, kModeFan = 6; // 0-3: points and lines

// A primitive's triangles as vertex ids of its accessors, strips and fans unrolled.
Result<std::vector<std::uint32_t>> readCorners(const tinygltf::Model& model,
                                               const tinygltf::Primitive& primitive, size_t vertexCount,
                                               const std::string& where, const GltfContext& ctx) {
    CheckedAccessor indices;
    const bool indexed = primitive.indices >= 0;
    if (indexed) {
        Result<CheckedAccessor> checked =
            checkAccessor(model, primitive.indices, {where + " indices", 1, 1, false, false, true}, ctx);
        if (!checked) return makeError(checked.error());
        indices = *checked;
    } else if (primitive.indices != -1) {
        return ctx.error(where + ": indices accessor " + std::to_string(primitive.indices) +
                         " does not exist");
    }
    const size_t n = indexed ? indices.count : vertexCount;
    if (primitive.mode == kModeTriangles && n % 3 != 0)
        return ctx.error(where + ": " + std::to_string(n) + " vertices (TRIANGLES) is not a multiple of 3");
    const size_t triangles = primitive.mode == kModeTriangles ? n / 3 : n >= 3 ? n - 2 : 0;
    if (triangles > ctx.limits.maxTriangles)
        return ctx.error(where + ": " + std::to_string(triangles) + " triangles, more than the limit of " +
                         std::to_string(ctx.limits.maxTriangles));
    std::vector<std::uint32_t> ids(n);
    for (size_t k = 0; k < n; ++k) {
        const double id = indexed ? indices.component(k, 0) : double(k);
        if (id >= double(vertexCount))
            return ctx.error(where + ": index " + std::to_string(std::uint64_t(id)) + " (element " +
                             std::to_string(k) + " of accessor " + std::to_string(primitive.indices) +
                             ") is out of range: POSITION has " + std::to_string(vertexCount) + " elements");
        ids[k] = std::uint32_t(id);
    }
    if (primitive.mode == kModeTriangles) return ids;
    std::vector<std::uint32_t> corners;
    corners.reserve(triangles * 3);
    for (size_t i = 0; i < triangles; ++i) {
        if (primitive.mode == kModeStrip) // every other triangle of a strip is turned: keep them all CCW
            corners.insert(corners.end(), {ids[i], ids[i + 1 + i % 2], ids[i + 2 - i % 2]});
        else
            corners.insert(corners.end(), {ids[i + 1], ids[i + 2], ids[0]});
    }
    return corners;
}

// An attribute's accessor, required to have one element per POSITION element; nullptr when absent.
Result<const CheckedAccessor*> optionalAttribute(const tinygltf::Model& model,
                                                 const tinygltf::Primitive& primitive, const char* name,
                                                 AccessorRule rule, size_t vertexCount,
                                                 CheckedAccessor& storage, const GltfContext& ctx) {
    auto it = primitive.attributes.find(name);
    if (it == primitive.attributes.end()) return static_cast<const CheckedAccessor*>(nullptr);
    Result<CheckedAccessor> checked = checkAccessor(model, it->second, rule, ctx);
    if (!checked) return makeError(checked.error());
    if (checked->count != vertexCount)
        return ctx.error(rule.what + " (accessor " + std::to_string(it->second) + ") has " +
                         std::to_string(checked->count) + " elements, POSITION has " +
                         std::to_string(vertexCount));
    storage = *checked;
    return &storage;
}

// A textured material on a primitive without texture coordinates: an untextured copy (as the OBJ loader does),
// so no texture is looked up at (0, 0).
int untexturedMaterial(int material, MaterialTable& table, Mesh& mesh) {
    if (material < 0 || mesh.materials[size_t(material)].textureIndex < 0) return material;
    int& copy = table.untexturedCopy[size_t(material)];
    if (copy < 0) {
        Material untextured = mesh.materials[size_t(material)];
        untextured.name += " (untextured)";
        untextured.textureIndex = -1;
        copy = int(mesh.materials.size());
        mesh.materials.push_back(std::move(untextured));
    }
    return copy;
}

Result<GltfPrimitive> readPrimitive(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                                    const std::string& where, MaterialTable& materials,
                                    const GltfContext& ctx, Mesh& mesh) {
    auto position = primitive.attributes.find("POSITION");
    if (position == primitive.attributes.end()) return ctx.error(where + " has no POSITION attribute");
    Result<CheckedAccessor> positions =
        checkAccessor(model, position->second, {where + " POSITION", 3, 3, true, false, false}, ctx);
    if (!positions) return makeError(positions.error());
    const size_t vertexCount = positions->count;
    CheckedAccessor normalStore, texcoordStore, colorStore;
    Result<const CheckedAccessor*> normals =
        optionalAttribute(model, primitive, "NORMAL", {where + " NORMAL", 3, 3, true, false, false},
                          vertexCount, normalStore, ctx);
    if (!normals) return makeError(normals.error());
    Result<const CheckedAccessor*> texcoords =
        optionalAttribute(model, primitive, "TEXCOORD_0", {where + " TEXCOORD_0", 2, 2, true, true, false},
                          vertexCount, texcoordStore, ctx);
    if (!texcoords) return makeError(texcoords.error());
    Result<const CheckedAccessor*> colours =
        optionalAttribute(model, primitive, "COLOR_0", {where + " COLOR_0", 3, 4, true, true, false},
                          vertexCount, colorStore, ctx);
    if (!colours) return makeError(colours.error());
    Result<std::vector<std::uint32_t>> corners = readCorners(model, primitive, vertexCount, where, ctx);
    if (!corners) return makeError(corners.error());

    GltfPrimitive out;
    if (primitive.material < -1 || primitive.material >= int(materials.ofGltf.size()))
        return ctx.error(where + " refers to material " + std::to_string(primitive.material) +
                         ", which does not exist (the file has " + std::to_string(materials.ofGltf.size()) +
                         ")");
    out.material = primitive.material < 0 ? -1 : materials.ofGltf[size_t(primitive.material)];
    if (*texcoords == nullptr) out.material = untexturedMaterial(out.material, materials, mesh);
    // Only the vertices the triangles use, each once.
    std::unordered_map<std::uint32_t, std::uint32_t> local;
    local.reserve(corners->size());
    out.corners.reserve(corners->size());
    for (std::uint32_t id : *corners) {
        auto [it, fresh] = local.try_emplace(id, std::uint32_t(out.positions.size()));
        out.corners.push_back(it->second);
        if (!fresh) continue;
        auto read3 = [id](const CheckedAccessor& a) {
            return glm::vec3(float(a.component(id, 0)), float(a.component(id, 1)), float(a.component(id, 2)));
        };
        out.positions.push_back(read3(*positions));
        if (!allFinite(out.positions.back()))
            return ctx.error(where + " POSITION (accessor " + std::to_string(position->second) +
                             ") element " + std::to_string(id) + " is not finite");
        if (*normals) out.normals.push_back(read3(**normals));
        if (*texcoords) // glTF's v runs down the image, Mesh's up (Image row 0 is the bottom)
            out.texcoords.emplace_back(float((*texcoords)->component(id, 0)),
                                       float(1.0 - (*texcoords)->component(id, 1)));
        if (*colours) out.colours.push_back(glm::clamp(read3(**colours), 0.f, 1.f));
        if ((*normals && !allFinite(out.normals.back())) ||
            (*texcoords && !allFinite(out.texcoords.back())) || (*colours && !allFinite(out.colours.back())))
            return ctx.error(where + ": vertex " + std::to_string(id) +
                             " has a non-finite NORMAL, TEXCOORD_0 or COLOR_0");
    }
    return out;
}

glm::vec3 unitOr(glm::vec3 v, glm::vec3 fallback) {
    const float length = glm::length(v);
    return length > 0.f && std::isfinite(length) ? v / length : fallback;
}

} // namespace

Result<std::vector<GltfPrimitive>> readMeshPrimitives(const tinygltf::Model& model, int meshIndex,
                                                      MaterialTable& materials, GltfContext& ctx, Mesh& mesh,
                                                      size_t& skipped) {
    if (meshIndex < 0 || size_t(meshIndex) >= model.meshes.size())
        return ctx.error("a node refers to mesh " + std::to_string(meshIndex) +
                         ", which does not exist (the file has " + std::to_string(model.meshes.size()) + ")");
    const tinygltf::Mesh& in = model.meshes[size_t(meshIndex)];
    std::vector<GltfPrimitive> out;
    for (size_t p = 0; p < in.primitives.size(); ++p) {
        const tinygltf::Primitive& primitive = in.primitives[p];
        const std::string where = "mesh " + std::to_string(meshIndex) +
                                  (in.name.empty() ? std::string() : " (" + dicer::quoted(in.name) + ")") +
                                  " primitive " + std::to_string(p);
        if (primitive.mode >= 0 && primitive.mode < kModeTriangles) { // points and lines: nothing to voxelize
            ++skipped;
            continue;
        }
        if (primitive.mode > kModeFan)
            return ctx.error(where + " has mode " + std::to_string(primitive.mode) +
                             ", which is no glTF primitive mode (0-6)");
        if (primitive.mode < 0) return ctx.error(where + " has a negative mode");
        Result<GltfPrimitive> read = readPrimitive(model, primitive, where, materials, ctx, mesh);
        if (!read) return makeError(read.error());
        out.push_back(std::move(*read));
    }
    return out;
}

Result<void> appendInstance(const std::vector<GltfPrimitive>& primitives, const glm::dmat4& world,
                            const std::string& where, const GltfContext& ctx, Mesh& mesh) {
    size_t triangles = mesh.triangleCount();
    for (const GltfPrimitive& p : primitives)
        triangles += p.triangleCount();
    if (triangles > ctx.limits.maxTriangles)
        return ctx.error(where + ": " + std::to_string(triangles) +
                         " triangles after the nodes place the meshes, more than the limit of " +
                         std::to_string(ctx.limits.maxTriangles));
    const glm::dmat3 linear(world);
    const bool mirrored = glm::determinant(linear) < 0.0; // winding reversed: swap two corners back to CCW
    const glm::mat3 normalMatrix(glm::transpose(glm::inverse(linear)));
    for (const GltfPrimitive& p : primitives) {
        std::vector<glm::vec3> placed(p.positions.size());
        for (size_t v = 0; v < placed.size(); ++v) {
            placed[v] = glm::vec3(world * glm::dvec4(glm::dvec3(p.positions[v]), 1.0));
            if (!allFinite(placed[v]))
                return ctx.error(where + ": the vertex at (" + std::to_string(p.positions[v].x) + ", " +
                                 std::to_string(p.positions[v].y) + ", " + std::to_string(p.positions[v].z) +
                                 ") is not finite after the node transforms");
        }
        const glm::vec3 diffuse =
            p.material >= 0 ? mesh.materials[size_t(p.material)].diffuse : kDefaultBaseColor;
        auto emit = [&](std::uint32_t v, glm::vec3 normal) {
            mesh.positions.push_back(placed[v]);
            mesh.normals.push_back(normal);
            mesh.texcoords.push_back(p.texcoords.empty() ? glm::vec2(0.f) : p.texcoords[v]);
            mesh.colors.emplace_back((p.colours.empty() ? glm::vec3(1.f) : p.colours[v]) * diffuse, 1.f);
        };
        const auto base = std::uint32_t(mesh.positions.size());
        if (!p.normals.empty())
            for (std::uint32_t v = 0; v < std::uint32_t(placed.size()); ++v)
                emit(v, unitOr(normalMatrix * p.normals[v], glm::vec3(0.f, 1.f, 0.f)));
        for (size_t t = 0; t < p.triangleCount(); ++t) {
            std::uint32_t c[3] = {p.corners[t * 3], p.corners[t * 3 + 1], p.corners[t * 3 + 2]};
            if (mirrored) std::swap(c[1], c[2]);
            if (!p.normals.empty()) {
                mesh.indices.insert(mesh.indices.end(), {base + c[0], base + c[1], base + c[2]});
            } else { // flat: each triangle its own three vertices with its face normal
                const glm::vec3 flat =
                    unitOr(glm::cross(placed[c[1]] - placed[c[0]], placed[c[2]] - placed[c[0]]),
                           glm::vec3(0.f, 1.f, 0.f));
                for (std::uint32_t corner : c) {
                    mesh.indices.push_back(std::uint32_t(mesh.positions.size()));
                    emit(corner, flat);
                }
            }
            mesh.triangleMaterial.push_back(p.material);
        }
    }
    return {};
}

} // namespace dicer::model::gltf_detail
