#version 450
// Atomic-append marching cubes (engine/surface/mc_atomic.h, row atomic_mc): ONE pass, one invocation per base
// word (4 cells of a row, mc_volume.glsl): its cases (written too, for the tests), its vertex count, a slot
// from an atomic counter in the header (MC_HEADER_TOTAL, cleared on the GPU before the pass; after it, the
// total), and its vertices written there, the word's in the reference's order. The words' slices land in the
// order the atomics resolved: triangles in any order (McOrder::Unordered), each whole (a slot and every count
// are multiples of 3). Vertices at or past the capacity (in whole triangles) are not written; the total counts
// them. With MC_ATOMIC_AGGREGATE a work group adds its words' counts in shared memory and makes one global
// atomicAdd (measured on llvmpipe: docs/SURFACES.md, "The peers").
// Based on: the append buffers of D3D11 / GL 4.3 (atomic counters); work-group aggregation as in Adinetz,
// "Optimized filtering with warp-aggregated atomics", NVIDIA (2014).
#include "mc_place.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_HEADER) buffer McHeader { uint b_header[]; };

#ifdef MC_ATOMIC_AGGREGATE
shared uint s_count, s_base;
#endif

void main() {
    uint word = mcInvocation();
    bool here = word < u_words;
    uint sum = 0u, cases = 0u;
    if (here) {
        cases = mcWordCases(word, sum);
        b_cases[word] = cases;
    }
    uint capacity = b_header[MC_HEADER_CAPACITY];
    uint limit = capacity - capacity % 3u;
#ifdef MC_ATOMIC_AGGREGATE
    // Every invocation of the group reaches the barriers (none returned early).
    if (gl_LocalInvocationIndex == 0u) s_count = 0u;
    barrier();
    uint local = sum > 0u ? atomicAdd(s_count, sum) : 0u;
    barrier(); // s_count is the group's total
    if (gl_LocalInvocationIndex == 0u) s_base = s_count > 0u ? atomicAdd(b_header[MC_HEADER_TOTAL], s_count) : 0u;
    barrier(); // s_base is the group's first slot
    if (sum > 0u) mcWriteWord(word, cases, s_base + local, sum, limit);
#else
    if (sum > 0u) mcWriteWord(word, cases, atomicAdd(b_header[MC_HEADER_TOTAL], sum), sum, limit);
#endif
}
