// The welded marching-cubes mesh (surface_mesh.h): each list located on the grid with its validation, then one
// weld in three steps: by grid edge (here), contraction at samples and pinches split (surface_weld_steps.cpp),
// and the compaction into the mesh.
#include "surface_mesh.h"

#include "mc_vertex.h"
#include "surface_weld_steps.h"

#include <cmath>
#include <string>
#include <unordered_map>

namespace dicer::surface {
namespace {

using detail::WeldMesh;
using Face = detail::WeldFace;
constexpr std::uint32_t kNone = detail::kNoVertex;

// One vertex of the list, located on the grid.
struct ListVertex {
    std::int64_t key = 0; // gridEdgeId
    GridSite site;        // its grid edge
    glm::vec3 position{0.f}, normal{0.f};
};

std::string sizeText(glm::ivec3 v) {
    return std::to_string(v.x) + " x " + std::to_string(v.y) + " x " + std::to_string(v.z);
}

std::string cellText(glm::ivec3 v) {
    std::string text = "("; // built by appending: GCC 12 warns falsely (-Wrestrict) on "(" + std::string
    text += std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
    return text;
}

Result<void> checkTriangleCount(std::size_t n) {
    if (n % 3 == 0) return {};
    return makeError("surface weld: " + std::to_string(n) + " vertices are not whole triangles (" +
                     std::to_string(n % 3) + " left over)");
}

// The checks both lists share; `cellName` names the vertex's cell in the message.
Result<ListVertex> locate(glm::ivec3 volumeSize, std::size_t k, glm::ivec3 cell, bool cellInside,
                          const std::string& cellName, int edge, glm::vec3 position, glm::vec3 normal) {
    const std::string vertex = "surface weld: vertex " + std::to_string(k) + ": ";
    if (!cellInside)
        return makeError(vertex + "cell " + cellName + " is outside the " +
                         sizeText(glm::max(volumeSize - 1, glm::ivec3(0))) + " cells of a " +
                         sizeText(volumeSize) + " volume");
    if (edge < 0 || edge > 11)
        return makeError(vertex + "edge " + std::to_string(edge) + " (a cell's edges are 0..11)");
    if (!finite(position)) return makeError(vertex + "its position is not finite");
    if (!finite(normal)) return makeError(vertex + "its normal is not finite");
    ListVertex v;
    v.key = gridEdgeId(volumeSize, cell, edge);
    const int lower = kMcEdgeCorners[std::size_t(edge)][0];
    v.site = {cell + glm::ivec3(mcCornerBit(lower, 0), mcCornerBit(lower, 1), mcCornerBit(lower, 2)),
              mcEdgeAxis(edge)};
    v.position = position;
    v.normal = normal;
    return v;
}

// Vertices in the order the faces first use them; the rest is not in the mesh.
SurfaceMesh compact(const WeldMesh& in, const WeldStats& stats) {
    SurfaceMesh mesh;
    mesh.stats = stats;
    std::vector<std::uint32_t> index(in.positions.size(), kNone);
    mesh.triangles.reserve(in.faces.size());
    for (const Face& f : in.faces) {
        Face t{};
        for (std::size_t i = 0; i < 3; ++i) {
            std::uint32_t& k = index[f[i]];
            if (k == kNone) {
                k = std::uint32_t(mesh.positions.size());
                mesh.positions.push_back(in.positions[f[i]]);
                mesh.normals.push_back(in.normals[f[i]]);
                mesh.sites.push_back(in.sites[f[i]]);
            }
            t[i] = k;
        }
        const glm::dvec3 a(mesh.positions[t[0]]), b(mesh.positions[t[1]]), c(mesh.positions[t[2]]);
        mesh.stats.zeroAreaKept += glm::cross(b - a, c - a) == glm::dvec3(0.0);
        mesh.triangles.push_back(t);
    }
    mesh.stats.unreferenced =
        stats.gridEdges - stats.mergedAtSamples + stats.splitVertices - std::int64_t(mesh.positions.size());
    return mesh;
}

// Steps 2 and 3 on step 1's mesh, and the compaction.
SurfaceMesh weldAfterGridEdges(WeldMesh& mesh, const WeldOptions& options) {
    WeldStats stats;
    stats.inputTriangles = std::int64_t(mesh.faces.size());
    stats.gridEdges = std::int64_t(mesh.positions.size());
    if (!options.gridEdgesOnly) {
        detail::contractAtSamples(mesh, stats); // step 2
        detail::splitPinches(mesh, stats);      // step 3
    }
    return compact(mesh, stats);
}

// A cell's (x, y, z) from its linear index (x fastest; `c` below the cell count).
glm::ivec3 cellOf(std::int64_t c, glm::ivec3 cells) {
    return {int(c % cells.x), int(c / cells.x % cells.y), int(c / cells.x / cells.y)};
}

SurfaceMesh weld(std::span<const ListVertex> list, const WeldOptions& options) {
    // Step 1: one vertex per grid edge, in first-use order, with its first use's position and normal (the
    // cells sharing the edge place it bit for bit alike).
    WeldMesh mesh;
    std::unordered_map<std::int64_t, std::uint32_t> index;
    index.reserve(list.size() / 3);
    mesh.faces.resize(list.size() / 3);
    for (std::size_t k = 0; k < list.size(); ++k) {
        const auto [it, added] = index.try_emplace(list[k].key, std::uint32_t(mesh.positions.size()));
        if (added) {
            mesh.positions.push_back(list[k].position);
            mesh.normals.push_back(list[k].normal);
            mesh.sites.push_back(list[k].site);
        }
        mesh.faces[k / 3][k % 3] = it->second;
    }
    return weldAfterGridEdges(mesh, options);
}

} // namespace

Result<SurfaceMesh> weldSurface(std::span<const McGpuVertex> vertices, glm::ivec3 volumeSize,
                                const WeldOptions& options) {
    if (Result<void> whole = checkTriangleCount(vertices.size()); !whole) return makeError(whole.error());
    const glm::ivec3 cells = glm::max(volumeSize - 1, glm::ivec3(0));
    const std::int64_t cellCount = std::int64_t(cells.x) * cells.y * cells.z;
    std::vector<ListVertex> list;
    list.reserve(vertices.size());
    for (std::size_t k = 0; k < vertices.size(); ++k) {
        const McGpuVertex& v = vertices[k];
        const std::int64_t c = v.cell;
        const bool inside = c < cellCount;
        const glm::ivec3 cell = inside ? cellOf(c, cells) : glm::ivec3(0);
        Result<ListVertex> located =
            locate(volumeSize, k, cell, inside, std::to_string(c), v.edge(), v.position, v.normal);
        if (!located) return makeError(located.error());
        list.push_back(*located);
    }
    return weld(list, options);
}

Result<SurfaceMesh> weldSurface(std::span<const McVertex> vertices, glm::ivec3 volumeSize,
                                const WeldOptions& options) {
    if (Result<void> whole = checkTriangleCount(vertices.size()); !whole) return makeError(whole.error());
    const glm::ivec3 cells = glm::max(volumeSize - 1, glm::ivec3(0));
    std::vector<ListVertex> list;
    list.reserve(vertices.size());
    for (std::size_t k = 0; k < vertices.size(); ++k) {
        const McVertex& v = vertices[k];
        const bool inside =
            glm::all(glm::greaterThanEqual(v.cell, glm::ivec3(0))) && glm::all(glm::lessThan(v.cell, cells));
        Result<ListVertex> located = locate(volumeSize, k, v.cell, inside, cellText(v.cell), v.edge,
                                            glm::vec3(v.position), glm::vec3(v.normal));
        if (!located) return makeError(located.error());
        list.push_back(*located);
    }
    return weld(list, options);
}

Result<SurfaceMesh> weldSurface(const GridEdgeMesh& gpu, const WeldOptions& options) {
    if (Result<void> whole = checkTriangleCount(gpu.indices.size()); !whole) return makeError(whole.error());
    const glm::ivec3 cells = glm::max(gpu.volumeSize - 1, glm::ivec3(0));
    const std::int64_t cellCount = std::int64_t(cells.x) * cells.y * cells.z;
    WeldMesh mesh;
    mesh.positions.reserve(gpu.vertices.size());
    mesh.normals.reserve(gpu.vertices.size());
    mesh.sites.reserve(gpu.vertices.size());
    for (std::size_t k = 0; k < gpu.vertices.size(); ++k) {
        const std::int64_t c = gpu.vertices[k].x;
        const bool inside = c < cellCount;
        const glm::ivec3 cell = inside ? cellOf(c, cells) : glm::ivec3(0);
        const int edge = int(mcVertexEdge(gpu.vertices[k]));
        const McGpuVertex v =
            inside && edge <= 11 ? decodeVertex(gpu.vertices[k], cells, gpu.spacing) : McGpuVertex{};
        Result<ListVertex> located =
            locate(gpu.volumeSize, k, cell, inside, std::to_string(c), edge, v.position, v.normal);
        if (!located) return makeError(located.error());
        mesh.positions.push_back(located->position);
        mesh.normals.push_back(located->normal);
        mesh.sites.push_back(located->site);
    }
    mesh.faces.resize(gpu.indices.size() / 3);
    for (std::size_t k = 0; k < gpu.indices.size(); ++k) {
        const std::uint32_t index = gpu.indices[k];
        if (index >= gpu.vertices.size())
            return makeError("surface weld: index " + std::to_string(k) + " is " + std::to_string(index) +
                             ", beyond the " + std::to_string(gpu.vertices.size()) + " welded vertices");
        mesh.faces[k / 3][k % 3] = index;
    }
    return weldAfterGridEdges(mesh, options);
}

Result<SurfaceMesh> weldSurface(const McSurface& surface, const WeldOptions& options) {
    return weldSurface(surface.vertices, surface.cells + 1, options);
}

} // namespace dicer::surface
