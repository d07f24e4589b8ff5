// What every sort pass shares: the linear invocation index over a grid folded to 2D (more than 65535 groups),
// the status buffer and the validation of a key (sort_shared.h).
#include "sort_shared.h"

layout(local_size_x = SORT_LOCAL_SIZE) in;
layout(std430, binding = SORT_BIND_STATUS) buffer SortStatus { uint u_status[]; };

uint sortInvocation() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    return group * uint(SORT_LOCAL_SIZE) + gl_LocalInvocationID.x;
}

// False for a key outside [0, m): it is counted and the lowest such index kept, and the caller skips it, so no
// pass ever writes out of bounds because of it.
bool sortKeyValid(uint key, uint index, uint m) {
    if (key < m) return true;
    atomicAdd(u_status[SORT_STATUS_BAD], 1u);
    atomicMin(u_status[SORT_STATUS_FIRST_BAD], index);
    return false;
}
