#version 450
// Horn's stream reduction, step 1 (cont.): adds the scanned totals of the blocks before it to every element of
// a block, turning block-local inclusive sums into global ones (the "add-back" of a multi-level scan).
// Based on: Horn, GPU Gems 2 ch. 36 (2005); Blelloch, CMU-CS-90-190 (1990).
#include "horn_common.glsl"

layout(std430, binding = PEER_BIND_SUMS) readonly buffer ScanSums { uint u_sums[]; }; // inclusive, scanned
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };
layout(location = PEER_LOC_WRITE_TOTAL) uniform uint u_writeTotal;

layout(local_size_x = HORN_SCAN_LOCAL_SIZE) in;

void main() {
    uint block = hornGroupIndex();
    if (block == 0u || block * uint(HORN_SCAN_BLOCK) >= u_elements) return; // block 0 has nothing before it
    uint offset = u_sums[block - 1u];
    uint first = block * uint(HORN_SCAN_BLOCK) + gl_LocalInvocationID.x * uint(HORN_SCAN_PER_INVOCATION);
    for (int i = 0; i < HORN_SCAN_PER_INVOCATION; ++i) {
        uint e = first + uint(i);
        if (e >= u_elements) break;
        uint v = u_data[e] + offset;
        u_data[e] = v;
        if (u_writeTotal != 0u && e == u_elements - 1u) u_counters[0] = v; // level 0: the count
    }
}
