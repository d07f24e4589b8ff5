#version 450
// Marching cubes, pass 1 of hp_mc and scan_mc (engine/surface/mc_expander.h, mc_scan.h): one invocation per
// base word = 4 consecutive cells of a row (mc_volume.glsl, THE BASE'S WORDS, mcWordCases), whose 20 corners
// it reads once. Each cell's case from its 8 corners (band test on exact keys), its vertex count from the
// packed table; the word of 4 cases (byte j = the word's cell j; cells past the row's end: case 0, count 0)
// is the pyramid's base, and the sum of the 4 counts (0..60) its level 1 (for scan_mc: the scan's level 0),
// written here so the base is never read again to build. Based on: Dyken, Ziegler, Theobalt, Seidel,
// "High-speed marching cubes using HistoPyramids" (2008).
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) writeonly buffer McLevel1 { uint b_level1[]; };

void main() {
    uint word = mcInvocation();
    if (word >= u_words) return;
    uint sum;
    b_cases[word] = mcWordCases(word, sum);
    b_level1[word] = sum;
}
