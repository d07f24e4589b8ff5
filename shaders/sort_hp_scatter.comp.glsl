#version 450
// Counting sort, the permutation: one invocation per input key finds its bucket's first output slot by an
// ascent of the 1D HistoPyramid (the sum of every left sibling on the way from the key's leaf to the top,
// log2(m) reads: the exclusive prefix sum, never stored) and writes its index at that slot plus its rank
// from the histogram's atomic. Ranks are in atomic arrival order, so equal keys land in an unspecified (but
// complete) order: the permutation is valid, not stable. Keys >= m were flagged and are skipped.
// Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006); Swoboda, GDC 2012.
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_KEYS) readonly buffer Keys { uint u_keys[]; };
layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Pyramid { uint u_pyramid[]; };
layout(std430, binding = SORT_BIND_RANKS) readonly buffer Ranks { uint u_ranks[]; };
layout(std430, binding = SORT_BIND_OUT_PERM) writeonly buffer OutPerm { uint u_outPerm[]; };
layout(location = SORT_LOC_N) uniform uint u_n;
layout(location = SORT_LOC_M) uniform uint u_m;
layout(location = SORT_LOC_LEVELS) uniform uint u_levels;
layout(location = SORT_LOC_OFFSETS) uniform uint u_offsets[SORT_MAX_LEVELS];

void main() {
    uint i = sortInvocation();
    if (i >= u_n) return;
    uint key = u_keys[i];
    if (key >= u_m) return; // flagged by the histogram pass
    uint start = 0u, cell = key;
    for (uint l = 0u; l + 1u < u_levels; ++l) {
        if ((cell & 1u) != 0u) start += u_pyramid[u_offsets[l] + cell - 1u];
        cell >>= 1;
    }
    u_outPerm[start + u_ranks[i]] = i;
}
