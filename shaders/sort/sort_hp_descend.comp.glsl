#version 450
// Counting sort, pass (c): one invocation per output slot k descends the 1D HistoPyramid from the top: "is k
// below the left child's count? then go left, else subtract it and go right" (SORT_FAN_IN 4: up to three such
// tests per level, half as many levels). The leaf reached is the bucket
// that slot k falls in, which is the sorted key itself: the sorted keys come out with no scatter, in gather
// form, log2(m) reads each. Dispatched indirectly from the pyramid's top. The slot whose remainder at the leaf
// is 0 is its bucket's first slot: it records that start (for the permutation pass), so the exclusive prefix sum
// of the histogram comes for free, one write per non-empty bucket (empty buckets are never read).
// Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006) (HP traversal); Swoboda, GDC 2012 (1D, counting sort).
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Pyramid { uint u_pyramid[]; };
layout(std430, binding = SORT_BIND_OUT_KEYS) writeonly buffer OutKeys { uint u_outKeys[]; };
layout(std430, binding = SORT_BIND_IN_PERM) writeonly buffer Starts { uint u_starts[]; };
layout(location = SORT_LOC_LEVELS) uniform uint u_levels; // level 0 (the histogram) .. u_levels - 1 (the top)
layout(location = SORT_LOC_OFFSETS) uniform uint u_offsets[SORT_MAX_LEVELS];

void main() {
    uint k = sortInvocation();
    if (k >= u_status[SORT_STATUS_COUNT]) return;
    uint rest = k, cell = 0u;
    for (int l = int(u_levels) - 2; l >= 0; --l) {
        cell *= uint(SORT_FAN_IN);
        for (uint c = 1u; c < uint(SORT_FAN_IN); ++c) { // the last child needs no test: rest falls in it
            uint left = u_pyramid[u_offsets[l] + cell];
            if (rest < left) break;
            rest -= left;
            cell += 1u;
        }
    }
    u_outKeys[k] = cell;
#ifdef SORT_WRITE_STARTS
    if (rest == 0u) u_starts[cell] = k;
#endif
}
