// Brick statistics of a scalar volume and a band: how sparse the discriminator's output and
// the marching-cubes surface are when the volume is cut into bricks, and what a sparse layout of those bricks
// would hold next to the dense one. A measurement on the CPU, exact (integers only), to decide whether marking
// bricks pays for volumes as it does for meshes (docs/SPARSE.md, "Volumes and marching cubes: do bricks pay?").
// No GL.
//
// BRICKS of shape (bx, by, bz) voxels tile the volume from sample 0; grid = ceil(size / shape) per axis (the
// last brick of an axis may be cut by the volume's end). Voxel (x, y, z) belongs to brick (x/bx, y/by, z/bz);
// so does the marching-cubes cell whose lowest corner is that voxel (cells as mc_reference.h numbers them:
// x (Y-1) x (Z-1), none for a side < 2).
//
// PER SHAPE:
//  - band bricks: bricks holding a voxel in the band (band.h: inBand, NaN never inside): what the discriminator
//    would mark, exactly (it reads every voxel);
//  - band min/max bricks: bricks a per-brick min/max of their own voxels cannot prove empty: not (max < lo or
//    min > hi or every voxel NaN); min and max ignore NaN. A superset of the band bricks;
//  - surface bricks: bricks holding a cell with triangles, i.e. a cell whose 8 corners are neither all in nor
//    all out of the band (NaN outside): exactly the cells mc_reference.h gives a vertex count > 0;
//  - count bricks: the bricks a count pass must still read when each brick keeps the min/max of its cells'
//    corners (the brick's voxels and the one layer past its upper faces, clipped to the volume): every brick
//    except those whose corners are all in the band (min >= lo, max <= hi, no NaN) or all out (max < lo or
//    min > hi or all NaN). A superset of the surface bricks (a brick with values below lo and above hi but none
//    inside is read, though it has no triangle);
//  - the voxels of the band bricks and the cells of the surface and count bricks (the work a brick pass does).
//
// BYTES (what each layout holds; headers and per-group sums left out):
//  - dense bits: 1 bit a voxel, ceil(voxels / 8);
//  - sparse bits, SPARSE.md's layout: a coarse map (1 bit a brick) and slot bases (1 uint per 32 bricks), both
//    ceil(bricks / 32) uints, then per band brick a slot of its bits (ceil(brick voxels / 8) bytes) and its
//    brick index (4 bytes);
//  - dense marching-cubes words: the count pass's cases (1 byte a cell, rows padded to base words of 4 cells)
//    and level 1 (1 uint per base word): 8 bytes per base word, ceil((X-1)/4) (Y-1) (Z-1) base words;
//  - sparse marching-cubes words: per brick its min and max (two 32-bit keys: 8 bytes, held once for a static
//    volume), the coarse map and bases as above, then per count brick its cells' cases and level 1 (2 bytes a
//    cell of a whole brick) and its brick index (4 bytes).
#pragma once

#include "band.h"
#include "result.h"
#include "scalar_volume.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace dicer::volume {

struct BrickCount {
    glm::ivec3 shape{1}; // voxels a side per axis
    glm::ivec3 grid{0};  // bricks per axis: ceil(size / shape)
    std::int64_t bricks = 0;
    std::int64_t bandBricks = 0, bandMinMaxBricks = 0, bandBrickVoxels = 0;
    std::int64_t surfaceBricks = 0, surfaceBrickCells = 0;
    std::int64_t countBricks = 0, countBrickCells = 0;
    std::int64_t sparseBitsBytes = 0, sparseMcBytes = 0;

    std::int64_t brickVoxels() const { return std::int64_t(shape.x) * shape.y * shape.z; }
};

struct BrickStats {
    glm::ivec3 size{0};
    std::int64_t voxels = 0, cells = 0; // cells: (X-1)(Y-1)(Z-1), 0 when a side < 2
    std::int64_t bandVoxels = 0;        // voxels in the band
    std::int64_t surfaceCells = 0;      // cells with triangles
    std::int64_t denseBitsBytes = 0;    // BYTES above
    std::int64_t denseMcBytes = 0;      // BYTES above
    std::vector<BrickCount> shapes;     // in the order asked
};

// 4^3, 8^3, 16^3, 32^3 and the sparse occupancy's 32x32-texel atlas brick, which is 32 x 32 x 1 voxels of
// one slice wherever the slice's side is a multiple of 32 (SPARSE.md, Layout).
std::vector<glm::ivec3> defaultBrickShapes();

// The statistics above. Errors (one line): a shape with a side < 1, a volume checkVolume refuses.
Result<BrickStats> brickStats(const ScalarVolume& volume, Band band, std::span<const glm::ivec3> shapes);

} // namespace dicer::volume
