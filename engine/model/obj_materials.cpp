// The OBJ loader's materials (obj_materials.h): MTL files read by us inside the model's folder and handed to
// tinyobjloader as text, map_Kd textures checked against the model's texture budget without decoding.
#include "obj_materials.h"

#include "file_read.h"
#include "obj_scan.h"

#include <algorithm>
#include <sstream>

namespace dicer::model {
namespace fs = std::filesystem;

namespace obj_detail {

bool CheckedMaterialReader::operator()(const std::string& name, std::vector<tinyobj::material_t>* materials,
                                       std::map<std::string, int>* matMap, std::string* warn,
                                       std::string* err) {
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

void convertMaterials(const std::vector<tinyobj::material_t>& in, ObjContext& ctx, Mesh& mesh) {
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

} // namespace obj_detail
} // namespace dicer::model
