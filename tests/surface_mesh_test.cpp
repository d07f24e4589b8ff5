// The welded marching-cubes mesh and its PLY export (engine/surface/surface_mesh.h), on the
// CPU reference's surfaces: every index valid, no degenerate face, manifold (every edge used by two faces in
// opposite directions, every vertex one fan of faces) and closed away from the volume's boundary, one vertex
// per crossed grid edge where no vertex sits on a sample, the Euler characteristic of a sphere and a torus;
// integer fields (vertices on samples: zero-area faces by grid edge) stay manifold and closed with those faces
// dropped, except where the band region is one sample thin (counted, bounded; shapes that show both); the
// GPU's vertex format welds to the same mesh; bad lists are one error each. The PLY file: surface_ply_test.cpp.
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "mc_reference.h"
#include "mc_test_util.h"
#include "surface_mesh.h"
#include "surface_mesh_test_util.h"
#include "volume_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

using namespace dicer;
using namespace dicer::test; // and the surface wing, Band, ScalarType, ScalarVolume (mc_test_util.h)

namespace {

// The reference's list as the GPU writes it (mc_shared.h): float32, the cell's linear index, packed ids.
std::vector<McGpuVertex> asGpuList(const McSurface& s) {
    std::vector<McGpuVertex> out;
    for (const McVertex& v : s.vertices) {
        McGpuVertex g{};
        g.position = glm::vec3(v.position);
        g.normal = glm::vec3(v.normal);
        g.cell = std::uint32_t((std::int64_t(v.cell.z) * s.cells.y + v.cell.y) * s.cells.x + v.cell.x);
        g.ids = std::uint32_t(v.mcCase) | std::uint32_t(v.edge) << MC_ID_EDGE_SHIFT |
                std::uint32_t(v.normalFallback) << MC_ID_FALLBACK_SHIFT |
                std::uint32_t(v.crossing) << MC_ID_CROSSING_SHIFT;
        out.push_back(g);
    }
    return out;
}

std::int64_t distinctGridEdges(const McSurface& s) {
    std::set<std::int64_t> ids;
    for (const McVertex& v : s.vertices)
        ids.insert(gridEdgeId(s.cells + 1, v.cell, v.edge));
    return std::int64_t(ids.size());
}

// What every exported mesh must be: valid, manifold, closed where the volume does not cut it, no zero-area face
// (unless allowed: then as many as the weld counts), its vertex count the grid edges' less the merged and
// unused ones plus the copies.
void expectExportable(const ScalarVolume& volume, const SurfaceMesh& mesh, bool zeroAreaAllowed = false) {
    const Topology topo = topology(mesh);
    EXPECT_EQ(topo.badIndices, 0);
    EXPECT_EQ(topo.degenerate, 0);
    EXPECT_EQ(topo.zeroArea, mesh.stats.zeroAreaKept);
    if (!zeroAreaAllowed) {
        EXPECT_EQ(topo.zeroArea, 0);
    }
    EXPECT_EQ(topo.unreferenced, 0);
    EXPECT_EQ(topo.nonManifoldEdges, 0);
    EXPECT_EQ(topo.nonManifoldVertices, 0);
    const EdgeCheck edges = checkEdges(volume.size, mesh);
    EXPECT_EQ(edges.interiorBad, 0);
    EXPECT_EQ(edges.boundaryBad, 0);
    EXPECT_EQ(std::int64_t(mesh.positions.size()), mesh.stats.gridEdges - mesh.stats.mergedAtSamples +
                                                       mesh.stats.splitVertices - mesh.stats.unreferenced);
    EXPECT_EQ(mesh.normals.size(), mesh.positions.size());
    EXPECT_EQ(mesh.sites.size(), mesh.positions.size());
    for (const glm::vec3& n : mesh.normals)
        EXPECT_NEAR(glm::length(n), 1.f, 1e-5f);
}

struct RandomField {
    glm::ivec3 size;
    unsigned seed;
};
const RandomField kRandomFields[] = {
    {{2, 2, 2}, 1}, {{3, 3, 3}, 2}, {{5, 7, 3}, 3}, {{16, 16, 16}, 4}, {{17, 9, 23}, 5}, {{12, 33, 5}, 9},
};

// A float32 field of `f` over the samples (index space).
template <class F> ScalarVolume floatField(glm::ivec3 size, F f) {
    std::vector<float> values;
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                values.push_back(float(f(glm::dvec3(x, y, z))));
    return makeVolume(size, ScalarType::Float32, values);
}

} // namespace

// --- the weld ----------------------------------------------------------------------------------------------

// The metaballs: the shell band (a band whose both ends are crossed; at 32^3 the shell breaks into many small
// closed pieces) and the blobs' band: closed (no boundary edge), manifold, every piece a sphere (V - E + F =
// 2 per component). The GPU's vertex format welds to the very same mesh.
TEST(SurfaceMesh, MetaballsAreClosedAndManifold) {
    Result<ScalarVolume> volume = volume::loadBuiltinVolume("metaballs:32");
    ASSERT_TRUE(volume) << volume.error();
    for (const Band band : {volume::kMetaballsShellBand, Band{32768, 65535}}) {
        SCOPED_TRACE(volume::bandText(band));
        const McSurface s = marchingCubesReference(*volume, band);
        ASSERT_GT(s.triangleCount(), 1000);
        const SurfaceMesh mesh = weld(s);
        expectExportable(*volume, mesh);
        EXPECT_EQ(mesh.stats.gridEdges, distinctGridEdges(s));
        const Topology topo = topology(mesh);
        EXPECT_EQ(topo.boundaryEdges, 0);
        EXPECT_EQ(checkEdges(volume->size, mesh).boundaryEdges, 0);
        EXPECT_EQ(topo.euler, 2 * topo.components);
        std::printf("metaballs:32 %s: %zu vertices, %zu faces, %lld components, %lld merged at samples\n",
                    volume::bandText(band).c_str(), mesh.positions.size(), mesh.triangles.size(),
                    (long long)topo.components, (long long)mesh.stats.mergedAtSamples);

        Result<SurfaceMesh> gpu = weldSurface(asGpuList(s), volume->size);
        ASSERT_TRUE(gpu) << gpu.error();
        EXPECT_EQ(gpu->triangles, mesh.triangles);
        EXPECT_EQ(gpu->positions, mesh.positions);
        EXPECT_EQ(gpu->normals, mesh.normals);
        ASSERT_EQ(gpu->sites.size(), mesh.sites.size());
        for (std::size_t i = 0; i < mesh.sites.size(); ++i)
            EXPECT_TRUE(gpu->sites[i].sample == mesh.sites[i].sample &&
                        gpu->sites[i].axis == mesh.sites[i].axis);
    }
}

// Random float fields (with NaN): no vertex on a sample, so the weld is one vertex per crossed grid edge,
// every face kept, each vertex at its grid edge's position (the same from every cell), in first-use order.
TEST(SurfaceMesh, RandomFloatFieldsOneVertexPerGridEdge) {
    std::int64_t triangles = 0;
    for (const RandomField& field : kRandomFields)
        for (double nanFraction : {0.0, 0.05}) {
            const ScalarVolume volume = randomFloatVolume(field.size, field.seed, nanFraction);
            for (const Band band : {Band{0.3, 0.7}, Band{0.5, kInf}, Band{-kInf, 0.2}}) {
                SCOPED_TRACE(testing::Message()
                             << "size " << field.size.x << "x" << field.size.y << "x" << field.size.z
                             << " nan " << nanFraction << " band " << band.lo);
                const McSurface s = marchingCubesReference(volume, band);
                const SurfaceMesh mesh = weld(s);
                expectExportable(volume, mesh);
                EXPECT_EQ(std::int64_t(mesh.positions.size()), distinctGridEdges(s));
                EXPECT_EQ(mesh.triangles.size(), std::size_t(s.triangleCount()));
                EXPECT_EQ(mesh.stats.mergedAtSamples + mesh.stats.collapsedFaces + mesh.stats.splitVertices,
                          0);
                std::uint32_t next = 0; // first-use order, and every list vertex at its welded vertex
                for (std::size_t k = 0; k < s.vertices.size(); ++k) {
                    const std::uint32_t v = mesh.triangles[k / 3][k % 3];
                    EXPECT_LE(v, next);
                    next = std::max(next, v + 1);
                    EXPECT_EQ(mesh.positions[v], glm::vec3(s.vertices[k].position));
                    EXPECT_EQ(mesh.normals[v], glm::vec3(s.vertices[k].normal));
                    EXPECT_EQ(mesh.sites[v].axis, mcEdgeAxis(s.vertices[k].edge));
                }
                triangles += std::int64_t(mesh.triangles.size());
            }
        }
    EXPECT_GT(triangles, 20000);
}

// Known topology: a sphere (V - E + F = 2) and a torus (0), closed, one component each, every face wound so
// that its normal agrees with the vertex normals (outward).
TEST(SurfaceMesh, SphereAndTorusEulerCharacteristic) {
    const glm::dvec3 c(12.3, 12.1, 11.7);
    const ScalarVolume sphere = floatField({26, 26, 26}, [&](glm::dvec3 p) { return glm::length(p - c); });
    const ScalarVolume torus = floatField({26, 26, 16}, [&](glm::dvec3 p) {
        const glm::dvec3 d = p - glm::dvec3(12.3, 12.1, 7.4);
        return glm::length(glm::dvec2(glm::length(glm::dvec2(d.x, d.y)) - 8.0, d.z));
    });
    for (const auto& [volume, radius, euler] : {std::tuple{&sphere, 10.0, 2}, std::tuple{&torus, 3.5, 0}}) {
        const SurfaceMesh mesh = weld(marchingCubesReference(*volume, {-kInf, radius}));
        expectExportable(*volume, mesh);
        const Topology topo = topology(mesh);
        EXPECT_EQ(topo.boundaryEdges, 0);
        EXPECT_EQ(topo.components, 1);
        EXPECT_EQ(topo.euler, euler);
        for (const auto& t : mesh.triangles) {
            const glm::vec3 a = mesh.positions[t[0]], b = mesh.positions[t[1]], cc = mesh.positions[t[2]];
            EXPECT_GT(glm::dot(glm::cross(b - a, cc - a),
                               mesh.normals[t[0]] + mesh.normals[t[1]] + mesh.normals[t[2]]),
                      0.f);
        }
    }
}

// Integer fields with few levels: a band end equal to a sample's value puts the vertices of its crossed edges
// on the sample (t = 0 or 1). Welded by grid edge alone the faces between them have zero area (the table's
// tests count them); the export contracts their zero-length sides: manifold and closed, and only where the
// band region is one sample thin (and lo = hi makes it so everywhere) do some zero-area faces stay.
TEST(SurfaceMesh, ByteFieldsStayManifoldAndClosed) {
    for (bool thin : {false, true}) {
        std::int64_t zeroAreaByGridEdge = 0;
        WeldStats total;
        for (const RandomField& field : kRandomFields)
            for (int levels : {3, 4, 6}) {
                const ScalarVolume volume = randomByteVolume(field.size, field.seed + 1000, levels);
                for (int lo = 1; lo < levels; ++lo) {
                    const int hi = thin ? lo : levels - 1;
                    if (hi == lo && !thin) continue;
                    SCOPED_TRACE(testing::Message()
                                 << "size " << field.size.x << "x" << field.size.y << "x" << field.size.z
                                 << " levels " << levels << " band [" << lo << ", " << hi << "]");
                    const McSurface s = marchingCubesReference(volume, {double(lo), double(hi)});
                    const SurfaceMesh mesh = weld(s);
                    expectExportable(volume, mesh, /*zeroAreaAllowed=*/true);
                    zeroAreaByGridEdge += checkEdges(volume.size, s.vertices).zeroArea;
                    total.inputTriangles += mesh.stats.inputTriangles;
                    total.mergedAtSamples += mesh.stats.mergedAtSamples;
                    total.collapsedFaces += mesh.stats.collapsedFaces;
                    total.splitVertices += mesh.stats.splitVertices;
                    total.zeroAreaKept += mesh.stats.zeroAreaKept;
                }
            }
        std::printf("byte fields, %s: %lld of %lld faces of zero area by grid edge; export: %lld vertices "
                    "merged, %lld faces dropped, %lld pinches split, %lld zero-area faces kept\n",
                    thin ? "lo = hi" : "lo < hi", (long long)zeroAreaByGridEdge,
                    (long long)total.inputTriangles, (long long)total.mergedAtSamples,
                    (long long)total.collapsedFaces, (long long)total.splitVertices,
                    (long long)total.zeroAreaKept);
        EXPECT_GT(zeroAreaByGridEdge, 1000);                                      // the case is exercised
        EXPECT_EQ(total.collapsedFaces + total.zeroAreaKept, zeroAreaByGridEdge); // each dropped or kept
        EXPECT_GT(total.splitVertices, 0);
        if (!thin) {
            EXPECT_LT(total.zeroAreaKept, zeroAreaByGridEdge / 20);
        }
    }
}

// Samples on the band's end in shapes one can count: a cube of samples and two cubes that share one line of
// samples are closed spheres without a zero-area face; a line of samples and a single one vanish (every face
// has zero area); a plate one sample thin keeps zero-area faces (its two sides coincide: joining them at every
// rim sample would put a chord between two rim samples on four faces) and stays a closed manifold sphere.
TEST(SurfaceMesh, ShapesOfSamplesOnTheBandEnd) {
    struct Shape {
        const char* name;
        glm::ivec3 size;
        bool (*inside)(glm::ivec3);
        std::size_t faces;
        std::int64_t zeroArea;
    };
    const Shape shapes[] = {
        {"cube",
         {7, 7, 7},
         [](glm::ivec3 p) {
             return glm::all(glm::greaterThanEqual(p, glm::ivec3(2))) &&
                    glm::all(glm::lessThanEqual(p, glm::ivec3(4)));
         },
         48,
         0},
        {"two cubes sharing a line",
         {9, 9, 7},
         [](glm::ivec3 p) {
             return p.z >= 2 && p.z <= 4 &&
                    ((p.x >= 2 && p.x <= 4 && p.y >= 2 && p.y <= 4) ||
                     (p.x >= 4 && p.x <= 6 && p.y >= 4 && p.y <= 6));
         },
         92,
         0},
        {"line", {5, 5, 7}, [](glm::ivec3 p) { return p.x == 2 && p.y == 2 && p.z >= 2 && p.z <= 4; }, 0, 0},
        {"point", {5, 5, 5}, [](glm::ivec3 p) { return p == glm::ivec3(2); }, 0, 0},
        {"plate",
         {7, 7, 5},
         [](glm::ivec3 p) { return p.z == 2 && p.x >= 2 && p.x <= 4 && p.y >= 2 && p.y <= 4; },
         20,
         4},
    };
    for (const Shape& shape : shapes) {
        SCOPED_TRACE(shape.name);
        std::vector<std::uint8_t> values;
        for (int z = 0; z < shape.size.z; ++z)
            for (int y = 0; y < shape.size.y; ++y)
                for (int x = 0; x < shape.size.x; ++x)
                    values.push_back(shape.inside({x, y, z}) ? 1 : 0);
        values[0] = 2; // three values: interpolated (a binary field would take midpoints)
        const ScalarVolume volume = makeVolume(shape.size, ScalarType::Uint8, values);
        const McSurface s = marchingCubesReference(volume, {1, 1});
        ASSERT_GT(s.triangleCount(), 0);
        const SurfaceMesh mesh = weld(s);
        expectExportable(volume, mesh, /*zeroAreaAllowed=*/true);
        EXPECT_EQ(mesh.triangles.size(), shape.faces);
        EXPECT_EQ(mesh.stats.zeroAreaKept, shape.zeroArea);
        const Topology topo = topology(mesh);
        EXPECT_EQ(topo.boundaryEdges, 0);
        EXPECT_EQ(topo.components, shape.faces > 0 ? 1 : 0);
        EXPECT_EQ(topo.euler, shape.faces > 0 ? 2 : 0);
    }
}

// The CT head at its bone band (int16: band ends on sample values): manifold, closed where the volume does
// not cut it, no zero-area face.
TEST(SurfaceMesh, CtHeadBoneBand) {
    Result<ScalarVolume> scan = volume::loadVolumeFile(volume::bundledVolumePath("headsq"));
    ASSERT_TRUE(scan) << scan.error();
    const McSurface s = marchingCubesReference(*scan, {1150, 4000});
    const SurfaceMesh mesh = weld(s);
    expectExportable(*scan, mesh);
    EXPECT_GT(mesh.stats.collapsedFaces, 0);
    EXPECT_GT(mesh.triangles.size(), 70000u);
}

// A quantised sphere (uint8 distances): many samples lie exactly on the band's end; the mesh is still one
// closed sphere.
TEST(SurfaceMesh, QuantisedSphereIsStillASphere) {
    const glm::dvec3 c(12.3, 12.1, 11.7);
    std::vector<std::uint8_t> values;
    for (int z = 0; z < 26; ++z)
        for (int y = 0; y < 26; ++y)
            for (int x = 0; x < 26; ++x)
                values.push_back(std::uint8_t(std::lround(2 * glm::length(glm::dvec3(x, y, z) - c))));
    const ScalarVolume volume = makeVolume(glm::ivec3(26), ScalarType::Uint8, values);
    for (int radius : {12, 15, 20}) {
        const SurfaceMesh mesh = weld(marchingCubesReference(volume, {0, double(radius)}));
        SCOPED_TRACE(radius);
        EXPECT_GT(mesh.stats.mergedAtSamples, 0);
        expectExportable(volume, mesh);
        const Topology topo = topology(mesh);
        EXPECT_EQ(topo.boundaryEdges, 0);
        EXPECT_EQ(topo.components, 1);
        EXPECT_EQ(topo.euler, 2);
    }
}

// gridEdgesOnly keeps every face, degenerate ones included (what the table's tests need).
TEST(SurfaceMesh, GridEdgesOnlyKeepsEveryFace) {
    const ScalarVolume volume = randomByteVolume({9, 8, 7}, 3, 4);
    const McSurface s = marchingCubesReference(volume, {2, 3});
    WeldOptions options;
    options.gridEdgesOnly = true;
    Result<SurfaceMesh> mesh = weldSurface(s, options);
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->triangles.size(), std::size_t(s.triangleCount()));
    EXPECT_EQ(std::int64_t(mesh->positions.size()), distinctGridEdges(s));
    EXPECT_GT(checkEdges(volume.size, *mesh).zeroArea, 0);
}

TEST(SurfaceMesh, EmptyListsAndDeterminism) {
    Result<SurfaceMesh> empty = weldSurface(std::span<const McGpuVertex>{}, glm::ivec3(1, 5, 5));
    ASSERT_TRUE(empty) << empty.error();
    EXPECT_TRUE(empty->positions.empty() && empty->triangles.empty());
    const McSurface s = marchingCubesReference(randomByteVolume({12, 11, 10}, 8, 5), {2, 3});
    const SurfaceMesh a = weld(s), b = weld(s);
    EXPECT_EQ(a.triangles, b.triangles);
    EXPECT_EQ(a.positions, b.positions);
    EXPECT_EQ(a.normals, b.normals);
}

// --- bad lists: one error each -------------------------------------------------------------------------------

TEST(SurfaceMesh, BadListsAreOneError) {
    const ScalarVolume volume = randomFloatVolume({6, 5, 4}, 11, 0);
    const McSurface s = marchingCubesReference(volume, {0.5, kInf});
    ASSERT_GE(s.vertices.size(), 6u);
    const std::vector<McGpuVertex> good = asGpuList(s);
    ASSERT_TRUE(weldSurface(good, volume.size));

    auto expectError = [&](std::vector<McGpuVertex> list, glm::ivec3 size, const std::string& words) {
        Result<SurfaceMesh> r = weldSurface(list, size);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
    };
    expectError({good.begin(), good.end() - 1}, volume.size, "not whole triangles");
    std::vector<McGpuVertex> bad = good;
    bad[4].ids = (bad[4].ids & ~(0xFu << MC_ID_EDGE_SHIFT)) | 12u << MC_ID_EDGE_SHIFT;
    expectError(bad, volume.size, "vertex 4: edge 12");
    bad = good;
    bad[2].cell = 5 * 4 * 3; // one past the last cell
    expectError(bad, volume.size, "vertex 2: cell 60 is outside the 5 x 4 x 3 cells");
    expectError(good, glm::ivec3(6, 5, 1), "outside the 5 x 4 x 0 cells"); // a side of 1: no cells
    bad = good;
    bad[1].position.y = std::numeric_limits<float>::quiet_NaN();
    expectError(bad, volume.size, "vertex 1: its position is not finite");

    // The reference's format: the same checks on its fields.
    std::vector<McVertex> list = s.vertices;
    list[3].cell.x = -1;
    Result<SurfaceMesh> r = weldSurface(list, volume.size);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("vertex 3: cell (-1, "), std::string::npos) << r.error();
    list = s.vertices;
    list[5].edge = 200; // not wrapped into 4 bits
    r = weldSurface(list, volume.size);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("vertex 5: edge 200"), std::string::npos) << r.error();
}

// Step 1's mesh as the GPU's weld reads it back (GridEdgeMesh): the same checks on its vertices, and its indices.
TEST(SurfaceMesh, BadGridEdgeMeshesAreOneError) {
    GridEdgeMesh good;
    good.volumeSize = {6, 5, 4};
    good.spacing = glm::vec3(1.f);
    const glm::uvec4 vertex(7u, 1u << MC_ID_EDGE_SHIFT, glm::floatBitsToUint(0.5f), 0u); // cell 7, edge 1
    good.vertices = {vertex, vertex, vertex};
    good.indices = {0, 1, 2, 2, 1, 0};
    Result<SurfaceMesh> ok = weldSurface(good, {.gridEdgesOnly = true});
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->triangles.size(), 2u);
    EXPECT_EQ(ok->positions[0], glm::vec3(2.5f, 2.f, 0.f)); // cell 7 = (2, 1, 0), edge 1 along x at y + 1

    auto expectError = [](const GridEdgeMesh& mesh, const std::string& words) {
        Result<SurfaceMesh> r = weldSurface(mesh);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
    };
    GridEdgeMesh bad = good;
    bad.indices.pop_back();
    expectError(bad, "5 vertices are not whole triangles");
    bad = good;
    bad.indices[4] = 3;
    expectError(bad, "index 4 is 3, beyond the 3 welded vertices");
    bad.indices[4] = 0xffffffffu; // what the GPU's pass writes where the list breaks its order
    expectError(bad, "index 4 is 4294967295");
    bad = good;
    bad.vertices[1].y = 12u << MC_ID_EDGE_SHIFT;
    expectError(bad, "vertex 1: edge 12");
    bad = good;
    bad.vertices[2].x = 5 * 4 * 3;
    expectError(bad, "vertex 2: cell 60 is outside the 5 x 4 x 3 cells");
    bad = good;
    bad.vertices[0].z = glm::floatBitsToUint(std::numeric_limits<float>::infinity());
    expectError(bad, "vertex 0: its position is not finite");
}
