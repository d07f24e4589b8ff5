// The volume side of the marching-cubes passes (mc_count.comp.glsl, mc_expand.comp.glsl): samples read
// through the discriminator's exact keys (discriminate_values.glsl: the 3D texture in the type's own format,
// one program per value kind), the band test on keys (so a corner is inside exactly when the CPU's inBand
// says so; NaN never is), the packed case table (mc_table.h) and the cell numbering (x fastest, then y, then
// z).
#include "discriminate_values.glsl"
#include "mc_common.glsl"

layout(location = MC_LOC_BAND_KEYS) uniform uvec2 u_bandKeys; // inclusive; lo > hi: an empty band
layout(location = MC_LOC_CELLS) uniform uint u_cells;
layout(std430, binding = MC_BIND_TABLE) readonly buffer McTable { uvec2 b_table[]; };

// mc_table.h, THE PACKED FORM: nibble 15 is the count, nibble j < count the edge of vertex j.
uint mcCount(uint mcCase) {
    return b_table[mcCase].y >> 28;
}
uint mcEdge(uint mcCase, uint vertex) {
    uint word = vertex < 8u ? b_table[mcCase].x : b_table[mcCase].y;
    return (word >> (4u * (vertex & 7u))) & 0xfu;
}

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

// The sample's value as a float (exact for 8- and 16-bit integers and float32; 32-bit integers beyond 2^24
// round, mc_reference.h's TOLERANCE).
float mcValue(ivec3 s) {
#if defined(DISC_VALUES_INT) || defined(DISC_VALUES_UINT)
    return float(texelFetch(u_volume, s, 0).r);
#else
    return texelFetch(u_volume, s, 0).r;
#endif
}

// Cell c (x fastest) as its lowest sample.
ivec3 mcCellOf(uint c) {
    uvec3 cells = uvec3(u_size - 1);
    return ivec3(c % cells.x, (c / cells.x) % cells.y, c / (cells.x * cells.y));
}

// Corner i of a cell: bit a of i is the offset along axis a (mc_table.h, NUMBERING).
ivec3 mcCorner(int i) {
    return ivec3(i & 1, (i >> 1) & 1, (i >> 2) & 1);
}

uint mcCaseOf(ivec3 cell) {
    uint mcCase = 0u;
    for (int i = 0; i < 8; ++i)
        if (mcInBand(discKey(cell + mcCorner(i)))) mcCase |= 1u << uint(i);
    return mcCase;
}
