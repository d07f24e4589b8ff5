// Meshes generated in code: the paper's two models (teapot, heart) and simple shapes for tests.
// All are Y-up, counter-clockwise seen from outside, with unit per-vertex normals, and pass validateMesh.
#pragma once

#include "mesh.h"

#include <glm/glm.hpp>

namespace dicer::model {

// The Utah teapot (Newell, 1975) from its 32 bicubic Bezier patches / 306 control points, each patch cut
// into tessellation x tessellation quads (2 * 32 * tessellation^2 triangles; 6400 at the default 10;
// tessellation is clamped to [1, 256]).
// Placed like the paper's glutTeapot(0.6): GLUT scales the patch data by 0.5 * size, shifts it by -1.5
// along the data's z (its up axis) and rotates -90 degrees about x, so y is up and the handle/spout lie
// along x. At that scale the spout tip would reach x = +1.03, just outside the [-1,1]^3 volume, so we
// additionally shift along x to centre the pot's x extent (by about -0.065); y and z match GLUT exactly.
// Like Newell's data it is not closed (the rim and spout are open, the lid is a separate sheet).
Mesh makeTeapot(int tessellation = 10);

// A closed, watertight heart (the implicit surface (x^2 + 9/4 z^2 + y^2 - 1)^3 = x^2 y^3 + 9/80 z^2 y^3,
// Y-up form of a classic heart surface), sampled along rays from its centre on a latitude/longitude grid
// sized for about `targetTriangles` triangles (the paper's HeartBreaker used 5000; clamped to [8, 4e6]),
// scaled into [-0.9,0.9]^3.
// Reddish colour.
Mesh makeHeart(int targetTriangles = 5000);

// Latitude/longitude sphere around the origin: poles on +-Y, 2 * slices * (stacks - 1) triangles, closed
// (the poles are single shared vertices). stacks and slices are clamped to [2, 4096] and [3, 4096].
Mesh makeUvSphere(int stacks, int slices, float radius);

// Axis-aligned box around the origin: 24 vertices (flat normals per face), 12 triangles.
Mesh makeBox(glm::vec3 halfExtent);

// Square [-halfExtent, halfExtent]^2 in the plane z = `z`, facing +Z: 4 vertices, 2 triangles.
Mesh makePlaneZ(float z, float halfExtent);

} // namespace dicer::model
