#version 450
// Atomic-append stream compaction: one pass over the atlas, every active cell takes the next free slot of the
// point buffer from an atomic counter. Work-group aggregation: invocations reserve their slots with a shared-
// memory atomic, and one invocation per group adds the group's total to the global counter, so a whole group
// (APPEND_LOCAL_SIZE * APPEND_GATHERS * 2 cells a side) costs one global atomic. The order of the entries depends
// on how the atomics resolved: it differs between runs.
// Based on: the append-buffer compaction of D3D11 / GL 4.3 (AppendStructuredBuffer, atomic counters);
// work-group aggregation as in Adinetz, "Optimized filtering with warp-aggregated atomics", NVIDIA (2014).
#include "peers_shared.h"
#include "hp_discriminator.glsl"
#include "hp_points.glsl"

layout(local_size_x = APPEND_LOCAL_SIZE, local_size_y = APPEND_LOCAL_SIZE) in;
layout(std430, binding = HP_BIND_COUNTERS) buffer HpCounters { uint u_counters[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;

shared uint s_count, s_base;

const int kCells = 2 * APPEND_GATHERS; // cells per invocation side

void main() {
    ivec2 origin = kCells * ivec2(gl_GlobalInvocationID.xy);
    // Bit 4 g + c: cell c (child order) of gather g; cells beyond the input are inactive.
    uint bits = 0u;
    for (int g = 0; g < APPEND_GATHERS * APPEND_GATHERS; ++g) {
        uvec4 isOn = hpActiveQuad(origin + 2 * ivec2(g % APPEND_GATHERS, g / APPEND_GATHERS));
        bits |= (isOn.x | (isOn.y << 1) | (isOn.z << 2) | (isOn.w << 3)) << (4 * g);
    }
    uint mine = uint(bitCount(bits));
    bool leader = gl_LocalInvocationIndex == 0u;
    if (leader) s_count = 0u;
    barrier();
    uint local = mine > 0u ? atomicAdd(s_count, mine) : 0u;
    barrier(); // s_count is the group's total
    if (leader) s_base = s_count > 0u ? atomicAdd(u_counters[0], s_count) : 0u;
    barrier(); // s_base is the group's first slot
    uint slot = s_base + local;
    while (bits != 0u) {
        int bit = findLSB(bits);
        bits &= bits - 1u;
        int g = bit >> 2, c = bit & 3;
        ivec2 cell = origin + 2 * ivec2(g % APPEND_GATHERS, g / APPEND_GATHERS) + ivec2(c & 1, c >> 1);
        if (slot < u_capacity) hpWritePoint(slot, cell); // past the capacity: counted only
        ++slot;
    }
}
