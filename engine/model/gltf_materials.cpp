// glTF materials for the Mesh (gltf_detail.h): the base-colour factor as the material's colour and the
// base-colour texture (texture coordinate set 0) as its texture; the rest of the metallic-roughness model has
// no use in voxels. Images are read as the OBJ loader reads map_Kd: files inside the model's folder only,
// embedded ones (data URI, buffer view) from the bytes the file holds, all through the capped image loader
// and the model's texture budget (load_limits.h), never decoded here.
#include "gltf_detail.h"

#include "file_read.h"
#include "gltf_scan.h"

#include <map>
#include <memory>

namespace dicer::model::gltf_detail {
namespace {

struct TextureLoader {
    const tinygltf::Model& model;
    GltfContext& ctx;
    Mesh& mesh;
    std::map<int, int> textureOfImage; // glTF image -> index in mesh.textures
    std::uintmax_t textureBytes = 0;   // decoded bytes of the textures taken so far

    // The image's encoded bytes and a name for messages, or a reason it has none we can use.
    Result<MeshTexture> check(const tinygltf::Image& image, int index) {
        const std::string name = "image " + std::to_string(index);
        if (image.as_is) { // a data URI, decoded by tinygltf (bounded by the JSON's cap)
            auto bytes = std::make_shared<const std::string>(image.image.begin(), image.image.end());
            return checkEmbeddedTextureWithinBudget(std::move(bytes), name + " (data URI)", ctx.limits,
                                                    textureBytes);
        }
        if (image.bufferView != -1) {
            Result<std::string_view> bytes = bufferViewBytes(model, image.bufferView);
            if (!bytes) return makeError(bytes.error());
            return checkEmbeddedTextureWithinBudget(
                std::make_shared<const std::string>(*bytes),
                name + " (buffer view " + std::to_string(image.bufferView) + ")", ctx.limits, textureBytes);
        }
        if (image.uri.empty()) return makeError(name + " has neither a URI nor a buffer view");
        if (image.uri.rfind("data:", 0) == 0) // tinygltf decodes PNG, JPEG, BMP and GIF data URIs only
            return makeError(name + " is a data URI of a type other than PNG or JPEG");
        if (ctx.baseDir.empty()) return makeError(name + ": no model folder to read it from");
        Result<std::string> decoded = percentDecode(image.uri);
        if (!decoded) return makeError(decoded.error());
        Result<std::filesystem::path> path = resolveInsideFolder(ctx.baseDir, *decoded);
        if (!path) return makeError(path.error());
        return checkTextureWithinBudget(*path, ctx.limits, textureBytes);
    }

    // The mesh texture of a material's base-colour texture, or -1 with one warning saying why not.
    int textureFor(const tinygltf::TextureInfo& info, const std::string& material) {
        const std::string shown =
            "base-colour texture " + std::to_string(info.index) + " of material " + dicer::quoted(material);
        auto refuse = [&](const std::string& why) {
            ctx.warn(shown + " not loaded: " + why + "; the material is untextured");
            return -1;
        };
        if (info.texCoord != 0)
            return refuse("it uses texture coordinate set " + std::to_string(info.texCoord) +
                          ", and only set 0 (TEXCOORD_0) is read");
        if (info.index < 0 || size_t(info.index) >= model.textures.size())
            return refuse("the file has " + std::to_string(model.textures.size()) + " textures");
        const int source = model.textures[size_t(info.index)].source;
        if (source < 0 || size_t(source) >= model.images.size())
            return refuse(
                "its image " + std::to_string(source) +
                " does not exist (an image given only through an extension, such as KHR_texture_basisu, "
                "is not read)");
        if (auto it = textureOfImage.find(source); it != textureOfImage.end()) return it->second;
        if (mesh.textures.size() >= ctx.limits.maxTextures)
            return refuse("more than " + std::to_string(ctx.limits.maxTextures) + " textures");
        Result<MeshTexture> texture = check(model.images[size_t(source)], source);
        if (!texture) return refuse(texture.error());
        textureBytes += texture->rgba8Bytes();
        const int index = int(mesh.textures.size());
        textureOfImage.emplace(source, index);
        mesh.textures.push_back(std::move(*texture));
        return index;
    }
};

} // namespace

MaterialTable convertMaterials(const tinygltf::Model& model, GltfContext& ctx, Mesh& mesh) {
    MaterialTable table;
    std::vector<int>& meshMaterial = table.ofGltf;
    meshMaterial.assign(model.materials.size(), -1);
    TextureLoader textures{model, ctx, mesh, {}, 0};
    for (size_t i = 0; i < model.materials.size(); ++i) {
        if (i >= ctx.limits.maxMaterials) {
            ctx.warn("more than " + std::to_string(ctx.limits.maxMaterials) +
                     " materials; the rest use the default material (white)");
            break;
        }
        const tinygltf::Material& in = model.materials[i];
        Material material;
        material.name = in.name.empty() ? "material " + std::to_string(i) : in.name;
        const std::vector<double>& factor = in.pbrMetallicRoughness.baseColorFactor;
        glm::vec3 colour = kDefaultBaseColor;
        if (factor.size() >= 3) colour = glm::vec3(float(factor[0]), float(factor[1]), float(factor[2]));
        if (!allFinite(colour)) {
            ctx.warn("material " + dicer::quoted(material.name) +
                     " has a non-finite baseColorFactor; using white");
            colour = kDefaultBaseColor;
        }
        // Alpha is not kept: the voxels are opaque (Mesh::colors has alpha 1).
        material.diffuse = glm::clamp(colour, 0.f, 1.f);
        if (in.pbrMetallicRoughness.baseColorTexture.index >= 0)
            material.textureIndex =
                textures.textureFor(in.pbrMetallicRoughness.baseColorTexture, material.name);
        meshMaterial[i] = int(mesh.materials.size());
        mesh.materials.push_back(std::move(material));
    }
    table.untexturedCopy.assign(mesh.materials.size(), -1);
    return table;
}

} // namespace dicer::model::gltf_detail
