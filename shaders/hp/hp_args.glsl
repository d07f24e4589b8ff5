// Indirect arguments from a count computed on the GPU: a DrawArraysIndirectCommand for the particle draw and a
// DispatchIndirectCommand for a list pass of HP_LIST_LOCAL_SIZE invocations per group, clamped to the point
// buffer's capacity, plus the clamped count and an overflow flag (layout: HP_ARGS_* in hp_shared.h).
// The including shader declares u_args (binding HP_BIND_ARGS).
#pragma once
#include "dispatch_groups.glsl"
#include "hp_shared.h"

void hpWriteArgs(uint total, uint capacity) {
    uint n = min(total, capacity);
    u_args[HP_ARGS_DRAW_OFFSET + 0] = n;  // count
    u_args[HP_ARGS_DRAW_OFFSET + 1] = 1u; // instanceCount
    u_args[HP_ARGS_DRAW_OFFSET + 2] = 0u; // first
    u_args[HP_ARGS_DRAW_OFFSET + 3] = 0u; // baseInstance
    WRITE_DISPATCH_ARGS(u_args, HP_ARGS_DISPATCH_OFFSET, n, HP_LIST_LOCAL_SIZE);
    u_args[HP_ARGS_COUNT] = n;
    u_args[HP_ARGS_OVERFLOW] = total > capacity ? 1u : 0u;
}
