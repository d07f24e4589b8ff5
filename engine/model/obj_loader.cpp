// OBJ/MTL loading. Parsing: tinyobjloader v2.0.0rc10 (Syoyo Fujita, MIT; the Debian package), guarded as
// described in obj_loader.h (materials and textures: obj_materials.cpp). Mesh assembly (vertex splitting,
// crease-aware generated normals) is ours.
#include "obj_loader.h"

#include "obj_materials.h"
#include "obj_scan.h"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <sstream>
#include <streambuf>
#include <unordered_map>

namespace dicer::model {
namespace fs = std::filesystem;

namespace {
using obj_detail::CheckedMaterialReader;
using obj_detail::convertMaterials;
using obj_detail::kFallbackDiffuse;
using obj_detail::ObjContext;

// A generated normal keeps the position's smooth normal unless the face turns more than ~37 degrees away
// from it; then the corner gets the flat face normal (box edges and corners, at 45 and 55 degrees, stay
// sharp; curved scans stay smooth).
constexpr float kCreaseCos = 0.8f;

// An istream over text we already hold, so a 256 MiB OBJ is not copied again into a stringstream.
class MemoryBuffer : public std::streambuf {
public:
    explicit MemoryBuffer(std::string_view text) {
        char* begin = const_cast<char*>(text.data()); // read-only use: the get area is never written
        setg(begin, begin, begin + text.size());
    }
};

struct VertexKey {
    int position, normal, texcoord, material, creaseTriangle;
    bool operator==(const VertexKey&) const = default;
};

struct VertexKeyHash {
    size_t operator()(const VertexKey& k) const {
        std::uint64_t h = 1469598103934665603ull; // FNV-1a over the five ints
        for (int v : {k.position, k.normal, k.texcoord, k.material, k.creaseTriangle}) {
            h ^= std::uint32_t(v);
            h *= 1099511628211ull;
        }
        return size_t(h);
    }
};

glm::vec3 attribute3(const std::vector<tinyobj::real_t>& a, int i) {
    return {a[size_t(i) * 3], a[size_t(i) * 3 + 1], a[size_t(i) * 3 + 2]};
}

struct Corner {
    tinyobj::index_t index;
    int material;
};

// rc10 keeps a texcoord/normal index that points nowhere as it resolved it (past the end, or negative). The
// scanner reported such indices (`dropDangling`, with the warning): then they become -1, "none in the file".
// Otherwise one here means the parser and the scanner disagree, which stays an error (false).
bool resolveAttributeIndex(int& index, int count, bool dropDangling) {
    if (index >= -1 && index < count) return true;
    if (!dropDangling) return false;
    index = -1;
    return true;
}

// A textured material for a triangle with a corner without texture coordinates (none in the file, or
// dropped): nothing to look the texture up with, so the triangle gets an untextured copy of the material,
// made once per material. Its colour is the material's Kd, or grey where the MTL gave none (as for any
// untextured material). Returns the material the triangle uses.
int materialForCorners(const Corner* triangle, Mesh& mesh, std::vector<int>& untexturedCopy,
                       const ObjContext& ctx) {
    const int material = triangle[0].material;
    if (material < 0 || mesh.materials[size_t(material)].textureIndex < 0) return material;
    if (triangle[0].index.texcoord_index >= 0 && triangle[1].index.texcoord_index >= 0 &&
        triangle[2].index.texcoord_index >= 0)
        return material;
    int& copy = untexturedCopy[size_t(material)];
    if (copy < 0) {
        Material untextured = mesh.materials[size_t(material)];
        if (ctx.materialsWithoutKd.count(untextured.name)) untextured.diffuse = kFallbackDiffuse;
        untextured.name += " (untextured)";
        untextured.textureIndex = -1;
        copy = int(mesh.materials.size());
        mesh.materials.push_back(std::move(untextured));
    }
    return copy;
}

Result<Mesh> buildMesh(const tinyobj::attrib_t& attrib, const std::vector<tinyobj::shape_t>& shapes,
                       const std::vector<tinyobj::material_t>& materials, const ObjScan& scan,
                       ObjContext& ctx) {
    const int positionCount = int(attrib.vertices.size() / 3);
    const int normalCount = int(attrib.normals.size() / 3);
    const int texcoordCount = int(attrib.texcoords.size() / 2);
    const bool hasColors = attrib.colors.size() == attrib.vertices.size();

    // Flatten and re-validate everything: the pre-scan covered the text, this covers the parser.
    std::vector<Corner> corners;
    for (const tinyobj::shape_t& shape : shapes) {
        const tinyobj::mesh_t& m = shape.mesh;
        if (m.num_face_vertices.size() * 3 != m.indices.size() ||
            m.material_ids.size() != m.num_face_vertices.size())
            return ctx.error("inconsistent face data after triangulation (shape '" + shape.name + "')");
        for (size_t f = 0; f < m.num_face_vertices.size(); ++f) {
            if (m.num_face_vertices[f] != 3)
                return ctx.error("face left untriangulated (shape '" + shape.name + "')");
            const int material = m.material_ids[f] >= 0 && size_t(m.material_ids[f]) < materials.size()
                                     ? m.material_ids[f]
                                     : -1;
            for (size_t c = 0; c < 3; ++c) {
                tinyobj::index_t i = m.indices[f * 3 + c];
                if (i.vertex_index < 0 || i.vertex_index >= positionCount ||
                    !resolveAttributeIndex(i.normal_index, normalCount, scan.danglingNormals.lines > 0) ||
                    !resolveAttributeIndex(i.texcoord_index, texcoordCount, scan.danglingTexcoords.lines > 0))
                    return ctx.error("face index out of range (shape '" + shape.name + "')");
                corners.push_back({i, material});
            }
        }
    }
    if (corners.empty()) return ctx.error("contains no triangles");

    // Smooth normals per OBJ position: face normals weighted by the triangle's angle at that corner
    // (Thuermer & Wuethrich 1998), which unlike area weighting does not depend on how faces were split:
    // a cube corner gets exactly (1,1,1)/sqrt(3) however its quads were triangulated.
    auto unit = [](glm::vec3 v) {
        const float len = glm::length(v);
        return len > 0.f && std::isfinite(len) ? v / len : glm::vec3(0.f);
    };
    std::vector<glm::vec3> faceNormal(corners.size() / 3);
    std::vector<glm::vec3> smooth(size_t(positionCount), glm::vec3(0.f));
    for (size_t t = 0; t < faceNormal.size(); ++t) {
        int v[3];
        glm::vec3 p[3];
        for (size_t k = 0; k < 3; ++k) {
            v[k] = corners[t * 3 + k].index.vertex_index;
            p[k] = attribute3(attrib.vertices, v[k]);
        }
        faceNormal[t] = unit(glm::cross(p[1] - p[0], p[2] - p[0]));
        for (size_t k = 0; k < 3; ++k) {
            const glm::vec3 e1 = unit(p[(k + 1) % 3] - p[k]), e2 = unit(p[(k + 2) % 3] - p[k]);
            smooth[size_t(v[k])] += std::acos(glm::clamp(glm::dot(e1, e2), -1.f, 1.f)) * faceNormal[t];
        }
    }

    Mesh mesh;
    convertMaterials(materials, ctx, mesh);
    std::unordered_map<VertexKey, std::uint32_t, VertexKeyHash> vertexOf;
    mesh.indices.reserve(corners.size());
    mesh.triangleMaterial.reserve(corners.size() / 3);
    std::vector<int> untexturedCopy(mesh.materials.size(), -1);
    int material = -1; // the current triangle's
    for (size_t k = 0; k < corners.size(); ++k) {
        const Corner& corner = corners[k];
        const int t = int(k / 3);
        if (k % 3 == 0) {
            material = materialForCorners(&corners[k], mesh, untexturedCopy, ctx);
            mesh.triangleMaterial.push_back(material);
        }
        glm::vec3 normal = corner.index.normal_index >= 0
                               ? unit(attribute3(attrib.normals, corner.index.normal_index))
                               : glm::vec3(0.f);
        int crease = -1;
        if (normal == glm::vec3(0.f)) { // none in the file, or a zero-length one: generate it
            const glm::vec3 flat = faceNormal[size_t(t)];
            normal = unit(smooth[size_t(corner.index.vertex_index)]);
            if (normal == glm::vec3(0.f) || glm::dot(normal, flat) < kCreaseCos) {
                normal = flat == glm::vec3(0.f) ? glm::vec3(0.f, 1.f, 0.f) : flat;
                crease = t;
            }
        }
        const VertexKey key{corner.index.vertex_index, corner.index.normal_index, corner.index.texcoord_index,
                            material, crease};
        auto [it, inserted] = vertexOf.try_emplace(key, std::uint32_t(mesh.positions.size()));
        if (inserted) {
            const int v = corner.index.vertex_index;
            mesh.positions.push_back(attribute3(attrib.vertices, v));
            mesh.normals.push_back(normal);
            const int vt = corner.index.texcoord_index;
            mesh.texcoords.push_back(
                vt >= 0 ? glm::vec2(attrib.texcoords[size_t(vt) * 2], attrib.texcoords[size_t(vt) * 2 + 1])
                        : glm::vec2(0.f));
            const glm::vec3 vertexColor =
                hasColors ? glm::clamp(attribute3(attrib.colors, v), 0.f, 1.f) : glm::vec3(1.f);
            const glm::vec3 diffuse =
                material >= 0 ? mesh.materials[size_t(material)].diffuse : kFallbackDiffuse;
            mesh.colors.emplace_back(vertexColor * diffuse, 1.f);
        }
        mesh.indices.push_back(it->second);
    }
    mesh.computeBounds();
    if (Result<void> valid = validateMesh(mesh); !valid) return ctx.error(valid.error());
    return mesh;
}

// One warning per attribute whose indices point nowhere (voxelizing needs positions only, so the model
// loads): the first such line, how many more, and what happens instead.
void warnDangling(const DanglingIndices& dangling, const std::string& what, const std::string& instead,
                  ObjContext& ctx) {
    if (dangling.lines == 0) return;
    std::string more;
    if (dangling.lines > 1)
        more = " (and " + std::to_string(dangling.lines - 1) + " more line" +
               (dangling.lines > 2 ? "s" : "") + " with " + what + " the file does not have)";
    ctx.warnAt(dangling.firstLine, dangling.first + more + "; " + what + " ignored there: " + instead);
}

Result<Mesh> parse(std::string_view text, ObjContext& ctx) {
    if (text.empty()) return ctx.error("the OBJ file is empty");
    Result<ObjScan> scan = scanObjText(text, ctx.source, ctx.limits);
    if (!scan) return makeError(scan.error());
    if (scan->triangles == 0) return ctx.error("contains no triangles (no face with 3+ corners)");
    warnDangling(scan->danglingNormals, "normals",
                 "those corners get normals generated from the faces, as in a file without vn lines", ctx);
    warnDangling(scan->danglingTexcoords, "texture coordinates",
                 "triangles with such a corner are drawn untextured, in their material's colour", ctx);

    MemoryBuffer buffer(text);
    std::istream in(&buffer);
    CheckedMaterialReader reader(ctx);
    tinyobj::attrib_t attrib;
    std::vector<tinyobj::shape_t> shapes;
    std::vector<tinyobj::material_t> materials;
    std::string warn, err;
    const bool ok = tinyobj::LoadObj(&attrib, &shapes, &materials, &warn, &err, &in, &reader,
                                     /* triangulate= */ true, /* default_vcols_fallback= */ true);
    if (!ok) return ctx.error(err.empty() ? "tinyobjloader failed" : err);
    // With ok == true, `err` holds only non-fatal messages (from the material reader). rc10's own notes on
    // dangling indices ("Vertex normal indices out of bounds (line <last line>.)") repeat our warning with a
    // wrong line: dropped.
    auto alreadyWarned = [&](const std::string& line) {
        return (scan->danglingNormals.lines > 0 && line.starts_with("Vertex normal indices out of bounds")) ||
               (scan->danglingTexcoords.lines > 0 &&
                line.starts_with("Vertex texcoord indices out of bounds"));
    };
    std::istringstream messages(warn + err);
    for (std::string line; std::getline(messages, line);)
        if (!line.empty() && line != "." && !alreadyWarned(line)) ctx.warn(line);
    return buildMesh(attrib, shapes, materials, *scan, ctx);
}

} // namespace

Result<Mesh> loadObjFromMemory(std::string_view objText, const fs::path& baseDir, const LoadLimits& limits,
                               std::vector<std::string>* warnings, std::string_view sourceName) {
    std::vector<std::string> localWarnings;
    ObjContext ctx{{std::string(sourceName), baseDir, limits, warnings ? *warnings : localWarnings}, 0, {}};
    // tinyobjloader allocates freely (and throws bad_alloc on absurd input); no exception leaves the loader.
    try {
        return parse(objText, ctx);
    } catch (const std::bad_alloc&) {
        return ctx.error("out of memory while parsing");
    } catch (const std::exception& e) {
        return ctx.error(std::string("parsing failed: ") + e.what());
    }
}

Result<Mesh> loadObj(const fs::path& path, const LoadLimits& limits, std::vector<std::string>* warnings) {
    return loadFromFile(path, limits.maxObjBytes, "OBJ file", limits, warnings, loadObjFromMemory);
}

} // namespace dicer::model
