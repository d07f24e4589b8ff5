#version 450
// Counting sort, the placement: one invocation per input key writes its index (and with SORT_WRITE_KEYS the key)
// at its bucket's first output slot plus its rank from the histogram's atomic. Ranks are in atomic arrival
// order, so equal keys land in an unspecified (but complete) order: the permutation is valid, not stable. Keys
// >= m were flagged by the histogram pass and are skipped. The bucket's first slot comes from:
//  - the HistoPyramid sort: the bucket starts its descent recorded (the slot whose remainder reached 0 at the
//    leaf). The ascent alternative, summing every left sibling from the key's leaf to the top, costs log2(m)
//    dependent reads per key: 741 vs 112 ns/key in all on llvmpipe, n = 2^22, m = 2^20.
//  - SORT_STARTS_FROM_SCAN, the scan-based counting sort: the histogram scanned in place (Horn's scan,
//    inclusive), so a bucket starts at the inclusive sum of the bucket before it.
// Based on: Knuth, TAOCP vol. 3 §5.2 (distribution counting); Swoboda, GDC 2012; Horn, GPU Gems 2 ch. 36 (2005).
#include "sort_keys.glsl"

#ifdef SORT_STARTS_FROM_SCAN
layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Scan { uint u_scan[]; };
#else
layout(std430, binding = SORT_BIND_IN_PERM) readonly buffer Starts { uint u_starts[]; };
#endif
layout(std430, binding = SORT_BIND_RANKS) readonly buffer Ranks { uint u_ranks[]; };
layout(std430, binding = SORT_BIND_OUT_KEYS) writeonly buffer OutKeys { uint u_outKeys[]; };
layout(std430, binding = SORT_BIND_OUT_PERM) writeonly buffer OutPerm { uint u_outPerm[]; };

void main() {
    uint i, key;
    if (!sortKeyOfInvocation(i, key) || key >= u_m) return; // keys >= m: flagged by the histogram pass
#ifdef SORT_STARTS_FROM_SCAN
    uint slot = (key == 0u ? 0u : u_scan[key - 1u]) + u_ranks[i];
#else
    uint slot = u_starts[key] + u_ranks[i];
#endif
#ifdef SORT_WRITE_KEYS
    u_outKeys[slot] = key;
#endif
    u_outPerm[slot] = i;
}
