#version 450
// Counting sort, pass (b): one level of the 1D HistoPyramid over the m buckets, SORT_FAN_IN:1 sums (2: the
// pairwise sums, cell j of level l+1 = cells 2j and 2j+1 of level l). Level 0 is the histogram padded with
// zeros to a power of the fan-in; one dispatch per level builds the pyramid up to its single top cell, the
// number of keys.
// Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006), reduced to one dimension as in Swoboda, GDC 2012.
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_COUNTS) buffer Pyramid { uint u_pyramid[]; };
layout(location = SORT_LOC_IN_OFFSET) uniform uint u_inOffset;
layout(location = SORT_LOC_OUT_OFFSET) uniform uint u_outOffset;
layout(location = SORT_LOC_OUT_SIZE) uniform uint u_outSize;

void main() {
    uint j = sortInvocation();
    if (j >= u_outSize) return;
    uint sum = 0u;
    for (uint c = 0u; c < uint(SORT_FAN_IN); ++c)
        sum += u_pyramid[u_inOffset + uint(SORT_FAN_IN) * j + c];
    u_pyramid[u_outOffset + j] = sum;
}
