#version 450
// Atomic-append marching cubes (engine/surface/mc_atomic.h, row atomic_mc): ONE pass, one invocation per base
// word (4 cells of a row, mc_volume.glsl): its cases (written too, for the tests), its vertex count, a slot
// from an atomic counter in the header (MC_HEADER_TOTAL, cleared on the GPU before the pass; after it, the
// total), and its vertices written there, the word's in the reference's order. The words' slices land in the
// order the atomics resolved: triangles in any order (McOrder::Unordered), each whole (a slot and every count
// are multiples of 3). Vertices at or past the capacity (in whole triangles) are not written; the total counts
// them. One atomicAdd per word with vertices, not aggregated per work group (a shared-memory sum and one
// global atomic per group, as the compaction peer does after Adinetz, "Optimized filtering with
// warp-aggregated atomics", NVIDIA 2014, measured 10 % slower on llvmpipe: its three barriers cost more than
// the few atomics of a sparse surface; docs/SURFACES.md, "The peers").
// Based on: the append buffers of D3D11 / GL 4.3 (atomic counters).
#include "mc_place.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_HEADER) buffer McHeader { uint b_header[]; };

void main() {
    uint word = mcInvocation();
    if (word >= u_words) return;
    uint sum;
    uint cases = mcWordCases(word, sum);
    b_cases[word] = cases;
    if (sum == 0u) return; // most words of a sparse surface
    uint capacity = b_header[MC_HEADER_CAPACITY];
    uint limit = capacity - capacity % 3u;
    mcWriteWord(word, cases, atomicAdd(b_header[MC_HEADER_TOTAL], sum), sum, limit);
}
