// The CPU reference of marching cubes over a scalar volume and a band: what the
// GPU's HistoPyramid stream expansion must produce, from the definitions alone, in doubles. Based on:
// Lorensen and Cline, "Marching Cubes" (SIGGRAPH 1987); the table of mc_table.h; the placement and normals
// of docs/SURFACES.md ("The reference"). No GL.
//
// CELLS: the x (Y-1) x (Z-1) cubes between samples; cell (x, y, z) has the samples (x..x+1, y..y+1,
// z..z+1) as its corners (mc_table.h, NUMBERING). A volume with a side < 2 has no cells. The case has bit i
// set when corner i is in the band (band.h: inBand; NaN is never in a band, so NaN corners are outside).
//
// THE TRIANGLE LIST: cells in order (x fastest, then y, then z), within a cell the table's vertices in order;
// 3 vertices per triangle, counter-clockwise seen from outside the band region (normals point out of it).
//
// PLACEMENT of the vertex on edge e of a cell (lower corner value v0, upper corner value v1, exactly one of
// them in the band): the band end the edge crosses is the one the OUTSIDE value lies beyond (lo when it is
// below lo, hi when it is above hi); t = (end - v0) / (v1 - v0) from the lower corner, clamped to [0, 1]. The
// midpoint t = 1/2 instead: for a binary field (isBinaryField: at most two distinct values, where
// interpolation would put every vertex on a sample whenever the band's end is one of them), when the outside
// value is NaN (nothing to interpolate) and when t is not a number (an infinite value). Computed once per
// grid edge from its lower sample, so the cells sharing an edge place its vertex identically.
// SUBNORMALS: placement and normals see every value and band end of magnitude below FLT_MIN (a float32
// subnormal) as 0, because GPUs may flush them (NVIDIA's compiler does: a band end of 1e-45 between 0 and
// 1e-45 then divides 0 by 0); inside or outside is still decided on the exact values (placementValue).
//  - index space: sample (i, j, k) at (i, j, k); the vertex at (lower sample) + t * (the axis' unit vector);
//  - physical space: index space times the volume's spacing, per axis (sample 0 at the origin).
//
// NORMALS: the gradient of each sample in physical units, per axis (v[+1] - v[-1]) / (2 spacing) (central),
// or the one-sided difference where a neighbour is missing (the volume's border) or not finite (NaN, +-inf),
// 0 where both are; a sample that is not finite itself has gradient 0. The vertex's gradient is (1 - t) g0 +
// t g1; the normal is -gradient at a crossing of lo (the inside has the higher values) and +gradient at a
// crossing of hi, normalised. FALLBACK (normalFallback): where that vector is zero or not finite, or the
// outside value is NaN (no band end is crossed), the normal is the unit vector along the edge from its inside
// corner to its outside corner.
//
// TOLERANCE for GPU comparisons (float32 arithmetic on the GPU, this reference in doubles): cells, cases,
// edges and the vertex order exactly; positions within 1e-4 in index space per component (times the spacing
// in physical units); normals within 1e-3 per component; the fallback exactly where the reference takes it,
// except where the reference's gradient has length < 1e-6 of the values' scale (float32 cancellation). Values
// must be exact in float32 for these bounds: 32-bit integer volumes beyond 2^24 need the GPU to difference in
// integers.
#pragma once

#include "band.h"
#include "mc_table.h"
#include "scalar_volume.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace dicer::surface {

enum class McPlacement : std::uint8_t {
    Interpolate, // linear interpolation of the value at the crossed band end
    Midpoint,    // t = 1/2 on every edge (a binary field)
};
enum class McCrossing : std::uint8_t {
    Lo,   // the outside corner's value is below lo
    Hi,   // the outside corner's value is above hi
    None, // the outside corner is NaN
};

struct McVertex {
    glm::ivec3 cell{0};      // the cell's lowest sample (corner 0)
    std::uint8_t mcCase = 0; // the cell's case
    std::uint8_t edge = 0;   // the cell edge the vertex lies on (mc_table.h)
    McCrossing crossing = McCrossing::None;
    bool normalFallback = false;
    double t = 0.5;           // from the edge's lower corner (kMcEdgeCorners[edge][0]) to its upper one
    glm::dvec3 index{0.0};    // position in index space
    glm::dvec3 position{0.0}; // position in physical units: index * spacing
    glm::dvec3 normal{0.0};   // unit, out of the band region
    glm::dvec3 gradient{0.0}; // (1 - t) g0 + t g1, physical units: a tiny one leaves the normal unchecked
};

struct McOptions {
    std::optional<McPlacement> placement; // default: Midpoint for a binary field, else Interpolate
    const McTable* table = nullptr;       // default: mcTable() (tests pass their counter-example tables)
};

struct McSurface {
    glm::ivec3 cells{0};              // (X-1, Y-1, Z-1), or 0 when a side < 2
    std::vector<std::uint8_t> cases;  // per cell, x fastest, then y, then z
    std::vector<std::uint8_t> counts; // per cell: the case's vertex count (0..15)
    std::vector<McVertex> vertices;   // the triangle list, 3 per triangle
    McPlacement placement = McPlacement::Interpolate;

    std::int64_t cellCount() const { return std::int64_t(cells.x) * cells.y * cells.z; }
    std::int64_t triangleCount() const { return std::int64_t(vertices.size()) / 3; }
};

// At most two distinct values that are not NaN.
bool isBinaryField(const volume::ScalarVolume& volume);

// A value or band end as placement and normals see it (SUBNORMALS): 0 where 0 < |v| < FLT_MIN, else v.
double placementValue(double v);

// The reference (see above). Deterministic: the same volume, band and options give the same bits everywhere
// (compiled without floating-point contraction).
McSurface marchingCubesReference(const volume::ScalarVolume& volume, volume::Band band,
                                 const McOptions& options = {});

// The grid edge a cell edge is, as one number (what vertices are welded by: one vertex per crossed grid
// edge): 3 * (index of the edge's lower sample in the volume) + its axis. Cells sharing an edge give the same
// number.
std::int64_t gridEdgeId(glm::ivec3 volumeSize, glm::ivec3 cell, int edge);

} // namespace dicer::surface
