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

layout(std430, binding = MC_BIND_RANGES) readonly buffer McRanges { uvec2 b_ranges[]; };
layout(location = MC_LOC_KEPT_BAND) uniform uvec3 u_keptBand;

// The column's words, none of whose corners straddles the band: every cell's case 255 (all inside) or 0, count 0.
void writeUniform(McColumn c, uint perRow, int rowsY, bool inside) {
    uint sum;
    uint cases = mcCasesOfCorners(inside ? 0xfffffu : 0u, c.cellsHere, sum); // the fetched words' bits exactly
    for (int s = 0; s < MC_COUNT_SLICES; ++s) {
        if (s >= c.slices) break;
        for (int r = 0; r < MC_COUNT_ROWS; ++r) {
            if (r >= c.rows) break;
            uint word = (uint(c.first.z + s) * uint(rowsY) + uint(c.first.y + r)) * perRow + c.q;
            b_cases[word] = cases;
            b_level1[word] = 0u;
        }
    }
}

void main() {
    McColumn c;
    uint column;
    if (!mcColumn(column, c)) return;
    uint perRow = mcWordsPerRow();
    int rowsY = u_size.y - 1;
    uvec2 range = b_ranges[column];
    bool allIn = range.x >= u_bandKeys.x && range.y <= u_bandKeys.y;
    bool allOut = range.y < u_bandKeys.x || range.x > u_bandKeys.y;
    if (allIn || allOut) {
        // Uniform the same way under the band whose words the buffers hold: its words are already these. At
        // 512^3 most columns lie outside every band, and their per-lane stores were about a third of the count.
        bool keptIn = range.x >= u_keptBand.x && range.y <= u_keptBand.y;
        bool keptOut = range.y < u_keptBand.x || range.x > u_keptBand.y;
        if (u_keptBand.z == 0u || (allIn ? !keptIn : !keptOut)) writeUniform(c, perRow, rowsY, allIn);
        return;
    }
    ivec3 first = c.first;
    int cellsHere = c.cellsHere, rows = c.rows, slices = c.slices;
    uint q = c.q;
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
