// Steps 2 and 3 of the surface weld (surface_mesh.h, THE WELD): what turns step 1's mesh (one vertex per grid
// edge) into a manifold one. Step 2 contracts the zero-length triangle sides at samples and drops the faces
// of zero area that leaves; step 3 gives each extra fan around a pinched vertex its own copy of the vertex.
// Apart from surface_mesh.cpp (step 1, the lists' validation, the compaction) so that each file holds one
// part of the weld; internal to the surface wing (namespace detail): weldSurface is the interface. No GL.
#pragma once

#include "surface_mesh.h"

#include <glm/glm.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace dicer::surface::detail {

inline constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();
using WeldFace = std::array<std::uint32_t, 3>;

// The welded vertices (step 1's, then the copies made at pinches) and the faces over them.
struct WeldMesh {
    std::vector<glm::vec3> positions, normals;
    std::vector<GridSite> sites;
    std::vector<WeldFace> faces;
};

// Step 2: contracts the zero-length sides of `mesh`'s faces (both ends at one position) where no edge would
// then be used twice in one direction; the faces with two equal corners are dropped, a contracted vertex
// lies on its sample (GridSite axis -1) with the normalised sum of its grid edges' normals. Counts
// mergedAtSamples and collapsedFaces in `stats`.
void contractAtSamples(WeldMesh& mesh, WeldStats& stats);
// Step 3: every fan of faces around a vertex after the first (in face order) gets its own copy of the vertex.
// Counts splitVertices in `stats`.
void splitPinches(WeldMesh& mesh, WeldStats& stats);

} // namespace dicer::surface::detail
