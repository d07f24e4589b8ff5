// The marching-cubes surface as an indexed mesh, and its export as a binary PLY file: the
// triangle list of the GPU (McExpander, McGpuVertex) or of the CPU reference (McSurface) welded into shared
// vertices, with the faces of zero area dropped, so that a mesh tool (MeshLab) sees a manifold mesh. Based on:
// Lorensen and Cline, "Marching Cubes" (SIGGRAPH 1987), one vertex per crossed grid edge; Greg Turk, "The PLY
// Polygon File Format" (1994). No GL. docs/SURFACES.md, "Export (PLY)".
//
// THE WELD, in three steps:
//  1. By grid edge, not by position: every vertex of the list lies on a cell edge, and the cells sharing that
//     grid edge place its vertex from the same two samples (mc_reference.h, PLACEMENT), so the key is the
//     edge's lower sample and axis (gridEdgeId, from the vertex's cell and edge number). This is the weld under
//     which the table's surface is proven closed and manifold (docs/SURFACES.md, "Why the surface closes");
//     positions could not do it (the vertices of several grid edges meet where t is 0 or 1).
//  2. At samples: integer fields put vertices exactly on samples (t = 0 or 1 where a sample equals a band
//     end); the vertices of several grid edges then coincide and the faces between them have zero area.
//     Dropping those faces alone would cut the surface open, so the zero-length triangle sides (both ends at
//     one position: for this list, the sample their grid edges share) are contracted, and the faces that get
//     two equal corners are dropped: first each sample's cluster (the vertices its zero-length sides join) at
//     once, in list order, then, where a whole cluster may not go, its sides one at a time until none is left
//     that may. A contraction that would use an edge twice in one direction (more than two faces on it, or
//     two that disagree) is not made: where the band region is one sample thin, the two sides of the surface
//     coincide, and joining them all along would put a chord between two of its rim samples on four faces.
//     Those zero-area faces stay (WeldStats::zeroAreaKept; none where the band region is thicker: float
//     fields, the tests' CT bone band), and the mesh stays manifold and closed.
//  3. Pinches: a contraction may squeeze a tube of the surface to a point (a sample on a band end whose four
//     neighbours in a plane are outside), so that the faces around the vertex form two fans instead of one.
//     Each fan after the first gets its own copy of the vertex: every vertex is manifold, and the two sheets
//     touch at the sample.
// The result is deterministic: vertices are numbered in the order the kept faces first use them, faces keep
// the list's order and orientation (counter-clockwise seen from outside the band region). A merged vertex's
// normal is the normalised sum of its grid edges' normals (the first one's where they cancel).
#pragma once

#include "mc_expander.h"
#include "mc_reference.h"
#include "result.h"

#include <glm/glm.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace dicer::surface {

// Every component a finite number: what the weld accepts and the PLY writer writes.
inline bool finite(glm::vec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Where a welded vertex lies on the grid: on the grid edge from `sample` along `axis` (0..2), or on `sample`
// itself (axis < 0) for a vertex merged at a sample.
struct GridSite {
    glm::ivec3 sample{0};
    int axis = -1;
};

struct WeldStats {
    std::int64_t inputTriangles = 0;
    std::int64_t gridEdges = 0;       // distinct crossed grid edges: the vertices of step 1
    std::int64_t mergedAtSamples = 0; // grid-edge vertices contracted into another one (step 2)
    std::int64_t collapsedFaces = 0;  // faces dropped with two equal corners (step 2)
    std::int64_t splitVertices = 0;   // copies made at pinches (step 3)
    std::int64_t unreferenced = 0;    // welded vertices no kept face uses: not in the mesh
    std::int64_t zeroAreaKept = 0;    // faces of zero area still in the mesh (step 2's refused contractions)
};

struct SurfaceMesh {
    std::vector<glm::vec3> positions; // physical units, as the list has them
    std::vector<glm::vec3> normals;   // unit, out of the band region
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::vector<GridSite> sites; // per vertex (the tests' boundary check)
    WeldStats stats;
};

// Step 1's mesh as the GPU's weld writes it (grid_edge_weld.h): the welded vertices in mc_vertex.h's 16-byte form
// (each its first use's words), three indices a triangle (the list's order and orientation), and what decodes them.
struct GridEdgeMesh {
    std::vector<glm::uvec4> vertices;
    std::vector<std::uint32_t> indices;
    glm::ivec3 volumeSize{0};
    glm::vec3 spacing{1.f};
};

struct WeldOptions {
    // Step 1 alone, every face kept (the table's tests look at every triangle, degenerate ones included).
    bool gridEdgesOnly = false;
};

// The GPU's list (McExpander::readVertices) for a volume of `volumeSize` samples. Errors (one message, no
// mesh): a count that is not a multiple of 3, a cell index outside the x (Y-1) x (Z-1) cells, an edge
// above 11, a position or normal that is not finite.
Result<SurfaceMesh> weldSurface(std::span<const McGpuVertex> vertices, glm::ivec3 volumeSize,
                                const WeldOptions& options = {});
// The reference's list (positions and normals rounded to float, as the GPU writes them); the same errors, a
// cell with a component outside the cells among them. The McSurface overload: the volume is cells + 1.
Result<SurfaceMesh> weldSurface(std::span<const McVertex> vertices, glm::ivec3 volumeSize,
                                const WeldOptions& options = {});
Result<SurfaceMesh> weldSurface(const McSurface& surface, const WeldOptions& options = {});
// Step 1 done on the GPU (grid_edge_weld.h: the welded vertices and the list's indices into them), steps 2 and 3
// here: the same mesh as the GPU list's weld. Errors: an index count that is not whole triangles, an index
// beyond the vertices, a vertex as the list's checks find it (cell, edge, finite).
Result<SurfaceMesh> weldSurface(const GridEdgeMesh& gpu, const WeldOptions& options = {});

// Binary little-endian PLY 1.0 (the point clouds' conventions, engine/core/ply_encoding.h), the header exactly
// (LF line endings):
//   ply / format binary_little_endian 1.0 / comment Dicer marching-cubes surface / element vertex N /
//   property float x / y / z / nx / ny / nz / element face M / property list uchar int vertex_indices /
//   end_header
// then N x 6 float32 and M x (uchar 3, 3 x int32). Written to a temporary file beside `path` and renamed
// over it (writeWholeFile): an unwritable path (a missing folder, a directory, no permission) is one error
// naming the path, and nothing is left behind. Errors too: a mesh whose arrays disagree, an index out of
// range, more vertices than int32 indices reach, a coordinate that is not finite.
Result<std::string> encodeSurfacePly(const SurfaceMesh& mesh); // the whole file in memory
Result<void> writeSurfacePly(const std::filesystem::path& path, const SurfaceMesh& mesh);

} // namespace dicer::surface
