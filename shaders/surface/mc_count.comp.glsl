#version 450
// Marching cubes, pass 1 of hp_mc and scan_mc (engine/surface/mc_expander.h, mc_scan.h): the base words' cases
// (mc_volume.glsl, THE BASE'S WORDS: 4 consecutive cells of a row a word; byte j = the word's cell j; cells past
// the row's end: case 0, count 0) and each word's vertex count (0..60), the pyramid's level 1 (for scan_mc: the
// scan's level 0), written here so the base is never read again to build.
// One invocation a COLUMN of words (mc_shared.h): the word place q in its rows, MC_COUNT_ROWS rows from y0,
// MC_COUNT_SLICES slices from z0, marching up z. The band bits of a slice's (cells + 1) x (rows + 1) samples are
// fetched once and kept as the next step's lower slice, so a sample is read about 1.95 times, not 5 (each word
// fetching its own 20 corners): the texture fetches, llvmpipe's slow path, were the pass's cost. The cases and
// counts are the same words as before, bit for bit. Based on: Dyken, Ziegler, Theobalt, Seidel, "High-speed
// marching cubes using HistoPyramids" (2008); the slice kept as Lorensen and Cline's (1987) and Flying Edges'
// (Schroeder, Maynard, Geveci 2015) passes keep theirs.
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) writeonly buffer McLevel1 { uint b_level1[]; };

void main() {
    uint column = mcInvocation();
    uint perRow = mcWordsPerRow();
    int rowsY = u_size.y - 1, slicesZ = u_size.z - 1;
    uint strips = uint(rowsY + MC_COUNT_ROWS - 1) / uint(MC_COUNT_ROWS);
    uint stacks = uint(slicesZ + MC_COUNT_SLICES - 1) / uint(MC_COUNT_SLICES);
    if (rowsY <= 0 || slicesZ <= 0 || column >= perRow * strips * stacks) return;
    uint q = column % perRow, rest = column / perRow;
    ivec3 first = ivec3(4u * q, (rest % strips) * uint(MC_COUNT_ROWS), (rest / strips) * uint(MC_COUNT_SLICES));
    int cellsHere = min(4, u_size.x - 1 - first.x);
    int rows = min(MC_COUNT_ROWS, rowsY - first.y), slices = min(MC_COUNT_SLICES, slicesZ - first.z);
    uint below[MC_COUNT_ROWS + 1], above[MC_COUNT_ROWS + 1];
    for (int r = 0; r <= MC_COUNT_ROWS; ++r)
        below[r] = r <= rows ? mcRowBits(first + ivec3(0, r, 0), cellsHere) : 0u;
    for (int s = 0; s < slices; ++s) {
        int z = first.z + s;
        for (int r = 0; r <= MC_COUNT_ROWS; ++r)
            above[r] = r <= rows ? mcRowBits(ivec3(first.x, first.y + r, z + 1), cellsHere) : 0u;
        for (int r = 0; r < MC_COUNT_ROWS; ++r) { // constant bounds: the arrays stay in registers (unrolled)
            if (r >= rows) break;
            uint inside = below[r] | below[r + 1] << 5u | above[r] << 10u | above[r + 1] << 15u;
            uint word = (uint(z) * uint(rowsY) + uint(first.y + r)) * perRow + q;
            uint sum;
            b_cases[word] = mcCasesOfCorners(inside, cellsHere, sum);
            b_level1[word] = sum;
        }
        for (int r = 0; r <= MC_COUNT_ROWS; ++r) below[r] = above[r];
    }
}
