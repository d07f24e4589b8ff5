#version 450
// Marching cubes, pass 1 (engine/surface/mc_expander.h): one invocation per base word = 4 consecutive cells
// (x fastest). Each cell's case from its 8 corners (band test on exact keys), its vertex count from the
// packed table; the word of 4 cases (byte j = cell 4w + j; cells past the end: case 0, count 0) is the
// pyramid's base, and the sum of the 4 counts (0..60) its level 1, written here so the base is never read
// again to build. Based on: Dyken, Ziegler, Theobalt, Seidel, "High-speed marching cubes using HistoPyramids"
// (2008).
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) writeonly buffer McLevel1 { uint b_level1[]; };

void main() {
    uint word = mcInvocation();
    if (word >= (u_cells + 3u) / 4u) return;
    uint cases = 0u, sum = 0u;
    for (uint j = 0u; j < 4u; ++j) {
        uint c = 4u * word + j;
        if (c >= u_cells) break;
        uint mcCase = mcCaseOf(mcCellOf(c));
        cases |= mcCase << (8u * j);
        sum += mcCount(mcCase);
    }
    b_cases[word] = cases;
    b_level1[word] = sum;
}
