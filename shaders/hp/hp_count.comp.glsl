#version 450
// Copies the pyramid's top (the number of active cells) into a buffer, so the count can stay on the GPU
// (indirect draws/dispatches) or be read back by the CPU without touching the pyramid texture.
#include "hp_storage.glsl"
layout(local_size_x = 1) in;
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };
void main() { u_counters[0] = hpTotal(); }
