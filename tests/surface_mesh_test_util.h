// Helpers of surface_mesh_test.cpp, independent of engine/surface/surface_mesh.cpp: the checks a mesh tool
// (MeshLab's "Compute Topological Measures") makes on an indexed mesh, and a strict reader of the surface's
// PLY file written from the PLY 1.0 description (Greg Turk, "The PLY Polygon File Format") for exactly the
// header surface_mesh.h specifies. Anything else is an error string, never a guess.
#pragma once

#include "ply_reader.h"
#include "surface_mesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace dicer::test {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The welded mesh of a reference surface; a weld error fails the test (and gives an empty mesh).
inline surface::SurfaceMesh weld(const surface::McSurface& s) {
    Result<surface::SurfaceMesh> mesh = surface::weldSurface(s);
    EXPECT_TRUE(mesh) << mesh.error();
    return mesh ? std::move(*mesh) : surface::SurfaceMesh{};
}

struct Topology {
    std::int64_t badIndices = 0, degenerate = 0, zeroArea = 0, unreferenced = 0;
    std::int64_t boundaryEdges = 0;       // used by one face
    std::int64_t nonManifoldEdges = 0;    // used by more than two faces, or twice in one direction
    std::int64_t nonManifoldVertices = 0; // the faces around it are more than one fan
    std::int64_t components = 0;          // connected through shared vertices
    std::int64_t euler = 0;               // V - E + F
};

inline Topology topology(const surface::SurfaceMesh& mesh) {
    Topology topo;
    const std::size_t n = mesh.positions.size();
    std::vector<std::uint32_t> component(n);
    std::iota(component.begin(), component.end(), 0u);
    auto root = [&component](std::uint32_t v) {
        while (component[v] != v)
            v = component[v] = component[component[v]];
        return v;
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    std::vector<std::vector<std::size_t>> around(n);
    std::vector<bool> used(n, false);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const auto& t = mesh.triangles[f];
        if (t[0] >= n || t[1] >= n || t[2] >= n) {
            ++topo.badIndices;
            continue;
        }
        if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) ++topo.degenerate;
        const glm::dvec3 a(mesh.positions[t[0]]), b(mesh.positions[t[1]]), c(mesh.positions[t[2]]);
        if (glm::cross(b - a, c - a) == glm::dvec3(0.0)) ++topo.zeroArea;
        for (int k = 0; k < 3; ++k) {
            ++directed[{t[k], t[(k + 1) % 3]}];
            around[t[k]].push_back(f);
            used[t[k]] = true;
            component[root(t[k])] = root(t[(k + 1) % 3]);
        }
    }
    std::int64_t edges = 0;
    for (const auto& [edge, uses] : directed) {
        const auto [a, b] = edge;
        const auto back = directed.find({b, a});
        const int reverse = back == directed.end() ? 0 : back->second;
        if (a > b && reverse > 0) continue; // each undirected edge once
        ++edges;
        if (uses + reverse == 1) ++topo.boundaryEdges;
        if (uses > 1 || reverse > 1) ++topo.nonManifoldEdges;
    }
    // One fan: the faces around v, joined where they share a side at v (a neighbour of v).
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::vector<std::size_t>& faces = around[v];
        std::vector<std::size_t> fan(faces.size());
        std::iota(fan.begin(), fan.end(), std::size_t(0));
        auto fanRoot = [&fan](std::size_t i) {
            while (fan[i] != i)
                i = fan[i] = fan[fan[i]];
            return i;
        };
        for (std::size_t i = 0; i < faces.size(); ++i)
            for (std::size_t j = i + 1; j < faces.size(); ++j)
                for (std::uint32_t u : mesh.triangles[faces[i]])
                    if (u != v &&
                        std::count(mesh.triangles[faces[j]].begin(), mesh.triangles[faces[j]].end(), u))
                        fan[fanRoot(j)] = fanRoot(i);
        std::size_t fans = 0;
        for (std::size_t i = 0; i < faces.size(); ++i)
            fans += fanRoot(i) == i;
        topo.nonManifoldVertices += fans > 1;
    }
    for (std::uint32_t v = 0; v < n; ++v) {
        topo.unreferenced += !used[v];
        topo.components += used[v] && root(v) == v;
    }
    topo.euler = std::int64_t(n) - edges + std::int64_t(mesh.triangles.size());
    return topo;
}

// --- the strict PLY reader -----------------------------------------------------------------------------------

struct SurfacePly {
    std::vector<std::string> comments;
    std::vector<std::array<float, 6>> vertices; // x y z nx ny nz
    std::vector<std::array<std::int32_t, 3>> faces;
    std::string error; // empty: parsed
};

inline std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline SurfacePly parseSurfacePly(const std::string& bytes) {
    SurfacePly ply;
    auto fail = [&ply](std::string why) {
        ply = SurfacePly{};
        ply.error = std::move(why);
        return ply;
    };
    ply_test::detail::HeaderLines header{bytes};
    std::size_t& pos = header.pos;
    auto nextLine = [&](std::string& line) { return header.next(line); };
    // Every header line as surface_mesh.h spells it, comments allowed after the format line only.
    std::string line;
    if (!nextLine(line) || line != "ply") return fail("first line is not 'ply'");
    if (!nextLine(line) || line != "format binary_little_endian 1.0") return fail("bad format line: " + line);
    while (nextLine(line) && line.starts_with("comment "))
        ply.comments.push_back(line.substr(8));
    auto count = [&line](const std::string& prefix, std::uint64_t& n) {
        if (!line.starts_with(prefix)) return false;
        const std::string digits = line.substr(prefix.size());
        if (digits.empty() || digits.size() > 10 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            return false;
        n = std::stoull(digits);
        return n <= 0x7fffffffu;
    };
    std::uint64_t vertexCount = 0, faceCount = 0;
    if (!count("element vertex ", vertexCount)) return fail("bad vertex element: " + line);
    for (const char* p : {"x", "y", "z", "nx", "ny", "nz"})
        if (!nextLine(line) || line != std::string("property float ") + p) return fail("unexpected: " + line);
    if (!nextLine(line) || !count("element face ", faceCount)) return fail("bad face element: " + line);
    if (!nextLine(line) || line != "property list uchar int vertex_indices")
        return fail("unexpected: " + line);
    if (!nextLine(line) || line != "end_header") return fail("no end_header: " + line);

    const std::size_t expected = vertexCount * 24 + faceCount * 13;
    if (bytes.size() - pos != expected)
        return fail("body has " + std::to_string(bytes.size() - pos) + " bytes, expected " +
                    std::to_string(expected));
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + pos);
    auto word = [&p]() {
        const std::uint32_t w = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
                                std::uint32_t(p[3]) << 24; // little-endian, whatever the host
        p += 4;
        return w;
    };
    ply.vertices.resize(vertexCount);
    for (auto& v : ply.vertices)
        for (float& f : v) {
            const std::uint32_t w = word();
            std::memcpy(&f, &w, 4);
        }
    ply.faces.resize(faceCount);
    for (auto& f : ply.faces) {
        if (*p++ != 3) return fail("a face that is not a triangle");
        for (std::int32_t& i : f) {
            const std::uint32_t w = word();
            std::memcpy(&i, &w, 4);
            if (i < 0 || std::uint64_t(i) >= vertexCount) return fail("index out of range");
        }
    }
    return ply;
}

} // namespace dicer::test
