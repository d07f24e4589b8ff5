// glTF 2.0 loading (gltf_loader.h): the file checks, tinygltf's parse, the scene's node hierarchy and its
// transforms (glTF 2.0 specification, 3.5 "Nodes and Hierarchy": column-major matrix, or T * R * S with a
// unit quaternion (x, y, z, w); nodes form disjoint strict trees), then the primitives of every placed mesh
// (gltf_primitives.cpp) with the materials (gltf_materials.cpp).
#include "gltf_loader.h"

#include "gltf_detail.h"
#include "gltf_scan.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace dicer::model {
namespace fs = std::filesystem;
using gltf_detail::GltfContext;

namespace {

struct Placement {
    int node;
    glm::dmat4 world;
};

Result<glm::dmat4> localTransform(const tinygltf::Node& node, int index, const GltfContext& ctx) {
    const std::string where = "node " + std::to_string(index);
    auto finite = [](const std::vector<double>& values) {
        return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
    };
    if (!node.matrix.empty()) {
        if (node.matrix.size() != 16 || !finite(node.matrix))
            return ctx.error(where + ": its matrix must be 16 finite numbers (it has " +
                             std::to_string(node.matrix.size()) + ")");
        return glm::make_mat4(node.matrix.data()); // both column-major
    }
    const auto sizeOk = [](const std::vector<double>& v, size_t n) { return v.empty() || v.size() == n; };
    if (!sizeOk(node.translation, 3) || !sizeOk(node.rotation, 4) || !sizeOk(node.scale, 3) ||
        !finite(node.translation) || !finite(node.rotation) || !finite(node.scale))
        return ctx.error(
            where + ": translation (3), rotation (4) and scale (3) must be finite numbers of those counts");
    glm::dmat4 m(1.0);
    if (!node.translation.empty())
        m = glm::translate(m, glm::dvec3(node.translation[0], node.translation[1], node.translation[2]));
    if (!node.rotation.empty()) {
        glm::dquat q(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]); // w, x, y, z
        const double length = glm::length(q);
        if (!(length > 0.0) || !std::isfinite(length))
            return ctx.error(where + ": its rotation quaternion has length 0");
        m *= glm::mat4_cast(q / length);
    }
    if (!node.scale.empty()) m = glm::scale(m, glm::dvec3(node.scale[0], node.scale[1], node.scale[2]));
    return m;
}

// The scene's nodes with their world transforms, depth first. The roots: the default scene's (scene 0 when the
// file names none), or, without scenes, every node that is no other node's child.
Result<std::vector<Placement>> placeNodes(const tinygltf::Model& model, GltfContext& ctx) {
    const int nodeCount = int(model.nodes.size());
    for (int n = 0; n < nodeCount; ++n)
        for (int child : model.nodes[size_t(n)].children)
            if (child < 0 || child >= nodeCount)
                return ctx.error("node " + std::to_string(n) + " has child " + std::to_string(child) +
                                 ", which does not exist (the file has " + std::to_string(nodeCount) +
                                 " nodes)");
    std::vector<int> roots;
    if (!model.scenes.empty()) {
        const int scene = model.defaultScene < 0 ? 0 : model.defaultScene;
        if (scene >= int(model.scenes.size()))
            return ctx.error("the default scene " + std::to_string(scene) + " does not exist (the file has " +
                             std::to_string(model.scenes.size()) + ")");
        roots = model.scenes[size_t(scene)].nodes;
    } else {
        std::vector<bool> isChild(size_t(nodeCount), false);
        for (const tinygltf::Node& node : model.nodes)
            for (int child : node.children)
                isChild[size_t(child)] = true;
        for (int n = 0; n < nodeCount; ++n)
            if (!isChild[size_t(n)]) roots.push_back(n);
    }
    std::vector<Placement> placed;
    std::vector<bool> reached(size_t(nodeCount), false);
    std::vector<Placement> stack; // explicit: a chain of a million nodes must not exhaust the call stack
    for (auto root = roots.rbegin(); root != roots.rend(); ++root)
        stack.push_back({*root, glm::dmat4(1.0)});
    while (!stack.empty()) {
        const Placement parent = stack.back();
        stack.pop_back();
        if (parent.node < 0 || parent.node >= nodeCount)
            return ctx.error("the scene lists node " + std::to_string(parent.node) +
                             ", which does not exist (the file has " + std::to_string(nodeCount) + " nodes)");
        if (reached[size_t(parent.node)])
            return ctx.error(
                "node " + std::to_string(parent.node) +
                " is reached twice from the scene (a cycle, or a node with two parents: the nodes "
                "must form trees)");
        reached[size_t(parent.node)] = true;
        const tinygltf::Node& node = model.nodes[size_t(parent.node)];
        Result<glm::dmat4> local = localTransform(node, parent.node, ctx);
        if (!local) return makeError(local.error());
        const Placement here{parent.node, parent.world * *local};
        placed.push_back(here);
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            stack.push_back({*child, here.world});
    }
    return placed;
}

// One warning for the extensions it ignores; extensionsRequired is an error naming them.
Result<void> checkExtensions(const tinygltf::Model& model, GltfContext& ctx) {
    auto join = [](const std::vector<std::string>& names) {
        std::string text;
        for (const std::string& name : names)
            text += (text.empty() ? "" : ", ") + name;
        return text;
    };
    if (!model.extensionsRequired.empty())
        return ctx.error("it requires the extensions " + join(model.extensionsRequired) +
                         ", which this loader does not support");
    if (!model.extensionsUsed.empty())
        ctx.warn("extensions ignored (the model is read without them): " + join(model.extensionsUsed));
    return {};
}

Result<Mesh> buildMesh(const tinygltf::Model& model, GltfContext& ctx) {
    if (Result<void> extensions = checkExtensions(model, ctx); !extensions)
        return makeError(extensions.error());
    Result<std::vector<Placement>> placed = placeNodes(model, ctx);
    if (!placed) return makeError(placed.error());
    Mesh mesh;
    gltf_detail::MaterialTable materials = gltf_detail::convertMaterials(model, ctx, mesh);
    std::map<int, std::vector<gltf_detail::GltfPrimitive>> primitivesOf; // each mesh read once
    size_t skipped = 0;
    bool skinnedOrMorphed = false;
    for (const Placement& p : *placed) {
        const tinygltf::Node& node = model.nodes[size_t(p.node)];
        skinnedOrMorphed = skinnedOrMorphed || node.skin >= 0;
        if (node.mesh == -1) continue;
        auto it = primitivesOf.find(node.mesh);
        if (it == primitivesOf.end()) {
            Result<std::vector<gltf_detail::GltfPrimitive>> read =
                gltf_detail::readMeshPrimitives(model, node.mesh, materials, ctx, mesh, skipped);
            if (!read) return makeError(read.error());
            for (const tinygltf::Primitive& primitive : model.meshes[size_t(node.mesh)].primitives)
                skinnedOrMorphed = skinnedOrMorphed || !primitive.targets.empty();
            it = primitivesOf.emplace(node.mesh, std::move(*read)).first;
        }
        const std::string where =
            "node " + std::to_string(p.node) + " (mesh " + std::to_string(node.mesh) + ")";
        if (Result<void> added = gltf_detail::appendInstance(it->second, p.world, where, ctx, mesh); !added)
            return makeError(added.error());
    }
    if (skipped > 0)
        ctx.warn(std::to_string(skipped) + " primitive" + (skipped > 1 ? "s" : "") +
                 " of points or lines skipped (only triangles are voxelized)");
    if (skinnedOrMorphed)
        ctx.warn("skins and morph targets are not applied: the meshes are read in their rest pose");
    if (mesh.indices.empty())
        return ctx.error(
            "contains no triangles (no node of the scene places a mesh with triangle primitives)");
    mesh.computeBounds();
    if (Result<void> valid = validateMesh(mesh); !valid) return ctx.error(valid.error());
    return mesh;
}

} // namespace

bool isGltfFileName(const fs::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return extension == ".gltf" || extension == ".glb";
}

Result<Mesh> loadGltfFromMemory(std::string_view bytes, const fs::path& baseDir, const LoadLimits& limits,
                                std::vector<std::string>* warnings, std::string_view sourceName) {
    std::vector<std::string> localWarnings;
    GltfContext ctx{std::string(sourceName), baseDir, limits, warnings ? *warnings : localWarnings};
    if (bytes.empty()) return ctx.error("the glTF file is empty");
    if (bytes.size() > limits.maxGltfBytes)
        return ctx.error("it has " + std::to_string(bytes.size()) + " bytes, over the limit of " +
                         std::to_string(limits.maxGltfBytes));
    const bool binary = isGlb(bytes);
    std::string_view json = bytes;
    if (binary) {
        Result<GlbChunks> chunks = splitGlb(bytes, ctx.source, limits);
        if (!chunks) return makeError(chunks.error());
        json = chunks->json;
    } else if (json.size() > limits.maxGltfJsonBytes) {
        return ctx.error("its JSON has " + std::to_string(json.size()) + " bytes, over the limit of " +
                         std::to_string(limits.maxGltfJsonBytes));
    }
    if (Result<void> scanned = scanGltfJson(json, ctx.source); !scanned) return makeError(scanned.error());
    Result<tinygltf::Model> model = gltf_detail::parseGltfDocument(bytes, binary, ctx);
    if (!model) return makeError(model.error());
    try {
        return buildMesh(*model, ctx);
    } catch (const std::bad_alloc&) {
        return ctx.error("out of memory while building the mesh");
    }
}

Result<Mesh> loadGltf(const fs::path& path, const LoadLimits& limits, std::vector<std::string>* warnings) {
    return loadFromFile(path, limits.maxGltfBytes, "glTF file", limits, warnings, loadGltfFromMemory);
}

} // namespace dicer::model
