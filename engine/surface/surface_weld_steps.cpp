// Steps 2 and 3 of the surface weld (surface_weld_steps.h; the weld itself: surface_mesh.h, THE WELD): the
// zero-length sides contracted at samples, then the pinches split.
#include "surface_weld_steps.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <span>
#include <utility>

namespace dicer::surface::detail {
namespace {

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

bool degenerate(const WeldFace& f) {
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

// Step 2 (surface_mesh.h): contracts the zero-length sides of `mesh`'s faces, first each sample's cluster (the
// vertices its zero-length sides join) at once, in list order, then, where a whole cluster may not go, its
// sides one at a time, in passes until none is left that may. A contraction is refused when an edge would
// then be used twice in one direction (by more than two faces, or by two that disagree). A cluster at once may
// pass through states that one side at a time would refuse (two of its sides' faces meeting on an edge
// that the next contraction removes).
class Contraction {
public:
    Contraction(WeldMesh& mesh, WeldStats& stats)
        : m_mesh(mesh), m_stats(stats), m_root(mesh.positions.size()) {}

    void run() {
        m_alive.assign(m_mesh.faces.size(), true);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> sides;
        for (std::size_t i = 0; i < m_mesh.faces.size(); ++i) {
            const WeldFace& f = m_mesh.faces[i];
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
        m_slot.assign(n, kNoVertex);
        for (const auto& [a, b] : sides)
            for (std::uint32_t v : {a, b})
                if (m_slot[v] == kNoVertex) {
                    m_slot[v] = std::uint32_t(m_around.size());
                    m_around.emplace_back();
                }
        for (std::uint32_t i = 0; i < m_mesh.faces.size(); ++i)
            for (std::uint32_t v : m_mesh.faces[i])
                if (m_alive[i] && m_slot[v] != kNoVertex) m_around[m_slot[v]].push_back(i);

        // The clusters, in the order of their first side.
        Roots cluster(n);
        for (const auto& [a, b] : sides)
            cluster.unite(a, b);
        std::vector<std::uint32_t> firstSide(n, kNoVertex), order(sides.size());
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
        auto renamed = [&roots, keep](WeldFace f) {
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
            const WeldFace f = renamed(m_mesh.faces[i]);
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

    WeldMesh& m_mesh;
    WeldStats& m_stats;
    Roots m_root;                                     // per vertex: the one it was contracted into
    std::vector<bool> m_alive;                        // per face
    std::vector<std::uint32_t> m_slot;                // per vertex: its m_around, or kNoVertex
    std::vector<std::vector<std::uint32_t>> m_around; // the faces around a zero-length side's vertex
    std::vector<std::uint32_t> m_local;               // contract()'s scratch
    std::vector<std::uint64_t> m_edges;
};

} // namespace

void contractAtSamples(WeldMesh& mesh, WeldStats& stats) {
    Contraction(mesh, stats).run();
}

// The faces around each vertex, joined where they share a side at it; every such fan after the first (in face
// order) gets its own copy of the vertex.
void splitPinches(WeldMesh& mesh, WeldStats& stats) {
    const std::size_t n = mesh.positions.size();
    std::vector<std::uint32_t> start(n + 1, 0), at(mesh.faces.size() * 3);
    for (const WeldFace& f : mesh.faces)
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
        copyOf.assign(count, kNoVertex);
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t r = fan(i);
            if (r == 0) continue; // the first face's fan keeps v
            if (copyOf[r] == kNoVertex) {
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

} // namespace dicer::surface::detail
