// An indirect dispatch (DispatchIndirectCommand: x, y, z groups) for `count` invocations of `localSize` per group,
// computed on the GPU from a count that stays there: rows of at most 65535 groups (GL's guaranteed minimum of
// GL_MAX_COMPUTE_WORK_GROUP_COUNT), as many rows as they need; no groups for no invocations (1 x 0 x 1). The
// pass finds its index as gl_GlobalInvocationID.y * gl_NumWorkGroups.x * localSize + gl_GlobalInvocationID.x.
#pragma once

uvec3 dispatchGroups(uint count, uint localSize) {
    const uint kMaxGroupsX = 65535u;
    uint groups = (count + localSize - 1u) / localSize;
    return uvec3(max(min(groups, kMaxGroupsX), 1u), (groups + kMaxGroupsX - 1u) / kMaxGroupsX, 1u);
}
