#version 450
// Turns the pyramid's count into indirect arguments on the GPU: a DrawArraysIndirectCommand for the particle
// draw and a DispatchIndirectCommand for the list pass, clamped to the point buffer's capacity.
#include "dicer_shared.h"
layout(local_size_x = 1) in;
layout(std430, binding = HP_BIND_COUNTERS) readonly buffer HpCounters { uint u_counters[]; };
layout(std430, binding = HP_BIND_ARGS) writeonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;

const uint kMaxGroupsX = 65535u; // GL's guaranteed minimum of GL_MAX_COMPUTE_WORK_GROUP_COUNT

void main() {
    uint total = u_counters[0];
    uint n = min(total, u_capacity);
    u_args[HP_ARGS_DRAW_OFFSET + 0] = n; // count
    u_args[HP_ARGS_DRAW_OFFSET + 1] = 1u; // instanceCount
    u_args[HP_ARGS_DRAW_OFFSET + 2] = 0u; // first
    u_args[HP_ARGS_DRAW_OFFSET + 3] = 0u; // baseInstance
    uint groups = (n + HP_LIST_LOCAL_SIZE - 1u) / HP_LIST_LOCAL_SIZE;
    u_args[HP_ARGS_DISPATCH_OFFSET + 0] = max(min(groups, kMaxGroupsX), 1u);
    u_args[HP_ARGS_DISPATCH_OFFSET + 1] = groups == 0u ? 0u : (groups + kMaxGroupsX - 1u) / kMaxGroupsX;
    u_args[HP_ARGS_DISPATCH_OFFSET + 2] = 1u;
    u_args[HP_ARGS_COUNT] = n;
    u_args[HP_ARGS_OVERFLOW] = total > u_capacity ? 1u : 0u;
}
