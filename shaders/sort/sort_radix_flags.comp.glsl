#version 450
// LSD radix sort (1-bit split), per pass: element i's bit `u_bit` into the scan's level 0, which Horn's scan
// then turns into the inclusive count of ones up to i. Pass 0 also validates the keys (>= m: flagged).
// Based on: Blelloch, "Vector Models for Data-Parallel Computing" (1990), split radix sort; Horn (2005).
#include "sort_radix_pass.glsl"

layout(std430, binding = SORT_BIND_COUNTS) writeonly buffer Scan { uint u_scan[]; };

void main() {
    uint i, key, bit;
    if (!radixKeyOfInvocation(i, key, bit)) return;
    if (u_firstPass != 0u) sortKeyValid(key, i, u_m); // a bad key is still moved (in bounds), and reported
    u_scan[i] = bit;
}
