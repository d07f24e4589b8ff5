// Shared by the sparse occupancy's GL tests (hp_sparse_gltest.cpp, hp_sparse_pool_gltest.cpp).
#pragma once

#include "gl_test_util.h"
#include "point_method.h"
#include "sparse_occupancy.h"
#include "volume_layout.h"

#include <cstdint>
#include <vector>

namespace dicer::test {

// The structure's buffers read back (waits for the GPU).
struct SparseRead {
    std::vector<std::uint32_t> index, pool;
    std::uint32_t capacity = 0;
};
SparseRead readSparse(const occupancy::SparseOccupancy& s);

// The GPU structure equals the CPU one built from `bits` with the same capacity, word for word. `superset`: the
// voxelizer's, whose brick pass marks a superset of the bits' bricks (checked, with how many it adds: at most
// `maxExtra` of them); the CPU structure then takes the GPU's marks, so the slots, bases and bits are still exact.
void expectStructureOf(const occupancy::SparseOccupancy& s, const std::vector<std::uint32_t>& bits, int side,
                       bool superset = false, double maxExtra = 0.0);

hp::AtlasTiling tilingOf(const occupancy::VolumeLayout& layout);

// Runs hp_bits over `bits` and hp_sparse over `sparse` (same side, tiling) on both list paths: the same count and
// the same entries in the same order, equal to the CPU walk of the bits; neither incomplete.
void expectSameLists(const hp::MethodInput& bitsIn, const hp::MethodInput& sparseIn,
                     const std::vector<std::uint32_t>& bits);

// Random bits of a virtual atlas: `bricks` random 32x32 bricks, each with texels set at `density` (reproducible).
std::vector<std::uint32_t> randomSparseBits(int side, int bricks, double density, std::uint32_t seed);
gl::Buffer uploadBits(const std::vector<std::uint32_t>& bits);

} // namespace dicer::test
