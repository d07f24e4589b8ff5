// Where a model sits in the voxel volume: in the cube [-1,1]^3 (placementMatrix), or in the box [-box, box] of a
// non-cubic volume drawn to scale (BoxFit; box = volume_layout.h volumeShape, largest axis 1), keeping its aspect.
#pragma once

#include "mesh.h"
#include "result.h"

#include <glm/glm.hpp>

namespace dicer::model {

// How a model's coordinates map into the volume:
//  - Fit:   centre its bounding box at the origin and scale it uniformly so the longest side spans
//           [-1 + margin, 1 - margin]. For loaded files, whose units are arbitrary.
//  - Fixed: use the model's own coordinates unchanged. The built-in teapot and heart are already placed
//           like the paper's (glutTeapot(0.6)), so Fixed reproduces its voxel counts.
enum class Placement { Fit, Fixed };

// Model matrix for Placement::Fit: scale(s) * translate(-centre). A mesh without extent (empty, a point)
// is only centred. margin is clamped to [0, 0.99].
glm::mat4 fitToUnitCube(const Mesh& mesh, float margin);

// Whether Placement::Fit can place `mesh`: an error naming the reason when its bounding box cannot give a
// usable scale, so a model never silently voxelizes to nothing:
//  - "mesh has zero extent: all vertices equal (x, y, z)";
//  - "mesh extent overflows float: ..." (e.g. vertices at +-3e38: max - min is infinite);
//  - "mesh extent ... is below FLT_MIN (denormal): ..." (a model scaled by 1e-45: its coordinates have no
//    precision left, and GPUs flush denormals to zero).
// An empty mesh or non-finite positions are the loader's errors (validateMesh) and pass here.
Result<void> checkFitExtent(const Mesh& mesh);

// Model matrix for `placement` (identity for Fixed).
glm::mat4 placementMatrix(Placement placement, const Mesh& mesh, float margin);

// A placement for a box of any shape: what its matrix needs of the mesh (the bounding box), so the matrix is
// made again when the volume changes shape without the mesh at hand (the bench frees it after the upload).
struct BoxFit {
    Placement kind = Placement::Fixed;
    glm::vec3 lo{0.f}, hi{0.f}; // the mesh's bounding box in its own coordinates (Fit)
    float margin = 0.f;

    // model -> the box [-box, box] (world; the voxelizer's matrix is volume_layout.h worldToVolume(box) times
    // this), uniformly scaled, so the mesh keeps its aspect and the voxels stay cubes:
    //  - Fit: centred, and as large as fits box * (1 - margin) on every axis;
    //  - Fixed: the cube [-1,1]^3 the coordinates were made for, scaled by min(box): the largest cube in the
    //    box (the teapot at paper-2048, 128x128x256, covers the voxels it covers at 128^3).
    // box (1,1,1) gives placementMatrix(kind, mesh, margin) bit for bit. A box component that is not finite
    // and positive counts as 1.
    glm::mat4 into(glm::vec3 box) const;
};
BoxFit boxFit(Placement placement, const Mesh& mesh, float margin);

// Spin by `degrees` about `axis` through the origin (the volume centre). The caller accumulates the angle
// (the demo: speed x frame time each frame, so changing the speed does not make the model jump). A zero or
// non-finite axis or angle gives the identity.
glm::mat4 modelRotation(float degrees, glm::vec3 axis);

} // namespace dicer::model
