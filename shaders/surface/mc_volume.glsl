// The volume side of the marching-cubes passes (mc_count.comp.glsl, mc_expand.comp.glsl): samples read
// through the discriminator's exact keys (discriminate_values.glsl: the 3D texture in the type's own format,
// one program per value kind), the band test on keys (so a corner is inside exactly when the CPU's inBand
// says so; NaN never is), the packed case table (mc_table.h) and the cell numbering (x fastest, then y, then
// z).
#include "discriminate_values.glsl"
#include "mc_common.glsl"

layout(location = MC_LOC_BAND_KEYS) uniform uvec2 u_bandKeys; // inclusive; lo > hi: an empty band
layout(location = MC_LOC_WORDS) uniform uint u_words; // base words: rows x words per row
#include "mc_table.glsl"

bool mcInBand(uint key) {
    return key >= u_bandKeys.x && key <= u_bandKeys.y; // never for NaN: its key lies outside every band
}

// Finite values (not NaN, not +-inf), by key: every integer value is.
bool mcFiniteKey(uint key) {
#if defined(DISC_VALUES_INT) || defined(DISC_VALUES_UINT)
    return true;
#else
    return key > VOL_KEY_MINUS_INF && key < VOL_KEY_PLUS_INF;
#endif
}

// A sample's key and value from ONE fetch: the value as a float (exact for 8- and 16-bit integers and
// float32; 32-bit integers beyond 2^24 round, mc_reference.h's TOLERANCE).
struct McSample {
    uint key;
    float value;
};
McSample mcSample(ivec3 s) {
#if defined(DISC_VALUES_INT)
    int v = discValue(s);
    return McSample(volSignedKey(v), float(v));
#elif defined(DISC_VALUES_UINT)
    uint v = discValue(s);
    return McSample(v, float(v));
#else
    uint bits = floatBitsToUint(discValue(s));
    // A subnormal value is 0 for placement and normals (mc_reference.h, SUBNORMALS): flushed here on every
    // driver, as some do anyway; its key stays exact.
    float v = (bits & 0x7f800000u) == 0u ? 0.0 : uintBitsToFloat(bits);
    return McSample(volFloatKey(bits), v);
#endif
}

// THE BASE'S WORDS are row-aligned: a row of cells (fixed y, z) takes ceil((X-1) / 4) words, word q of a
// row holding cells x = 4q .. 4q + 3 (those past X-1: case 0), so the 4 cells of a word share 20 corners
// and the pyramid's order over words is still the reference's cell order (x fastest, then y, then z).
uint mcWordsPerRow() {
    return uint(u_size.x + 2) / 4u; // ceil((X - 1) / 4)
}
// Base word w's first cell (its lowest sample); cells 4q + j of the word are at x + j.
ivec3 mcWordCell(uint w) {
    uint perRow = mcWordsPerRow(), row = w / perRow, rowsY = uint(u_size.y - 1);
    return ivec3(4u * (w - row * perRow), row % rowsY, row / rowsY);
}
// The linear index of cell (x, y, z), x fastest.
uint mcCellIndex(ivec3 cell) {
    return (uint(cell.z) * uint(u_size.y - 1) + uint(cell.y)) * uint(u_size.x - 1) + uint(cell.x);
}

// The band bits of the cellsHere + 1 samples of a row of a word from `first` (bit x: sample first + (x, 0, 0)).
uint mcRowBits(ivec3 first, int cellsHere) {
    uint bits = 0u;
    for (int x = 0; x <= cellsHere; ++x)
        if (mcInBand(discKey(first + ivec3(x, 0, 0)))) bits |= 1u << uint(x);
    return bits;
}

// THE COUNT'S COLUMNS (mc_count.comp.glsl, mc_column_range.comp.glsl): column `column` is word place q of its
// rows, MC_COUNT_ROWS rows from first.y, MC_COUNT_SLICES slices from first.z; those at the volume's end fewer.
struct McColumn {
    uint q;      // the word place in its rows
    ivec3 first; // its first cell
    int cellsHere, rows, slices;
};
// The column at word place q of strip `strip` and stack `stack`; false past the volume's columns (or without cells).
bool mcColumnFill(uint q, uint strip, uint stack, out McColumn c) {
    int rowsY = u_size.y - 1, slicesZ = u_size.z - 1;
    uint strips = uint(rowsY + MC_COUNT_ROWS - 1) / uint(MC_COUNT_ROWS);
    uint stacks = uint(slicesZ + MC_COUNT_SLICES - 1) / uint(MC_COUNT_SLICES);
    c.q = q;
    c.first = ivec3(0);
    c.cellsHere = c.rows = c.slices = 0;
    if (rowsY <= 0 || slicesZ <= 0 || q >= mcWordsPerRow() || strip >= strips || stack >= stacks) return false;
    c.first = ivec3(4u * q, strip * uint(MC_COUNT_ROWS), stack * uint(MC_COUNT_SLICES));
    c.cellsHere = min(4, u_size.x - 1 - c.first.x);
    c.rows = min(MC_COUNT_ROWS, rowsY - c.first.y);
    c.slices = min(MC_COUNT_SLICES, slicesZ - c.first.z);
    return true;
}

// This invocation's column, `column` its linear index (word place fastest, then strips of rows, then stacks of
// slices); false past the last column (or without cells). Invocations come in octets (llvmpipe's SIMD width:
// its 8 lanes run one branch's both sides) of 2 x 2 x 2 neighbouring columns, so a column whose corners all lie on
// one side of the band (mc_count.comp.glsl's classification) more often has neighbours in its octet that do too,
// and the listed ones stay near each other. The grid is 3D (McMethod::dispatchColumns): a group is 8 octets along
// the rows, group y a pair of strips, group z a pair of stacks, so no invocation divides (llvmpipe divides lane by
// lane; the count at metaballs:256 20.6-23.4 -> 19.5-20.4 ms side by side).
bool mcColumn(out uint column, out McColumn c) {
    uint perRow = mcWordsPerRow();
    uint strips = uint(u_size.y - 1 + MC_COUNT_ROWS - 1) / uint(MC_COUNT_ROWS);
    uint lane = gl_LocalInvocationID.x & 7u;
    uint q = 2u * (gl_WorkGroupID.x * uint(MC_LOCAL_SIZE / 8) + (gl_LocalInvocationID.x >> 3u)) + (lane & 1u);
    uint strip = 2u * gl_WorkGroupID.y + ((lane >> 1u) & 1u), stack = 2u * gl_WorkGroupID.z + (lane >> 2u);
    column = (stack * strips + strip) * perRow + q;
    return mcColumnFill(q, strip, stack, c);
}
// Column `column` by its linear index (a listed one, mc_count.comp.glsl): the same column mcColumn numbers so.
bool mcColumnAt(uint column, out McColumn c) {
    uint perRow = max(mcWordsPerRow(), 1u);
    uint strips = max(uint(u_size.y - 1 + MC_COUNT_ROWS - 1) / uint(MC_COUNT_ROWS), 1u);
    uint row = column / perRow, stack = row / strips;
    return mcColumnFill(column - row * perRow, row - stack * strips, stack, c);
}
// A word's 4 cases (byte j = cell j of the word; cells past the row's end: case 0, count 0) and the sum of their
// vertex counts (0..60) from the band bits of its 5 x 2 x 2 corners, bit x + 5 (y + 2 z).
uint mcCasesOfCorners(uint inside, int cellsHere, out uint sum) {
    uint cases = 0u;
    sum = 0u;
    for (int j = 0; j < cellsHere; ++j) {
        uint corners = inside >> uint(j);
        // corner i = (i & 1, i >> 1 & 1, i >> 2 & 1): bits 0, 1, 5, 6, 10, 11, 15, 16 of `corners`
        uint mcCase =
            (corners & 3u) | (corners >> 3 & 0xcu) | (corners >> 6 & 0x30u) | (corners >> 9 & 0xc0u);
        cases |= mcCase << (8u * uint(j));
        sum += mcCount(mcCase);
    }
    return cases;
}

// Base word w's cases and count sum, reading its 5 x 2 x 2 corners once (a row's last word fewer).
uint mcWordCases(uint word, out uint sum) {
    ivec3 first = mcWordCell(word);
    int cellsHere = min(4, u_size.x - 1 - first.x);
    uint inside = mcRowBits(first, cellsHere) | mcRowBits(first + ivec3(0, 1, 0), cellsHere) << 5u |
                  mcRowBits(first + ivec3(0, 0, 1), cellsHere) << 10u |
                  mcRowBits(first + ivec3(0, 1, 1), cellsHere) << 15u;
    return mcCasesOfCorners(inside, cellsHere, sum);
}

