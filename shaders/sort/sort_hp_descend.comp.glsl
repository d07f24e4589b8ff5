#version 450
// Counting sort, pass (c): one invocation per output slot k descends the 1D HistoPyramid from the top: "is k
// below the left child's count? then go left, else subtract it and go right" (SORT_FAN_IN 4: up to three such
// tests per level, half as many levels). The leaf reached is the bucket
// that slot k falls in, which is the sorted key itself: the sorted keys come out with no scatter, in gather
// form, log2(m) reads each. Dispatched indirectly from the pyramid's top. The slot whose remainder at the leaf
// is 0 is its bucket's first slot: it records that start (for the permutation pass), so the exclusive prefix sum
// of the histogram comes for free, one write per non-empty bucket (empty buckets are never read).
// With HP_XRAY one invocation follows slot u_xrayKey and records its descent (hp_xray.h: a step a level, the
// visited entry as the cell's x, its children's sums, the child taken) instead of writing the key: the X-ray's
// path is this traversal's own.
// Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006) (HP traversal); Swoboda, GDC 2012 (1D, counting sort).
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Pyramid { uint u_pyramid[]; };
layout(std430, binding = SORT_BIND_OUT_KEYS) writeonly buffer OutKeys { uint u_outKeys[]; };
layout(std430, binding = SORT_BIND_IN_PERM) writeonly buffer Starts { uint u_starts[]; };
layout(location = SORT_LOC_LEVELS) uniform uint u_levels; // level 0 (the histogram) .. u_levels - 1 (the top)
layout(location = SORT_LOC_OFFSETS) uniform uint u_offsets[SORT_MAX_LEVELS];

#ifdef HP_XRAY
#include "hp_xray_record.glsl"
layout(location = HP_LOC_XRAY_KEY) uniform uint u_xrayKey;
#endif

void main() {
#ifdef HP_XRAY
    if (sortInvocation() != 0u) return; // one traversal
    uint k = u_xrayKey;
    if (k >= u_status[SORT_STATUS_COUNT]) return; // the record stays cleared: nothing found
#else
    uint k = sortInvocation();
    if (k >= u_status[SORT_STATUS_COUNT]) return;
#endif
    uint rest = k, cell = 0u;
    for (int l = int(u_levels) - 2; l >= 0; --l) {
#ifdef HP_XRAY
        uint parent = cell, restAt = rest;
#endif
        cell *= uint(SORT_FAN_IN);
        for (uint c = 1u; c < uint(SORT_FAN_IN); ++c) { // the last child needs no test: rest falls in it
            uint left = u_pyramid[u_offsets[l] + cell];
            if (rest < left) break;
            rest -= left;
            cell += 1u;
        }
#ifdef HP_XRAY
        uvec4 sums = uvec4(0u);
        for (uint c = 0u; c < uint(SORT_FAN_IN); ++c)
            sums[c] = u_pyramid[u_offsets[l] + parent * uint(SORT_FAN_IN) + c];
        xrayWriteStep(uint(l + 1), uvec2(parent, 0u), restAt, sums, cell - parent * uint(SORT_FAN_IN), rest, uvec2(0u));
#endif
    }
#ifdef HP_XRAY
    xrayClose(uvec2(cell, 0u));
#else
    u_outKeys[k] = cell;
#ifdef SORT_WRITE_STARTS
    if (rest == 0u) u_starts[cell] = k;
#endif
#endif
}
