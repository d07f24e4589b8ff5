#version 450
// Dense occupancy bits (occupancy_bits.h) -> sparse occupancy (occupancy_sparse.h), for the harnesses that have
// dense bits (the GL tests, dicer-bench's tables over atlases: atlas -> bits -> sparse) and want to feed
// hp_sparse the same voxels as hp_bits. The voxelizer writes the sparse occupancy itself.
//  - SPARSE_FROM_BITS_MARK: one invocation per coarse word writes it whole: bit j is set when brick 32 w + j has
//    any set bit (no atomics, no clear). The allocation (sparse_alloc.comp.glsl) follows.
//  - SPARSE_FROM_BITS_COPY: one invocation per word of the used slots (dispatched with the pool clear's
//    arguments, which count exactly those words): the brick's word from the dense bits.
#include "hpc_shared.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"

layout(std430, binding = SPARSE_BIND_INDEX) restrict buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HPB_BIND_BITS) restrict readonly buffer HpBits { uint b_bits[]; };
layout(location = SPARSE_LOC_SIDE) uniform int u_side;
layout(location = SPARSE_LOC_CAPACITY) uniform uint u_capacity;

#if defined(SPARSE_FROM_BITS_MARK)
layout(local_size_x = 64) in;
#else
layout(local_size_x = SPARSE_CLEAR_LOCAL_SIZE) in;
#endif

// Word `word` (0..31) of brick `brick` in the dense bits: mask word >> 1 of the brick, in its Morton order.
uint sparseDenseWord(uint brick, uint word) {
    int blocksX = hpBitsBlocksX(u_side);
    ivec2 block = hpSparseTexel(brick, (word >> 1) << 6) / HP_BITS_BLOCK;
    if (block.x >= blocksX || block.y >= blocksX) return 0u;
    return b_bits[hpBitsWord(block * HP_BITS_BLOCK, blocksX) + (word & 1u)];
}

void main() {
#if defined(SPARSE_FROM_BITS_MARK)
    uint w = gl_GlobalInvocationID.x;
    int grid = hpSparseGrid(u_side);
    if (w >= uint(hpSparseCoarseWords(u_side))) return;
    uint marks = 0u;
    for (uint j = 0u; j < 32u; ++j) {
        uint brick = w * 32u + j;
        if (brick >= uint(grid * grid)) break;
        uint found = 0u;
        for (uint word = 0u; word < uint(SPARSE_BRICK_WORDS); ++word)
            found |= sparseDenseWord(brick, word);
        if (found != 0u) marks |= 1u << j;
    }
    b_index[SPARSE_HEADER + w] = marks;
#else
    uint words = b_index[SPARSE_USED] * uint(SPARSE_BRICK_WORDS);
    for (uint i = gl_GlobalInvocationID.x; i < words; i += gl_NumWorkGroups.x * SPARSE_CLEAR_LOCAL_SIZE) {
        uint slot = i / uint(SPARSE_BRICK_WORDS);
        uint brick = b_pool[uint(SPARSE_BRICK_WORDS) * u_capacity + slot];
        b_pool[i] = sparseDenseWord(brick, i % uint(SPARSE_BRICK_WORDS));
    }
#endif
}
