#version 450
// Horn's stream reduction, step 1: a work-efficient parallel prefix sum. One work group scans a block of
// HORN_SCAN_BLOCK elements: each invocation adds up its four elements in registers, the 256 partial sums are
// scanned in shared memory with Blelloch's up-sweep / down-sweep (2 log2(256) steps, O(n) additions), and the
// block writes its elements' inclusive sums plus its total; the totals are scanned the same way one level up
// and added back (horn_scan_add.comp.glsl). With HORN_FROM_ATLAS the elements are the discriminator results of
// the atlas texels in row-major order (element i = texel (i mod width, i div width)).
// Based on: Horn, "Stream Reduction Operations for GPGPU Applications", GPU Gems 2 ch. 36 (2005);
// Blelloch, "Prefix Sums and Their Applications", CMU-CS-90-190 (1990).
#include "horn_common.glsl"

#ifdef HORN_FROM_ATLAS
#include "hp_discriminator.glsl"
#endif
layout(std430, binding = PEER_BIND_SUMS) writeonly buffer ScanSums { uint u_sums[]; };
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };
layout(location = PEER_LOC_WRITE_TOTAL) uniform uint u_writeTotal;

layout(local_size_x = HORN_SCAN_LOCAL_SIZE) in;
shared uint s_scan[HORN_SCAN_LOCAL_SIZE];

uint hornLoad(uint i) {
    if (i >= u_elements) return 0u;
#ifdef HORN_FROM_ATLAS
    return hpActiveTexel(ivec2(int(i % uint(u_inputSize.x)), int(i / uint(u_inputSize.x))));
#else
    return u_data[i]; // the block totals of the level below
#endif
}

void main() {
    // Blocks are folded into a 2D grid (one dimension holds at most 65535 groups); surplus groups leave at once,
    // all their invocations together, so no barrier is skipped by part of a group.
    uint block = hornGroupIndex();
    if (block * uint(HORN_SCAN_BLOCK) >= u_elements) return;
    uint tid = gl_LocalInvocationID.x;
    uint first = block * uint(HORN_SCAN_BLOCK) + tid * uint(HORN_SCAN_PER_INVOCATION);
    uint inclusive[HORN_SCAN_PER_INVOCATION];
    uint sum = 0u;
    for (int i = 0; i < HORN_SCAN_PER_INVOCATION; ++i) {
        sum += hornLoad(first + uint(i));
        inclusive[i] = sum;
    }
    s_scan[tid] = sum;

    // Up-sweep (reduce): after it, the last entry holds the block total and inner nodes hold partial sums.
    uint stride = 1u;
    for (uint d = uint(HORN_SCAN_LOCAL_SIZE) >> 1; d > 0u; d >>= 1) {
        barrier();
        if (tid < d) {
            uint right = stride * (2u * tid + 2u) - 1u;
            s_scan[right] += s_scan[right - stride];
        }
        stride <<= 1;
    }
    barrier();
    uint blockTotal = s_scan[HORN_SCAN_LOCAL_SIZE - 1];
    barrier(); // everyone has read the total before the root is cleared
    if (tid == 0u) s_scan[HORN_SCAN_LOCAL_SIZE - 1] = 0u;
    // Down-sweep: swap-and-add from the root turns the tree into an exclusive scan.
    for (uint d = 1u; d < uint(HORN_SCAN_LOCAL_SIZE); d <<= 1) {
        stride >>= 1;
        barrier();
        if (tid < d) {
            uint right = stride * (2u * tid + 2u) - 1u;
            uint left = right - stride;
            uint t = s_scan[left];
            s_scan[left] = s_scan[right];
            s_scan[right] += t;
        }
    }
    barrier();
    uint exclusive = s_scan[tid];
    for (int i = 0; i < HORN_SCAN_PER_INVOCATION; ++i) {
        uint e = first + uint(i);
        if (e >= u_elements) break;
        u_data[e] = exclusive + inclusive[i];
        // Single-block level 0: the last element's inclusive sum is the count.
        if (u_writeTotal != 0u && e == u_elements - 1u) u_counters[0] = exclusive + inclusive[i];
    }
    if (tid == 0u) u_sums[block] = blockTotal;
}
