#version 450
// Turns the pyramid's count into indirect arguments on the GPU (hp_args.glsl): the particle draw and the list
// pass are sized without the count ever reaching the CPU.
#include "hp_shared.h"
layout(local_size_x = 1) in;
layout(std430, binding = HP_BIND_COUNTERS) readonly buffer HpCounters { uint u_counters[]; };
layout(std430, binding = HP_BIND_ARGS) writeonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;
#include "hp_args.glsl"

void main() { hpWriteArgs(u_counters[0], u_capacity); }
