#version 450
// hp_sparse PointList (GPU-resident, hps_shared.h): one invocation per QUADRANT of a used slot (16x16 texels, the
// pyramid's unstored level 1), dispatched indirectly from the used slots (the build's arguments pass). Its first
// index is found by climbing the pyramid once, adding at every level the sums of the siblings before it; then it
// writes the points of its four masks in bit order, each at its exact index. Slots, quadrants, masks and bits are
// all in Morton order, so the indices are hp_bits' key-index order, as a descent per index would give them
// (the 2006 PointList builder's traversal, which this replaced: it read the whole path from the top for every
// point, ~30 a brick, where a quadrant shares one climb between its ~8 points; docs/SPARSE.md, "The list").
// Entries past the count (the list's capacity) are not written. The texel is the slot's brick (its Morton index
// in the pool) plus the bit's place in the brick. The climb is hps_climb.glsl's, which the rank (hps_rank.glsl:
// the colours per point of the sparse output) shares, so a texel's rank is its index here by construction.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "PointList builder"; the climb is the
// HistoPyramid's prefix sum read bottom-up (Dyken, Ziegler, Theobalt, Seidel 2008 use the same sums top-down).
#include "hps_shared.h"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = SPARSE_BIND_INDEX) restrict readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };
#define HPS_CLIMB_LOC_TOP HP_LOC_LEVELS
#define HPS_CLIMB_LOC_OFFSETS HPS_LOC_LEVEL_OFFSETS
#include "hps_climb.glsl"

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint quadrant = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    uint slot = quadrant >> 2;
    if (slot >= b_index[SPARSE_USED]) return;
    uint count = u_args[HP_ARGS_COUNT]; // the listed points: min(total, capacity)
    uint k = hpsFirstIndex(quadrant);
    if (k >= count) return;
    uint brick = b_pool[uint(SPARSE_BRICK_WORDS) * b_index[SPARSE_CAPACITY] + slot];
    // The quadrant's 8 words (4 masks, low then high word each) in order; bit b of word w is brick bit 32 w + b.
    uint firstWord = quadrant * 8u; // slot * 32 + (quadrant & 3) * 8
    for (uint w = firstWord; w < firstWord + 8u && k < count; ++w) {
        uint bits = b_pool[w];
        while (bits != 0u && k < count) {
            uint b = uint(findLSB(bits));
            hpWritePoint(k, hpSparseTexel(brick, (w - slot * uint(SPARSE_BRICK_WORDS)) * 32u + b));
            bits &= bits - 1u;
            ++k;
        }
    }
}
