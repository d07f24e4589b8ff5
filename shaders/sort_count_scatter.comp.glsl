#version 450
// Scan-based counting sort, the scatter: the histogram was scanned in place (Horn's scan, inclusive), so a
// bucket's first output slot is the inclusive sum of the bucket before it; each key writes itself and its
// index at that slot plus its rank from the histogram's atomic (arrival order: a valid, unstable permutation).
// Based on: Seward / Knuth's counting sort; Horn, GPU Gems 2 ch. 36 (2005) for the scan.
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_KEYS) readonly buffer Keys { uint u_keys[]; };
layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Scan { uint u_scan[]; };
layout(std430, binding = SORT_BIND_RANKS) readonly buffer Ranks { uint u_ranks[]; };
layout(std430, binding = SORT_BIND_OUT_KEYS) writeonly buffer OutKeys { uint u_outKeys[]; };
layout(std430, binding = SORT_BIND_OUT_PERM) writeonly buffer OutPerm { uint u_outPerm[]; };
layout(location = SORT_LOC_N) uniform uint u_n;
layout(location = SORT_LOC_M) uniform uint u_m;

void main() {
    uint i = sortInvocation();
    if (i >= u_n) return;
    uint key = u_keys[i];
    if (key >= u_m) return; // flagged by the histogram pass
    uint slot = (key == 0u ? 0u : u_scan[key - 1u]) + u_ranks[i];
    u_outKeys[slot] = key;
    u_outPerm[slot] = i;
}
