#version 450
// Sparse occupancy (occupancy_sparse.h): the slots of the bricks a frame marked, handed out on the GPU. A marked
// brick's slot is its rank among the marked bricks in Morton order, so the pool is in key-index order: an
// exclusive scan of the coarse words' popcounts, in four dispatches (one of them indirect), no CPU round trip.
//  - SPARSE_ALLOC_SUMS: a group of SPARSE_SCAN_LOCAL_SIZE invocations sums SPARSE_SCAN_WORDS coarse words
//    (SPARSE_SCAN_PER_THREAD each) into its partial.
//  - SPARSE_ALLOC_SCAN: one group turns the partials into their exclusive prefix (a loop: any count) and writes
//    the status (marked, capacity, used, overflow) and the pool clear's dispatch arguments.
//  - SPARSE_ALLOC_SLOTS: the groups of SUMS again: each coarse word's slot base (its group's prefix plus the
//    words before it in the group), and the brick of every used slot (32 C + slot). Bricks past the capacity get
//    no slot: the frame is flagged and the writers skip them.
//  - SPARSE_ALLOC_CLEAR (dispatched from the header): zeroes the used slots' bits, so a frame clears only what
//    it will write: O(marked bricks), never O(volume).
// Work-efficient scan after Blelloch (1990) in its two-level form (Harris, Sengupta, Owens, GPU Gems 3 ch. 39).
#include "occupancy_sparse.h"

layout(std430, binding = SPARSE_BIND_INDEX) restrict buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict buffer SparsePool { uint b_pool[]; };
layout(location = SPARSE_LOC_SIDE) uniform int u_side;
layout(location = SPARSE_LOC_CAPACITY) uniform uint u_capacity;

#if defined(SPARSE_ALLOC_CLEAR)
layout(local_size_x = SPARSE_CLEAR_LOCAL_SIZE) in;
void main() {
    uint words = b_index[SPARSE_USED] * uint(SPARSE_BRICK_WORDS);
    for (uint i = gl_GlobalInvocationID.x; i < words; i += gl_NumWorkGroups.x * SPARSE_CLEAR_LOCAL_SIZE)
        b_pool[i] = 0u;
}
#else
layout(local_size_x = SPARSE_SCAN_LOCAL_SIZE) in;
shared uint s_sums[SPARSE_SCAN_LOCAL_SIZE];

// Inclusive scan of one value per invocation over the group (Hillis-Steele: log2(256) = 8 steps).
uint sparseGroupScan(uint value) {
    uint i = gl_LocalInvocationID.x;
    s_sums[i] = value;
    for (uint offset = 1u; offset < SPARSE_SCAN_LOCAL_SIZE; offset <<= 1) {
        barrier();
        uint add = i >= offset ? s_sums[i - offset] : 0u;
        barrier();
        s_sums[i] += add;
    }
    barrier();
    return s_sums[i];
}

#if defined(SPARSE_ALLOC_SCAN)
void main() {
    uint groups = uint(hpSparseScanGroups(u_side));
    uint partials = uint(hpSparsePartialOffset(u_side));
    uint carry = 0u;
    for (uint first = 0u; first < groups; first += SPARSE_SCAN_LOCAL_SIZE) {
        uint g = first + gl_LocalInvocationID.x;
        uint value = g < groups ? b_index[partials + g] : 0u;
        uint inclusive = sparseGroupScan(value);
        if (g < groups) b_index[partials + g] = carry + inclusive - value; // exclusive prefix
        carry += s_sums[SPARSE_SCAN_LOCAL_SIZE - 1];
        barrier(); // every read of s_sums before the next chunk overwrites it
    }
    if (gl_LocalInvocationID.x == 0u) {
        uint used = min(carry, u_capacity);
        b_index[SPARSE_MARKED] = carry;
        b_index[SPARSE_CAPACITY] = u_capacity;
        b_index[SPARSE_USED] = used;
        b_index[SPARSE_OVERFLOW] = carry > u_capacity ? 1u : 0u;
        uint clearGroups = (used * uint(SPARSE_BRICK_WORDS) + SPARSE_CLEAR_LOCAL_SIZE - 1u) / SPARSE_CLEAR_LOCAL_SIZE;
        b_index[SPARSE_CLEAR_ARGS] = clamp(clearGroups, 1u, SPARSE_MAX_GROUPS);
        b_index[SPARSE_CLEAR_ARGS + 1] = 1u;
        b_index[SPARSE_CLEAR_ARGS + 2] = 1u;
    }
}
#else
void main() {
    uint words = uint(hpSparseCoarseWords(u_side));
    uint first = gl_WorkGroupID.x * SPARSE_SCAN_WORDS + gl_LocalInvocationID.x * SPARSE_SCAN_PER_THREAD;
    uint counts[SPARSE_SCAN_PER_THREAD];
    uint mine = 0u;
    for (int j = 0; j < SPARSE_SCAN_PER_THREAD; ++j) {
        uint w = first + uint(j);
        counts[j] = w < words ? uint(bitCount(b_index[SPARSE_HEADER + w])) : 0u;
        mine += counts[j];
    }
    uint inclusive = sparseGroupScan(mine);
#if defined(SPARSE_ALLOC_SUMS)
    if (gl_LocalInvocationID.x == SPARSE_SCAN_LOCAL_SIZE - 1u)
        b_index[hpSparsePartialOffset(u_side) + int(gl_WorkGroupID.x)] = inclusive;
#else
    uint base = b_index[hpSparsePartialOffset(u_side) + int(gl_WorkGroupID.x)] + inclusive - mine;
    uint bricks = uint(SPARSE_BRICK_WORDS) * u_capacity; // where the slots' bricks start in the pool
    for (int j = 0; j < SPARSE_SCAN_PER_THREAD; ++j) {
        uint w = first + uint(j);
        if (w >= words) break;
        b_index[hpSparseBaseOffset(u_side) + int(w)] = base;
        uint bits = b_index[SPARSE_HEADER + w];
        for (uint slot = base; bits != 0u && slot < u_capacity; ++slot) {
            int bit = findLSB(bits);
            bits &= bits - 1u;
            b_pool[bricks + slot] = w * 32u + uint(bit);
        }
        base += counts[j];
    }
#endif
}
#endif
#endif
