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
// With HP_XRAY it writes no point: the invocation whose quadrant holds entry u_xrayKey records its path (hp_xray.h)
// from its own climb's record, read top-down (a step a stored level: the node, its children's sums, the child the
// quadrant's ancestor is), then the quadrant's step (its four masks' points, the mask holding the key) and the
// mask's (its 64 bits, the bit written), and the texel.
#include "hps_shared.h"
#ifndef HP_XRAY
#include "hp_points.glsl"
#endif

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = SPARSE_BIND_INDEX) restrict readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };
#define HPS_CLIMB_LOC_TOP HP_LOC_LEVELS
#define HPS_CLIMB_LOC_OFFSETS HPS_LOC_LEVEL_OFFSETS
#ifdef HP_XRAY
#define HPS_CLIMB_RECORD
#endif
#include "hps_climb.glsl"

#ifdef HP_XRAY
#include "hp_xray_record.glsl"
layout(location = HP_LOC_XRAY_KEY) uniform uint u_xrayKey;

// Entry u_xrayKey is bit b of pool word w, in quadrant `quadrant` of slot `slot` (brick `brick`): its path.
void hpsXrayRecord(uint quadrant, uint slot, uint brick, uint w, uint b) {
    uint rest = u_xrayKey;
    for (int level = u_hpsTop; level >= HPS_FIRST_STORED_LEVEL; --level) {
        int l = min(level, HPS_MAX_LEVELS);
        uint down = rest - hpsBefore(g_climbSums[l], g_climbChild[l]);
        xrayWriteStep(uint(level), uvec2(g_climbNode[l], 0u), rest, g_climbSums[l], g_climbChild[l], down, uvec2(0u));
        rest = down;
    }
    uint firstWord = quadrant * 8u, mask = (w - firstWord) >> 1;
    uvec4 masks;
    for (uint m = 0u; m < 4u; ++m)
        masks[m] = uint(bitCount(b_pool[firstWord + 2u * m]) + bitCount(b_pool[firstWord + 2u * m + 1u]));
    uint down = rest - hpsBefore(masks, mask);
    xrayWriteStep(1u, uvec2(quadrant, 0u), rest, masks, mask, down, uvec2(0u));
    uvec4 bits = uvec4(b_pool[firstWord + 2u * mask], b_pool[firstWord + 2u * mask + 1u], 0u, 0u);
    xrayWriteStep(0u, uvec2(quadrant * 4u + mask, 0u), down, bits, ((w - firstWord) & 1u) * 32u + b, 0u, uvec2(0u));
    ivec2 texel = hpSparseTexel(brick, (w - slot * uint(SPARSE_BRICK_WORDS)) * 32u + b);
    xrayClose(uvec2(texel));
}
#endif

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
#ifdef HP_XRAY
            if (k == u_xrayKey) hpsXrayRecord(quadrant, slot, brick, w, b);
#else
            hpWritePoint(k, hpSparseTexel(brick, (w - slot * uint(SPARSE_BRICK_WORDS)) * 32u + b));
#endif
            bits &= bits - 1u;
            ++k;
        }
    }
}
