// The OBJ loader's material side (obj_loader.cpp's helpers, not an API for other code): the load's context
// (file, folder, limits, warnings), the MTL reader tinyobjloader calls for each `mtllib`, and the conversion of
// its materials with their map_Kd textures (checkTextureWithinBudget, obj_loader.h) into the Mesh's.
// Missing or refused material libraries and textures are warnings: their triangles fall back to grey.
#pragma once

#include "load_context.h"
#include "mesh.h"
#include "obj_loader.h"

#include <tiny_obj_loader.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace dicer::model::obj_detail {

// Diffuse colour of triangles without a usable material (no usemtl, missing or refused .mtl).
constexpr glm::vec3 kFallbackDiffuse{0.8f};

// One load (load_context.h), plus what the materials' conversion keeps across the .mtl files.
struct ObjContext : LoadContext {
    size_t materialsRead = 0;
    std::set<std::string> materialsWithoutKd; // tinyobjloader invents a Kd for these, see convertMaterials
};

// Hands tinyobjloader the text of each `mtllib` file after our own checks; it never opens files itself.
class CheckedMaterialReader final : public tinyobj::MaterialReader {
public:
    explicit CheckedMaterialReader(ObjContext& ctx) : m_ctx(ctx) {}

    bool operator()(const std::string& name, std::vector<tinyobj::material_t>* materials,
                    std::map<std::string, int>* matMap, std::string* warn, std::string* err) override;

private:
    ObjContext& m_ctx;
};

// Converts tinyobjloader's materials into mesh.materials and checks their map_Kd textures into
// mesh.textures (same folder rules as the .mtl).
void convertMaterials(const std::vector<tinyobj::material_t>& in, ObjContext& ctx, Mesh& mesh);

} // namespace dicer::model::obj_detail
