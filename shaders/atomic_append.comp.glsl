#version 450
// Atomic-append stream compaction: one pass over the atlas, every active cell takes the next free slot of the
// point buffer from an atomic counter. Work-group aggregation: invocations reserve their slots with a shared-
// memory atomic, and one invocation per group adds the group's total to the global counter, so 256 cells cost
// one global atomic. The order of the entries depends on how the atomics resolved: it differs between runs.
// Based on: the append-buffer compaction of D3D11 / GL 4.3 (AppendStructuredBuffer, atomic counters);
// work-group aggregation as in Adinetz, "Optimized filtering with warp-aggregated atomics", NVIDIA (2014).
#include "hp_discriminator.glsl"
#include "hp_points.glsl"

layout(local_size_x = APPEND_LOCAL_SIZE, local_size_y = APPEND_LOCAL_SIZE) in;
layout(std430, binding = HP_BIND_COUNTERS) buffer HpCounters { uint u_counters[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;

shared uint s_count, s_base;

void main() {
    ivec2 b = 2 * ivec2(gl_GlobalInvocationID.xy);
    uvec4 isOn = hpActiveQuad(b); // 2x2 cells from one textureGather; cells beyond the input are inactive
    uint mine = isOn.x + isOn.y + isOn.z + isOn.w;
    bool leader = gl_LocalInvocationIndex == 0u;
    if (leader) s_count = 0u;
    barrier();
    uint local = mine > 0u ? atomicAdd(s_count, mine) : 0u;
    barrier(); // s_count is the group's total
    if (leader) s_base = s_count > 0u ? atomicAdd(u_counters[0], s_count) : 0u;
    barrier(); // s_base is the group's first slot
    uint slot = s_base + local;
    for (int c = 0; c < 4; ++c) {
        if (isOn[c] == 0u) continue;
        if (slot < u_capacity) hpWritePoint(slot, b + ivec2(c & 1, c >> 1)); // past the capacity: counted only
        ++slot;
    }
}
