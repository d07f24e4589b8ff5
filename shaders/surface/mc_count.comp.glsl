#version 450
// Marching cubes, pass 1 of hp_mc, hp5_mc and scan_mc (engine/surface/mc_method.h, "The count's columns"): the base
// words' cases (mc_volume.glsl, THE BASE'S WORDS: 4 consecutive cells of a row a word; byte j = the word's cell j;
// cells past the row's end: case 0, count 0) and each word's vertex count (0..60), the pyramid's level 1 (for
// scan_mc: the scan's level 0), written here so the base is never read again to build.
// One invocation a COLUMN of words (mc_shared.h): the word place q in its rows, MC_COUNT_ROWS rows from y0,
// MC_COUNT_SLICES slices from z0, marching up z. The band bits of a slice's (cells + 1) x (rows + 1) samples are
// fetched once and kept as the next step's lower slice, so a sample is read about 1.95 times, not 5 (each word
// fetching its own 20 corners): the texture fetches, llvmpipe's slow path, were the pass's cost. Based on: Dyken,
// Ziegler, Theobalt, Seidel, "High-speed marching cubes using HistoPyramids" (2008); the slice kept as Lorensen
// and Cline's (1987) and Flying Edges' (Schroeder, Maynard, Geveci 2015) passes keep theirs.
// TWO DISPATCHES where the column ranges are exact (mc_column_range.comp.glsl): with MC_COUNT_CLASSIFY, one
// invocation a column compares its key range with the band: a column all of whose corners lie on one side writes
// its uniform words (every case 255 or 0, count 0) unless the buffers hold them already, and any other is LISTED
// (appended by an atomic counter: each column writes only its own words, so the order is free); then the count
// proper runs one invocation a listed column, dispatched indirectly. Why not one pass that returns early: llvmpipe
// runs every instruction of a shader under lane masks, a return included, so a skipping column cost what a
// counted one did (the count at blobs 256^3 on an empty band: 6.8 ms, against 1.4 for reading the ranges alone).
// Without exact ranges (contents that change every frame) the count runs over every column, u_listed 0.
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) writeonly buffer McLevel1 { uint b_level1[]; };

#ifdef MC_COUNT_CLASSIFY
layout(std430, binding = MC_BIND_RANGES) readonly buffer McRanges { uvec2 b_ranges[]; };
layout(std430, binding = MC_BIND_COLUMNS) buffer McColumns { uint b_columns[]; };
layout(location = MC_LOC_KEPT_BAND) uniform uvec3 u_keptBand;
layout(location = MC_LOC_ROW_GROUPS) uniform uint u_rowGroups;

// The column's words, none of whose corners straddles the band: every cell's case 255 (all inside) or 0, count 0
// (cells past the row's end: case 0, as the count writes them). Loops to the column's extent, none where `write` is
// false: llvmpipe leaves a loop once no lane is in it, where an unrolled one runs its every store under the mask.
void writeUniform(McColumn c, bool write, bool inside) {
    uint perRow = mcWordsPerRow(), rowsY = uint(u_size.y - 1);
    uint cases = !inside ? 0u : c.cellsHere >= 4 ? 0xffffffffu : (1u << (8u * uint(c.cellsHere))) - 1u;
    int slices = write ? c.slices : 0, rows = write ? c.rows : 0;
    for (int s = 0; s < slices; ++s) {
        for (int r = 0; r < rows; ++r) {
            uint word = (uint(c.first.z + s) * rowsY + uint(c.first.y + r)) * perRow + c.q;
            b_cases[word] = cases;
            b_level1[word] = 0u;
        }
    }
}

void main() {
    McColumn c;
    uint column;
    if (!mcColumn(column, c)) return;
    uvec2 range = b_ranges[column];
    bool allIn = range.x >= u_bandKeys.x && range.y <= u_bandKeys.y;
    bool allOut = range.y < u_bandKeys.x || range.x > u_bandKeys.y;
    if (allIn || allOut) {
        // Uniform the same way under the band whose words the buffers hold: its words are already these. At
        // 512^3 most columns lie outside every band, and their per-lane stores were about a third of the count.
        bool keptIn = range.x >= u_keptBand.x && range.y <= u_keptBand.y;
        bool keptOut = range.y < u_keptBand.x || range.x > u_keptBand.y;
        writeUniform(c, u_keptBand.z == 0u || (allIn ? !keptIn : !keptOut), allIn);
        return;
    }
    uint i = atomicAdd(b_columns[MC_COLUMNS_COUNT], 1u);
    b_columns[MC_COLUMNS_LIST + i] = column;
    // The count's groups (MC_LOCAL_SIZE listed columns each) as a grid of rows of u_rowGroups (mcInvocation):
    // the first column of each group adds it to the row's width while the first row fills, and a row per row.
    if ((i & uint(MC_LOCAL_SIZE - 1)) == 0u) {
        uint group = i / uint(MC_LOCAL_SIZE);
        if (group < u_rowGroups) atomicAdd(b_columns[MC_COLUMNS_DISPATCH], 1u);
        if (group % u_rowGroups == 0u) atomicAdd(b_columns[MC_COLUMNS_DISPATCH + 1], 1u);
    }
}
#else
layout(std430, binding = MC_BIND_COLUMNS) readonly buffer McColumns { uint b_columns[]; };
layout(location = MC_LOC_LISTED) uniform uint u_listed;

void main() {
    uint column = mcInvocation();
    if (u_listed != 0u) {
        if (column >= b_columns[MC_COLUMNS_COUNT]) return;
        column = b_columns[MC_COLUMNS_LIST + column];
    }
    McColumn c;
    if (!mcColumnAt(column, c)) return;
    uint perRow = mcWordsPerRow();
    int rowsY = u_size.y - 1;
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
#endif
