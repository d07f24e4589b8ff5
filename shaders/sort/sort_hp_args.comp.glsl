#version 450
// Counting sort: the pyramid's top (the number of valid keys) becomes the count in the status word and the
// indirect dispatch arguments of the descent, one invocation per output slot: the count never visits the CPU.
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_COUNTS) readonly buffer Pyramid { uint u_pyramid[]; };
layout(location = SORT_LOC_IN_OFFSET) uniform uint u_topOffset;

void main() {
    if (gl_GlobalInvocationID.x != 0u) return;
    uint count = u_pyramid[u_topOffset];
    uint groups = (count + uint(SORT_LOCAL_SIZE) - 1u) / uint(SORT_LOCAL_SIZE);
    uint x = min(groups, uint(SORT_MAX_GROUPS_X));
    u_status[SORT_STATUS_COUNT] = count;
    u_status[SORT_STATUS_ARGS + 0] = x;
    u_status[SORT_STATUS_ARGS + 1] = x == 0u ? 0u : (groups + x - 1u) / x;
    u_status[SORT_STATUS_ARGS + 2] = 1u;
}
