#version 450
// HeartBreaker, per frame before the update: turns this frame's point count (the HistoPyramid's top, still on
// the GPU) into the particle draw and dispatch arguments, and keeps last frame's count so the update knows
// which particles are new. One invocation: the work is a handful of uints.
#include "dispatch_groups.glsl"
#include "particles_shared.h"

layout(local_size_x = 1) in;
layout(std430, binding = HP_BIND_COUNTERS) readonly buffer HpCounters { uint u_counters[]; };
layout(std430, binding = PS_BIND_CONTROL) buffer PsControl { uint u_control[]; };
layout(location = PS_LOC_CAPACITY) uniform uint u_capacity;


void main() {
    uint n = min(u_counters[0], u_capacity);
    u_control[PS_CTRL_PREV] = u_control[PS_CTRL_DRAW]; // last frame's drawn count
    u_control[PS_CTRL_DRAW + 0] = n;
    u_control[PS_CTRL_DRAW + 1] = 1u;
    u_control[PS_CTRL_DRAW + 2] = 0u;
    u_control[PS_CTRL_DRAW + 3] = 0u;
    WRITE_DISPATCH_ARGS(u_control, PS_CTRL_DISPATCH, n, PS_LOCAL_SIZE);
}
