// The welded marching-cubes mesh (surface_mesh.h): each list located on the grid with its validation, then one
// weld in three steps: by grid edge, contraction at samples, pinches split.
#include "surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>

namespace dicer::surface {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
using Face = std::array<std::uint32_t, 3>;

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

bool finite(glm::vec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
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

// The sample two grid edges share, or nullopt.
std::optional<glm::ivec3> sharedSample(const GridSite& a, const GridSite& b) {
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            glm::ivec3 p = a.sample, q = b.sample;
            p[a.axis] += i;
            q[b.axis] += j;
            if (p == q) return p;
        }
    return std::nullopt;
}

bool degenerate(const Face& f) {
    return f[0] == f[1] || f[1] == f[2] || f[0] == f[2];
}

// Union-find in which the smaller index is always the root (the first-used vertex: deterministic).
struct Roots {
    std::vector<std::uint32_t> parent;
    explicit Roots(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t operator()(std::uint32_t v) {
        while (parent[v] != v)
            v = parent[v] = parent[parent[v]];
        return v;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = (*this)(a);
        b = (*this)(b);
        parent[std::max(a, b)] = std::min(a, b);
    }
};

// The welded vertices (step 1's, then the copies made at pinches) and the faces over them.
struct Mesh {
    std::vector<glm::vec3> positions, normals;
    std::vector<GridSite> sites;
    std::vector<Face> faces;
};

// Step 2 (surface_mesh.h): contracts the zero-length sides of `mesh`'s faces, first each sample's cluster (the
// vertices its zero-length sides join) at once, in list order, then, where a whole cluster may not go, its
// sides one at a time, in passes until none is left that may. A contraction is refused when an edge would
// then be used twice in one direction (by more than two faces, or by two that disagree). A cluster at once may
// pass through states that one side at a time would refuse (two of its sides' faces meeting on an edge
// that the next contraction removes).
class Contraction {
public:
    Contraction(Mesh& mesh, WeldStats& stats) : m_mesh(mesh), m_stats(stats), m_root(mesh.positions.size()) {}

    void run() {
        m_alive.assign(m_mesh.faces.size(), true);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> sides;
        for (std::size_t i = 0; i < m_mesh.faces.size(); ++i) {
            const Face& f = m_mesh.faces[i];
            if (degenerate(f)) { // never from a valid table
                m_alive[i] = false;
                ++m_stats.collapsedFaces;
                continue;
            }
            for (int k = 0; k < 3; ++k)
                if (m_mesh.positions[f[k]] == m_mesh.positions[f[(k + 1) % 3]])
                    sides.push_back({f[k], f[(k + 1) % 3]});
        }
        if (!sides.empty()) contractSides(sides);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_mesh.faces.size(); ++i)
            if (m_alive[i]) m_mesh.faces[kept++] = m_mesh.faces[i];
        m_mesh.faces.resize(kept);
    }

private:
    void contractSides(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& sides) {
        const std::size_t n = m_mesh.positions.size();
        const std::vector<glm::vec3> normals = m_mesh.normals;
        const std::vector<GridSite> sites = m_mesh.sites; // the grid edges, for sharedSample
        // The faces around each vertex of a zero-length side (the only vertices contractions touch).
        m_slot.assign(n, kNone);
        for (const auto& [a, b] : sides)
            for (std::uint32_t v : {a, b})
                if (m_slot[v] == kNone) {
                    m_slot[v] = std::uint32_t(m_around.size());
                    m_around.emplace_back();
                }
        for (std::uint32_t i = 0; i < m_mesh.faces.size(); ++i)
            for (std::uint32_t v : m_mesh.faces[i])
                if (m_alive[i] && m_slot[v] != kNone) m_around[m_slot[v]].push_back(i);

        // The clusters, in the order of their first side.
        Roots cluster(n);
        for (const auto& [a, b] : sides)
            cluster.unite(a, b);
        std::vector<std::uint32_t> firstSide(n, kNone), order(sides.size());
        for (std::uint32_t i = 0; i < sides.size(); ++i) {
            std::uint32_t& first = firstSide[cluster(sides[i].first)];
            first = std::min(first, i);
        }
        auto key = [&](std::uint32_t i) { return firstSide[cluster(sides[i].first)]; };
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](auto i, auto j) { return key(i) < key(j); });
        std::vector<std::uint32_t> members;
        for (std::size_t begin = 0, end = 0; begin < order.size(); begin = end) {
            members.clear();
            for (end = begin; end < order.size() && key(order[end]) == key(order[begin]); ++end)
                members.insert(members.end(), {sides[order[end]].first, sides[order[end]].second});
            std::sort(members.begin(), members.end());
            members.erase(std::unique(members.begin(), members.end()), members.end());
            if (contract(members)) placeOnSample(sites, sides[order[begin]]);
        }
        for (bool progress = true; progress;) {
            progress = false;
            for (const auto& side : sides) {
                const std::uint32_t a = m_root(side.first), b = m_root(side.second);
                const std::array<std::uint32_t, 2> pair = {std::min(a, b), std::max(a, b)};
                if (a != b && contract(pair)) {
                    placeOnSample(sites, side);
                    progress = true;
                }
            }
        }
        // A merged vertex's normal: the normalised sum of its grid edges' (the first one's where they cancel).
        std::vector<glm::vec3> sum(n, glm::vec3(0.f));
        std::vector<std::uint32_t> count(n, 0);
        for (std::uint32_t v = 0; v < n; ++v) {
            sum[m_root(v)] += normals[v];
            ++count[m_root(v)];
        }
        for (std::uint32_t v = 0; v < n; ++v) {
            const float length = glm::length(sum[v]);
            if (count[v] > 1 && length > 0.f && std::isfinite(length)) m_mesh.normals[v] = sum[v] / length;
        }
    }

    // Contracts the vertices `roots` (ascending, each its own root) into the first, unless an edge would then
    // be used twice in one direction. Every face such an edge can be on has one of them as a corner.
    bool contract(std::span<const std::uint32_t> roots) {
        const std::uint32_t keep = roots[0];
        auto renamed = [&roots, keep](Face f) {
            for (std::uint32_t& v : f)
                if (std::binary_search(roots.begin(), roots.end(), v)) v = keep;
            return f;
        };
        m_local.clear();
        for (std::uint32_t v : roots)
            for (std::uint32_t i : m_around[m_slot[v]])
                if (m_alive[i]) m_local.push_back(i);
        std::sort(m_local.begin(), m_local.end());
        m_local.erase(std::unique(m_local.begin(), m_local.end()), m_local.end());
        m_edges.clear();
        for (std::uint32_t i : m_local) {
            const Face f = renamed(m_mesh.faces[i]);
            if (!degenerate(f))
                for (int k = 0; k < 3; ++k)
                    m_edges.push_back(std::uint64_t(f[k]) << 32 | f[(k + 1) % 3]);
        }
        std::sort(m_edges.begin(), m_edges.end());
        if (std::adjacent_find(m_edges.begin(), m_edges.end()) != m_edges.end()) return false;

        for (std::uint32_t v : roots)
            m_around[m_slot[v]].clear();
        for (std::uint32_t i : m_local) {
            m_mesh.faces[i] = renamed(m_mesh.faces[i]);
            if (!degenerate(m_mesh.faces[i])) {
                m_around[m_slot[keep]].push_back(i);
            } else {
                m_alive[i] = false; // the face of zero area, dropped
                ++m_stats.collapsedFaces;
            }
        }
        for (std::uint32_t v : roots.subspan(1))
            m_root.parent[v] = keep;
        m_stats.mergedAtSamples += std::int64_t(roots.size()) - 1;
        return true;
    }

    // A contracted vertex lies on the sample that the grid edges of a zero-length side share.
    void placeOnSample(const std::vector<GridSite>& sites, std::pair<std::uint32_t, std::uint32_t> side) {
        GridSite& site = m_mesh.sites[m_root(side.first)];
        if (site.axis < 0) return;
        if (const std::optional<glm::ivec3> s = sharedSample(sites[side.first], sites[side.second]))
            site = {*s, -1};
    }

    Mesh& m_mesh;
    WeldStats& m_stats;
    Roots m_root;                                     // per vertex: the one it was contracted into
    std::vector<bool> m_alive;                        // per face
    std::vector<std::uint32_t> m_slot;                // per vertex: its m_around, or kNone
    std::vector<std::vector<std::uint32_t>> m_around; // the faces around a zero-length side's vertex
    std::vector<std::uint32_t> m_local;               // contract()'s scratch
    std::vector<std::uint64_t> m_edges;
};

// Step 3: the faces around each vertex, joined where they share a side at it; every such fan after the first
// (in face order) gets its own copy of the vertex.
void splitPinches(Mesh& mesh, WeldStats& stats) {
    const std::size_t n = mesh.positions.size();
    std::vector<std::uint32_t> start(n + 1, 0), at(mesh.faces.size() * 3);
    for (const Face& f : mesh.faces)
        for (std::uint32_t v : f)
            ++start[v + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t i = 0; i < mesh.faces.size(); ++i)
        for (std::uint32_t v : mesh.faces[i])
            at[fill[v]++] = i;

    std::vector<std::uint32_t> copyOf;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> byNeighbour; // (neighbour, face around v)
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t first = start[v], count = start[v + 1] - first;
        if (count < 2) continue;
        byNeighbour.clear();
        for (std::uint32_t i = 0; i < count; ++i)
            for (std::uint32_t u : mesh.faces[at[first + i]])
                if (u != v) byNeighbour.push_back({u, i});
        std::sort(byNeighbour.begin(), byNeighbour.end());
        Roots fan(count);
        for (std::size_t j = 1; j < byNeighbour.size(); ++j)
            if (byNeighbour[j].first == byNeighbour[j - 1].first)
                fan.unite(byNeighbour[j - 1].second, byNeighbour[j].second);
        copyOf.assign(count, kNone);
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t r = fan(i);
            if (r == 0) continue; // the first face's fan keeps v
            if (copyOf[r] == kNone) {
                copyOf[r] = std::uint32_t(mesh.positions.size());
                mesh.positions.push_back(mesh.positions[v]);
                mesh.normals.push_back(mesh.normals[v]);
                mesh.sites.push_back(mesh.sites[v]);
                ++stats.splitVertices;
            }
            for (std::uint32_t& u : mesh.faces[at[first + i]])
                if (u == v) u = copyOf[r];
        }
    }
}

// Vertices in the order the faces first use them; the rest is not in the mesh.
SurfaceMesh compact(const Mesh& in, const WeldStats& stats) {
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

SurfaceMesh weld(std::span<const ListVertex> list, const WeldOptions& options) {
    // Step 1: one vertex per grid edge, in first-use order, with its first use's position and normal (the
    // cells sharing the edge place it bit for bit alike).
    Mesh mesh;
    WeldStats stats;
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
    stats.inputTriangles = std::int64_t(mesh.faces.size());
    stats.gridEdges = std::int64_t(mesh.positions.size());
    if (!options.gridEdgesOnly) {
        Contraction(mesh, stats).run();
        splitPinches(mesh, stats);
    }
    return compact(mesh, stats);
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
        const glm::ivec3 cell =
            inside ? glm::ivec3(int(c % cells.x), int(c / cells.x % cells.y), int(c / cells.x / cells.y))
                   : glm::ivec3(0);
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

Result<SurfaceMesh> weldSurface(const McSurface& surface, const WeldOptions& options) {
    return weldSurface(surface.vertices, surface.cells + 1, options);
}

} // namespace dicer::surface
