#version 450
// LSD radix sort (1-bit split), per pass: zeros keep their order at the front, ones keep theirs after every
// zero (slot = i - ones before i, or zeros + ones before i): a stable split, so after one pass per key bit the
// keys are sorted and equal keys keep their input order. Every slot is in [0, n), whatever the keys.
// Based on: Blelloch, "Vector Models for Data-Parallel Computing" (1990); Horn (2005) for the scan.
#include "sort_radix_pass.glsl"

layout(std430, binding = SORT_BIND_IN_PERM) readonly buffer InPerm { uint u_inPerm[]; };
layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Scan { uint u_scan[]; };
layout(std430, binding = SORT_BIND_OUT_KEYS) writeonly buffer OutKeys { uint u_outKeys[]; };
layout(std430, binding = SORT_BIND_OUT_PERM) writeonly buffer OutPerm { uint u_outPerm[]; };

void main() {
    uint i, key, bit;
    if (!radixKeyOfInvocation(i, key, bit)) return;
    uint onesBefore = u_scan[i] - bit;
    uint zeros = u_n - u_scan[u_n - 1u];
    uint slot = bit == 0u ? i - onesBefore : zeros + onesBefore;
    u_outKeys[slot] = key;
    u_outPerm[slot] = u_firstPass != 0u ? i : u_inPerm[i];
}
