// CPU side of the sparse occupancy (occupancy_sparse.h): what the GPU structure holds for a set of
// occupancy bits, and the key-index list over it. The reference the voxelizer's sparse output and hp_sparse are
// checked against exactly, and the tests' way to write random sparse volumes.
#pragma once

#include "atlas_tiling.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace dicer::hp {

// The sparse occupancy of a virtual atlas of `side` texels a side with a pool of `capacity` slots: the index
// buffer (header, coarse map, slot bases; the scan's partial sums left 0) and the pool buffer, as the GPU
// writes them (slots past min(marked, capacity) are 0).
struct SparseOccupancyCpu {
    int side = 0;
    std::uint32_t capacity = 0;
    std::vector<std::uint32_t> index; // hpSparseIndexUints(side)
    std::vector<std::uint32_t> pool;  // capacity * SPARSE_SLOT_UINTS

    std::uint32_t marked() const;
    std::uint32_t used() const;
    bool overflowed() const;
};

// From dense bits (occupancy_bits.h over `side`): a brick is marked when any of its bits is set (fromBits).
SparseOccupancyCpu sparseFromBits(std::span<const std::uint32_t> bits, int side, std::uint32_t capacity);
// The same with the bricks marked by `coarse` (hpSparseCoarseWords(side) words, a superset of the bits' bricks:
// the voxelizer's brick pass marks per block of columns, so some marked bricks stay empty).
SparseOccupancyCpu sparseFromBits(std::span<const std::uint32_t> bits, int side, std::uint32_t capacity,
                                  std::span<const std::uint32_t> coarse);
// Back to dense bits (the bricks of the used slots; dropped bricks are missing).
std::vector<std::uint32_t> sparseToBits(std::span<const std::uint32_t> index,
                                        std::span<const std::uint32_t> pool, int side,
                                        std::uint32_t capacity);

// The active texels of the used slots in key-index order (slots in order, then each brick's Morton order):
// bitsKeyIndexTexels() of the same bits when nothing overflowed. Reads only the header's used count, the pool's
// bits and bricks. Their entries (hp_point.h) with `tiling`, as hp_sparse writes them.
std::vector<glm::ivec2> sparseKeyIndexTexels(std::span<const std::uint32_t> index,
                                             std::span<const std::uint32_t> pool, std::uint32_t capacity);
std::vector<glm::uvec4> sparseKeyIndexEntries(std::span<const std::uint32_t> index,
                                              std::span<const std::uint32_t> pool, std::uint32_t capacity,
                                              int side, const AtlasTiling& tiling);

// The parts of an index buffer the GPU defines (header fields, coarse map, slot bases), for exact comparisons;
// the scan's partial sums are scratch.
std::vector<std::uint32_t> sparseIndexDefined(std::span<const std::uint32_t> index, int side);

} // namespace dicer::hp
