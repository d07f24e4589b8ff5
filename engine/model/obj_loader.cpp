// OBJ/MTL loading. Parsing: tinyobjloader v2.0.0rc10 (Syoyo Fujita, MIT; the Debian package), guarded as
// described in obj_loader.h. Mesh assembly (vertex splitting, crease-aware generated normals) is ours.
#include "obj_loader.h"

#include "file_read.h"
#include "log.h"
#include "obj_scan.h"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <new>
#include <set>
#include <sstream>
#include <streambuf>
#include <unordered_map>

namespace dicer::model {
namespace fs = std::filesystem;

namespace {

// Diffuse colour of triangles without a usable material (no usemtl, missing or refused .mtl).
constexpr glm::vec3 kFallbackDiffuse{0.8f};
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

struct Context {
    std::string source; // file name for messages
    fs::path baseDir;   // empty: no file access at all
    const LoadLimits& limits;
    std::vector<std::string>& warnings;
    size_t materialsRead = 0;
    std::set<std::string> materialsWithoutKd; // tinyobjloader invents a Kd for these, see convertMaterials

    void warn(const std::string& what) { report(source + ": " + what); }
    // "<file>:<line>: <what>", the form of the scanner's errors.
    void warnAt(size_t line, const std::string& what) {
        report(source + ":" + std::to_string(line) + ": " + what);
    }

private:
    void report(std::string message) {
        warnings.push_back(std::move(message));
        log::warn("%s", warnings.back().c_str());
    }
};

// Hands tinyobjloader the text of each `mtllib` file after our own checks; it never opens files itself.
class CheckedMaterialReader final : public tinyobj::MaterialReader {
public:
    explicit CheckedMaterialReader(Context& ctx) : m_ctx(ctx) {}

    bool operator()(const std::string& name, std::vector<tinyobj::material_t>* materials,
                    std::map<std::string, int>* matMap, std::string* warn, std::string* err) override {
        const std::string shown = "material library '" + name + "'";
        if (m_ctx.baseDir.empty()) {
            m_ctx.warn(shown + " ignored: no model folder to read it from; using grey");
            return false;
        }
        Result<fs::path> path = resolveInsideFolder(m_ctx.baseDir, name);
        if (!path) {
            m_ctx.warn(shown + " not loaded: " + path.error() + "; using grey");
            return false;
        }
        Result<std::string> text = readRegularFile(*path, m_ctx.limits.maxMtlBytes, "material library");
        if (!text) {
            m_ctx.warn(text.error() + "; using grey");
            return false;
        }
        // Count `newmtl` statements first: each becomes a large material_t inside tinyobjloader.
        const MtlScan summary = scanMtlText(*text);
        if (m_ctx.materialsRead + summary.materials > m_ctx.limits.maxMaterials) {
            m_ctx.warn(shown + " not loaded: more than " + std::to_string(m_ctx.limits.maxMaterials) +
                       " materials; using grey");
            return false;
        }
        m_ctx.materialsRead += summary.materials;
        m_ctx.materialsWithoutKd.insert(summary.withoutKd.begin(), summary.withoutKd.end());
        std::istringstream stream(std::move(*text));
        tinyobj::LoadMtl(matMap, materials, &stream, warn, err);
        return true;
    }

private:
    Context& m_ctx;
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

} // namespace

Result<MeshTexture> checkTextureWithinBudget(const fs::path& path, const LoadLimits& limits,
                                             std::uintmax_t usedBytes) {
    Result<std::string> bytes = readRegularFile(path, limits.image.maxFileBytes, "image");
    if (!bytes) return makeError(bytes.error());
    // Counted from the header before decoding: a texture over the budget is never decoded (it used to be
    // decoded first, so each refused 8192^2 texture cost 256 MiB and more on the way).
    Result<ImageInfo> info = readImageInfo(*bytes, path.string(), limits.image);
    if (!info) return makeError(info.error());
    const std::uintmax_t left = limits.maxTextureBytes - std::min(usedBytes, limits.maxTextureBytes);
    if (info->rgba8Bytes() > left)
        return makeError("its " + std::to_string(info->width) + "x" + std::to_string(info->height) +
                         " image decodes to " + std::to_string(info->rgba8Bytes()) + " bytes, over the " +
                         std::to_string(left) + " left of the " + std::to_string(limits.maxTextureBytes) +
                         " bytes all of a model's decoded textures may take");
    // Checked now, so a corrupt texture is a warning at load time (as when it was decoded here), but decoded
    // only on upload: the model no longer holds every decoded texture on the CPU (issue 12).
    if (Result<ImageInfo> checked = checkImageRgba8(*bytes, path.string(), limits.image); !checked)
        return makeError(checked.error());
    MeshTexture texture;
    texture.width = info->width;
    texture.height = info->height;
    texture.file = path;
    texture.fileBytes = bytes->size();
    return texture;
}

namespace {

// Converts tinyobjloader's materials and loads their map_Kd textures (same folder rules as the .mtl).
void convertMaterials(const std::vector<tinyobj::material_t>& in, Context& ctx, Mesh& mesh) {
    std::map<fs::path, int> loaded;
    std::uintmax_t textureBytes = 0;
    for (const tinyobj::material_t& m : in) {
        Material material;
        material.name = m.name;
        glm::vec3 kd(m.diffuse[0], m.diffuse[1], m.diffuse[2]);
        if (!allFinite(kd)) {
            ctx.warn("material '" + m.name + "' has a non-finite Kd; using grey");
            kd = kFallbackDiffuse;
        }
        material.diffuse = glm::clamp(kd, 0.f, 1.f);
        if (!m.diffuse_texname.empty()) {
            const std::string shown = "texture '" + m.diffuse_texname + "' of material '" + m.name + "'";
            Result<fs::path> path = ctx.baseDir.empty() ? Result<fs::path>(makeError("no model folder"))
                                                        : resolveInsideFolder(ctx.baseDir, m.diffuse_texname);
            if (!path) {
                ctx.warn(shown + " not loaded: " + path.error());
            } else if (auto it = loaded.find(*path); it != loaded.end()) {
                material.textureIndex = it->second;
            } else if (mesh.textures.size() >= ctx.limits.maxTextures) {
                ctx.warn(shown + " not loaded: more than " + std::to_string(ctx.limits.maxTextures) +
                         " textures");
            } else if (Result<MeshTexture> image = checkTextureWithinBudget(*path, ctx.limits, textureBytes);
                       !image) {
                ctx.warn(shown + " not loaded: " + image.error());
            } else {
                textureBytes += image->rgba8Bytes();
                material.textureIndex = int(mesh.textures.size());
                loaded.emplace(*path, material.textureIndex);
                mesh.textures.push_back(std::move(*image));
            }
        }
        // Without a Kd line tinyobjloader reports 0 (or 0.6 next to a map_Kd). The MTL convention is that the
        // texture alone then gives the colour (spot.mtl has only map_Kd); without a texture, use grey.
        if (ctx.materialsWithoutKd.count(m.name))
            material.diffuse = material.textureIndex >= 0 ? glm::vec3(1.f) : kFallbackDiffuse;
        mesh.materials.push_back(std::move(material));
    }
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
                       const Context& ctx) {
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
                       const std::vector<tinyobj::material_t>& materials, const ObjScan& scan, Context& ctx) {
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
            return makeError(ctx.source + ": inconsistent face data after triangulation (shape '" +
                             shape.name + "')");
        for (size_t f = 0; f < m.num_face_vertices.size(); ++f) {
            if (m.num_face_vertices[f] != 3)
                return makeError(ctx.source + ": face left untriangulated (shape '" + shape.name + "')");
            const int material = m.material_ids[f] >= 0 && size_t(m.material_ids[f]) < materials.size()
                                     ? m.material_ids[f]
                                     : -1;
            for (size_t c = 0; c < 3; ++c) {
                tinyobj::index_t i = m.indices[f * 3 + c];
                if (i.vertex_index < 0 || i.vertex_index >= positionCount ||
                    !resolveAttributeIndex(i.normal_index, normalCount, scan.danglingNormals.lines > 0) ||
                    !resolveAttributeIndex(i.texcoord_index, texcoordCount, scan.danglingTexcoords.lines > 0))
                    return makeError(ctx.source + ": face index out of range (shape '" + shape.name + "')");
                corners.push_back({i, material});
            }
        }
    }
    if (corners.empty()) return makeError(ctx.source + ": contains no triangles");

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
    if (Result<void> valid = validateMesh(mesh); !valid) return makeError(ctx.source + ": " + valid.error());
    return mesh;
}

// One warning per attribute whose indices point nowhere (voxelizing needs positions only, so the model
// loads): the first such line, how many more, and what happens instead.
void warnDangling(const DanglingIndices& dangling, const std::string& what, const std::string& instead,
                  Context& ctx) {
    if (dangling.lines == 0) return;
    std::string more;
    if (dangling.lines > 1)
        more = " (and " + std::to_string(dangling.lines - 1) + " more line" +
               (dangling.lines > 2 ? "s" : "") + " with " + what + " the file does not have)";
    ctx.warnAt(dangling.firstLine, dangling.first + more + "; " + what + " ignored there: " + instead);
}

Result<Mesh> parse(std::string_view text, Context& ctx) {
    if (text.empty()) return makeError(ctx.source + ": the OBJ file is empty");
    Result<ObjScan> scan = scanObjText(text, ctx.source, ctx.limits);
    if (!scan) return makeError(scan.error());
    if (scan->triangles == 0)
        return makeError(ctx.source + ": contains no triangles (no face with 3+ corners)");
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
    if (!ok) return makeError(ctx.source + ": " + (err.empty() ? "tinyobjloader failed" : err));
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
    Context ctx{std::string(sourceName), baseDir, limits, warnings ? *warnings : localWarnings, 0, {}};
    // tinyobjloader allocates freely (and throws bad_alloc on absurd input); no exception leaves the loader.
    try {
        return parse(objText, ctx);
    } catch (const std::bad_alloc&) {
        return makeError(ctx.source + ": out of memory while parsing");
    } catch (const std::exception& e) {
        return makeError(ctx.source + ": parsing failed: " + e.what());
    }
}

Result<Mesh> loadObj(const fs::path& path, const LoadLimits& limits, std::vector<std::string>* warnings) {
    Result<std::string> text = readRegularFile(path, limits.maxObjBytes, "OBJ file");
    if (!text) return makeError(text.error());
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    return loadObjFromMemory(*text, folder, limits, warnings, path.string());
}

} // namespace dicer::model
