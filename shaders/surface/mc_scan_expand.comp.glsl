#version 450
// Scan-based marching cubes, the expansion (engine/surface/mc_scan.h, row scan_mc): one invocation per base
// word writes its 0..60 vertices from its offset, the exclusive prefix sum of the words' vertex counts (the
// inclusive scan of sort::BufferScan, Horn's, one entry back). The cells in order and the table's order within
// each: vertex k is the reference's vertex k, as hp_mc's. Vertices at or past the draw count (the total
// clamped to the capacity in whole triangles, written by mc_args.comp.glsl before this pass) are not written.
// Based on: Horn, "Stream Reduction Operations for GPGPU Applications", GPU Gems 2 ch. 36 (2005); the
// scan-based marching cubes of the CUDA SDK's marchingCubes sample (NVIDIA, 2007).
#include "mc_place.glsl"

layout(std430, binding = MC_BIND_CASES) readonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McScanned { uint b_inclusive[]; };
layout(std430, binding = MC_BIND_HEADER) readonly buffer McHeader { uint b_header[]; };

void main() {
    uint word = mcInvocation();
    if (word >= u_words) return;
    uint end = b_inclusive[word], first = word == 0u ? 0u : b_inclusive[word - 1u];
    if (end == first) return; // no vertex: most words of a sparse surface
    mcWriteWord(word, b_cases[word], first, end - first, b_header[MC_HEADER_DRAW]);
}
