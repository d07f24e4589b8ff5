#version 450
// Counting sort, pass (a): the frequency histogram of the keys, one invocation per key and one atomicAdd on
// its bucket (the delay grows with the most frequent key: its adds serialise). The atomic's return value is
// the key's rank among the keys of its bucket (in arrival order, not input order: the placement that uses it
// is unstable), kept for the scatter. Keys >= m are flagged in the status word and skipped.
// Based on: M. Swoboda, "Advanced Procedural Rendering in DirectX 11", GDC 2012 (histogram + 1D HistoPyramid
// counting sort); Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "sort_keys.glsl"

layout(std430, binding = SORT_BIND_COUNTS) buffer Counts { uint u_counts[]; };
layout(std430, binding = SORT_BIND_RANKS) writeonly buffer Ranks { uint u_ranks[]; };

void main() {
    uint i, key;
    if (!sortKeyOfInvocation(i, key) || !sortKeyValid(key, i, u_m)) return;
    u_ranks[i] = atomicAdd(u_counts[key], 1u);
}
