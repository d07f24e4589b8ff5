// Helpers of the marching-cubes tests (mc_reference_test.cpp, surface_mesh_test.cpp): volumes from values and
// random ones, and the welded mesh's edge check that decides whether a surface is watertight.
#pragma once

#include "mc_reference.h"
#include "scalar_volume.h"
#include "surface_mesh.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace dicer::test {

template <class T>
inline volume::ScalarVolume makeVolume(glm::ivec3 size, volume::ScalarType type,
                                       const std::vector<T>& values) {
    volume::ScalarVolume v;
    v.size = size;
    v.type = type;
    v.name = "test";
    v.data.resize(values.size() * sizeof(T));
    // Byte by byte through std::copy_n: GCC 12's -Warray-bounds misreads a memcpy of a constant-sized vector here.
    const auto* bytes = reinterpret_cast<const std::byte*>(values.data());
    std::copy_n(bytes, v.data.size(), v.data.begin());
    return v;
}

inline volume::ScalarVolume randomFloatVolume(glm::ivec3 size, unsigned seed, double nanFraction) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(0.f, 1.f);
    std::vector<float> values(std::size_t(size.x) * size.y * size.z);
    for (float& x : values)
        x = value(rng) < nanFraction ? std::numeric_limits<float>::quiet_NaN() : value(rng);
    return makeVolume(size, volume::ScalarType::Float32, values);
}

inline volume::ScalarVolume randomByteVolume(glm::ivec3 size, unsigned seed, int levels) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> value(0, levels - 1);
    std::vector<std::uint8_t> values(std::size_t(size.x) * size.y * size.z);
    for (std::uint8_t& x : values)
        x = std::uint8_t(value(rng));
    return makeVolume(size, volume::ScalarType::Uint8, values);
}

// The welded mesh's edge check. The mesh is welded by the engine (surface_mesh.h: by grid edge, and
// at samples for the export). A mesh edge lies on the volume's boundary when both its vertices' grid sites lie
// in one boundary plane (x = 0, x = X-1, ...), where a surface is cut open. Every other (interior) edge must be
// used exactly once in each direction.
struct EdgeCheck {
    std::int64_t interiorEdges = 0, boundaryEdges = 0;
    std::int64_t interiorBad = 0; // interior edges not used exactly once each way
    std::int64_t boundaryBad = 0; // boundary edges used twice the same way
    std::int64_t degenerate = 0;  // triangles with two equal vertices (grid-edge weld: on one grid edge)
    std::int64_t zeroArea = 0;    // triangles whose positions have (near) zero area: counted, not an error
    std::int64_t vertices = 0, triangles = 0; // of the welded mesh
};

// A grid edge lies in the plane when it does not cross it and its sample is on it; a sample when it is on it.
inline bool inBoundaryPlane(glm::ivec3 size, const surface::GridSite& site, int axis, int side) {
    return site.axis != axis && site.sample[axis] == (side == 0 ? 0 : size[axis] - 1);
}

inline EdgeCheck checkEdges(glm::ivec3 size, const surface::SurfaceMesh& mesh) {
    EdgeCheck check;
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    for (const auto& t : mesh.triangles) {
        if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) ++check.degenerate;
        for (int k = 0; k < 3; ++k)
            ++directed[{t[k], t[(k + 1) % 3]}];
        const glm::dvec3 a(mesh.positions[t[0]]), b(mesh.positions[t[1]]), c(mesh.positions[t[2]]);
        if (glm::length(glm::cross(b - a, c - a)) < 1e-12) ++check.zeroArea;
        ++check.triangles;
    }
    check.vertices = std::int64_t(mesh.positions.size());
    for (const auto& [edge, uses] : directed) {
        const auto [a, b] = edge;
        if (a > b && directed.count({b, a})) continue; // count each undirected edge once
        bool boundary = false;
        for (int axis = 0; axis < 3; ++axis)
            for (int side = 0; side < 2; ++side)
                boundary |= inBoundaryPlane(size, mesh.sites[a], axis, side) &&
                            inBoundaryPlane(size, mesh.sites[b], axis, side);
        const auto back = directed.find({b, a});
        const int reverseUses = back == directed.end() ? 0 : back->second;
        if (boundary) {
            ++check.boundaryEdges;
            check.boundaryBad += uses > 1 || reverseUses > 1;
        } else {
            ++check.interiorEdges;
            check.interiorBad += uses != 1 || reverseUses != 1;
        }
    }
    return check;
}

// The triangle list welded by grid edge alone, every triangle kept (the table's check).
inline EdgeCheck checkEdges(glm::ivec3 size, const std::vector<surface::McVertex>& vertices) {
    surface::WeldOptions gridEdgesOnly;
    gridEdgesOnly.gridEdgesOnly = true;
    Result<surface::SurfaceMesh> mesh = surface::weldSurface(vertices, size, gridEdgesOnly);
    if (!mesh) {
        ADD_FAILURE() << mesh.error();
        return {};
    }
    return checkEdges(size, *mesh);
}

// The marching-cubes tests name what they test unqualified: `using namespace dicer::test` brings these too.
using namespace dicer::surface;
using volume::Band;
using volume::ScalarType;
using volume::ScalarVolume;

} // namespace dicer::test
