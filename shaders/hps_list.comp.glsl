#version 450
// hp_sparse traversal (GPU-resident PointList, hps_shared.h): dispatched indirectly with the count turned into
// arguments on the GPU. Entry k descends the 1D pyramid from the top, one uvec4 of child sums per level, to its
// slot (level 2: the brick's four quadrant sums), then popcounts the quadrant's four masks and selects the bit:
// the same key-index order as hp_bits, since slots, quadrants, masks and bits are all in Morton order. The texel
// is the slot's brick (its Morton index in the pool) plus the bit's place in the brick.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "PointList builder".
#include "hps_shared.h"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = SPARSE_BIND_INDEX) restrict readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HPS_BIND_LEVELS) restrict readonly buffer HpsLevels { uvec4 b_levels[]; };
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HPS_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPS_MAX_LEVELS + 1];

// The child of a node whose running range of `sums` holds key k; k becomes the key inside it.
uint hpsPick(uvec4 sums, inout uint k) {
    for (uint c = 0u; c < 3u; ++c) {
        if (k < sums[c]) return c;
        k -= sums[c];
    }
    return 3u;
}

// Index (0..63) of the k-th set bit of the mask (lo, hi): halve the window five times by popcount.
uint hpsSelectBit(uvec2 mask, uint k) {
    uint lowCount = uint(bitCount(mask.x));
    uint word = k < lowCount ? mask.x : mask.y;
    uint index = k < lowCount ? 0u : 32u;
    k -= k < lowCount ? 0u : lowCount;
    for (uint width = 16u; width >= 1u; width >>= 1) {
        uint count = uint(bitCount(word & ((1u << width) - 1u)));
        if (k >= count) {
            word >>= width;
            index += width;
            k -= count;
        }
    }
    return index;
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
    uint key = k, node = 0u;
    for (int level = u_levels; level > HPS_FIRST_STORED_LEVEL; --level)
        node = 4u * node + hpsPick(b_levels[uint(u_levelOffset[level]) + node], key);
    uint slot = node;
    uint quadrant = hpsPick(b_levels[uint(u_levelOffset[HPS_FIRST_STORED_LEVEL]) + slot], key);
    // Level 1 is not stored: the quadrant's four masks, popcounted in order.
    uint mask = slot * 16u + quadrant * 4u;
    uvec2 bits = uvec2(b_pool[2u * mask], b_pool[2u * mask + 1u]);
    for (uint m = 0u; m < 3u; ++m) {
        uint count = uint(bitCount(bits.x) + bitCount(bits.y));
        if (key < count) break;
        key -= count;
        ++mask;
        bits = uvec2(b_pool[2u * mask], b_pool[2u * mask + 1u]);
    }
    uint inBrick = (mask - slot * 16u) * 64u + hpsSelectBit(bits, key);
    uint brick = b_pool[uint(SPARSE_BRICK_WORDS) * b_index[SPARSE_CAPACITY] + slot];
    hpWritePoint(k, hpSparseTexel(brick, inBrick));
}
