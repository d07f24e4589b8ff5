// Brick statistics of a scalar volume and a band (brick_stats.h). One pass classifies every voxel into a byte
// of flags (the four facts a per-brick min/max can tell, and whether the cell it is the lowest corner of has
// triangles); each brick then ORs the bytes of its region. The min/max tests are written as ORs of those
// flags: "max < lo" is "no voxel that is not NaN has v >= lo", and so on, so no value is compared twice.
#include "brick_stats.h"

#include "value_visit.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace dicer::volume {
namespace {

// Per voxel (bits of one byte).
constexpr std::uint8_t kNotBelow = 1;   // not NaN and v >= lo: a brick without one has max < lo (or all NaN)
constexpr std::uint8_t kIn = 2;         // inBand(v)
constexpr std::uint8_t kNotAbove = 4;   // not NaN and v <= hi: a brick without one has min > hi (or all NaN)
constexpr std::uint8_t kNotIn = 8;      // not inBand(v), NaN included
constexpr std::uint8_t kMixedCell = 16; // the cell whose lowest corner this voxel is has triangles
constexpr std::uint8_t kValueFlags = kNotBelow | kIn | kNotAbove | kNotIn;

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

// The OR of the flags over the box [lo, hi) of the volume (hi clipped by the caller).
std::uint8_t orBox(const std::vector<std::uint8_t>& flags, glm::ivec3 size, glm::ivec3 lo, glm::ivec3 hi) {
    std::uint8_t acc = 0;
    for (int z = lo.z; z < hi.z; ++z) {
        for (int y = lo.y; y < hi.y; ++y) {
            const std::uint8_t* row = flags.data() + (std::int64_t(z) * size.y + y) * size.x;
            for (int x = lo.x; x < hi.x; ++x)
                acc |= row[x];
        }
    }
    return acc;
}

std::int64_t boxCount(glm::ivec3 lo, glm::ivec3 hi) {
    const glm::ivec3 d = glm::max(hi - lo, glm::ivec3(0));
    return std::int64_t(d.x) * d.y * d.z;
}

} // namespace

std::vector<glm::ivec3> defaultBrickShapes() {
    return {glm::ivec3(4), glm::ivec3(8), glm::ivec3(16), glm::ivec3(32), glm::ivec3(32, 32, 1)};
}

Result<BrickStats> brickStats(const ScalarVolume& volume, Band band, std::span<const glm::ivec3> shapes) {
    for (glm::ivec3 s : shapes) {
        if (glm::any(glm::lessThan(s, glm::ivec3(1))))
            return makeError("brick statistics: a brick shape " + std::to_string(s.x) + "x" +
                             std::to_string(s.y) + "x" + std::to_string(s.z) + " has a side < 1");
    }
    if (Result<void> r = checkVolume(volume); !r) return makeError("brick statistics: " + r.error());

    const glm::ivec3 size = volume.size;
    BrickStats st;
    st.size = size;
    st.voxels = volume.voxelCount();
    const glm::ivec3 cellGrid = glm::max(size - 1, glm::ivec3(0));
    st.cells = glm::all(glm::greaterThanEqual(size, glm::ivec3(2)))
                   ? std::int64_t(cellGrid.x) * cellGrid.y * cellGrid.z
                   : 0;
    st.denseBitsBytes = ceilDiv(st.voxels, 8);
    st.denseMcBytes = st.cells > 0 ? 8 * ceilDiv(cellGrid.x, 4) * cellGrid.y * cellGrid.z : 0;

    std::vector<std::uint8_t> flags(std::size_t(st.voxels));
    detail::forEachValue(volume, [&](std::int64_t i, double v) {
        std::uint8_t f = 0;
        if (!std::isnan(v)) {
            if (v >= band.lo) f |= kNotBelow;
            if (v <= band.hi) f |= kNotAbove;
        }
        f |= inBand(v, band) ? kIn : kNotIn;
        st.bandVoxels += (f & kIn) != 0;
        flags[std::size_t(i)] = f;
    });

    // A cell has triangles when its corners hold both an inside and an outside voxel (mc_reference.h: case not
    // 0 and not 255, which are exactly the cases without vertices).
    if (st.cells > 0) {
        const std::int64_t dy = size.x, dz = std::int64_t(size.x) * size.y;
        for (int z = 0; z < cellGrid.z; ++z) {
            for (int y = 0; y < cellGrid.y; ++y) {
                const std::int64_t row = z * dz + y * dy;
                for (int x = 0; x < cellGrid.x; ++x) {
                    const std::int64_t i = row + x;
                    const std::uint8_t c = flags[i] | flags[i + 1] | flags[i + dy] | flags[i + dy + 1] |
                                           flags[i + dz] | flags[i + dz + 1] | flags[i + dz + dy] |
                                           flags[i + dz + dy + 1];
                    if ((c & kIn) && (c & kNotIn)) {
                        flags[i] |= kMixedCell;
                        ++st.surfaceCells;
                    }
                }
            }
        }
    }

    for (glm::ivec3 shape : shapes) {
        BrickCount bc;
        bc.shape = shape;
        bc.grid = glm::ivec3((size + shape - 1) / shape);
        bc.bricks = std::int64_t(bc.grid.x) * bc.grid.y * bc.grid.z;
        for (int bz = 0; bz < bc.grid.z; ++bz) {
            for (int by = 0; by < bc.grid.y; ++by) {
                for (int bx = 0; bx < bc.grid.x; ++bx) {
                    const glm::ivec3 lo = glm::ivec3(bx, by, bz) * shape;
                    const glm::ivec3 voxelHi = glm::min(lo + shape, size);
                    const std::uint8_t own = orBox(flags, size, lo, voxelHi);
                    if (own & kIn) {
                        ++bc.bandBricks;
                        bc.bandBrickVoxels += boxCount(lo, voxelHi);
                    }
                    if ((own & kNotBelow) && (own & kNotAbove)) ++bc.bandMinMaxBricks;
                    // The brick's cells, and their corners: its voxels and one layer past its upper faces.
                    const glm::ivec3 cellHi = glm::min(lo + shape, cellGrid);
                    const std::int64_t cells = st.cells > 0 ? boxCount(lo, cellHi) : 0;
                    if (own & kMixedCell) {
                        ++bc.surfaceBricks;
                        bc.surfaceBrickCells += cells;
                    }
                    if (cells == 0) continue;
                    const std::uint8_t corners =
                        orBox(flags, size, lo, glm::min(lo + shape + 1, size)) & kValueFlags;
                    if ((corners & kNotBelow) && (corners & kNotAbove) && (corners & kNotIn)) {
                        ++bc.countBricks;
                        bc.countBrickCells += cells;
                    }
                }
            }
        }
        const std::int64_t coarseWords = ceilDiv(bc.bricks, 32);
        bc.sparseBitsBytes = 2 * 4 * coarseWords + bc.bandBricks * (ceilDiv(bc.brickVoxels(), 8) + 4);
        bc.sparseMcBytes = 8 * bc.bricks + 2 * 4 * coarseWords + bc.countBricks * (2 * bc.brickVoxels() + 4);
        st.shapes.push_back(bc);
    }
    return st;
}

} // namespace dicer::volume
