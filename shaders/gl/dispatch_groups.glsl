// An indirect dispatch (DispatchIndirectCommand: x, y, z groups) for `count` invocations of `localSize` per group,
// computed on the GPU from a count that stays there: rows of at most 65535 groups (GL's guaranteed minimum of
// GL_MAX_COMPUTE_WORK_GROUP_COUNT), as many rows as they need; no groups for no invocations (1 x 0 x 1). The
// pass finds its index with dispatchIndex(localSize).
#pragma once

uvec3 dispatchGroups(uint count, uint localSize) {
    const uint kMaxGroupsX = 65535u;
    uint groups = (count + localSize - 1u) / localSize;
    return uvec3(max(min(groups, kMaxGroupsX), 1u), (groups + kMaxGroupsX - 1u) / kMaxGroupsX, 1u);
}

// dispatchGroups(count, localSize) written as a DispatchIndirectCommand into words [at, at + 3) of `array`, a
// uint array of the including shader's: a macro, because GLSL passes no buffer to a function.
#define WRITE_DISPATCH_ARGS(array, at, count, localSize)                                                     \
    {                                                                                                          \
        uvec3 dispatchArgs = dispatchGroups((count), (localSize));                                             \
        array[(at) + 0] = dispatchArgs.x;                                                                      \
        array[(at) + 1] = dispatchArgs.y;                                                                      \
        array[(at) + 2] = dispatchArgs.z;                                                                      \
    }

// This invocation's index in a dispatch sized by dispatchGroups(count, localSize): its row, then its place in
// the row; the pass returns at once for an index >= count (the last row is padded).
uint dispatchIndex(uint localSize) {
    return gl_GlobalInvocationID.y * gl_NumWorkGroups.x * localSize + gl_GlobalInvocationID.x;
}
