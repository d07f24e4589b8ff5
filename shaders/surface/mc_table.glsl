// The packed case table (mc_table.h) and its two questions: a case's vertex count and a vertex's edge.
#include "mc_shared.h"

layout(std430, binding = MC_BIND_TABLE) readonly buffer McTable { uvec2 b_table[]; };

// mc_table.h, THE PACKED FORM: nibble 15 is the count, nibble j < count the edge of vertex j.
uint mcCount(uint mcCase) {
    return b_table[mcCase].y >> 28;
}
// A case's whole entry, one load for every vertex of a triangle (its three edges from the same registers).
uvec2 mcEntry(uint mcCase) {
    return b_table[mcCase];
}
uint mcEntryEdge(uvec2 entry, uint vertex) {
    uint word = vertex < 8u ? entry.x : entry.y;
    return (word >> (4u * (vertex & 7u))) & 0xfu;
}
uint mcEdge(uint mcCase, uint vertex) {
    return mcEntryEdge(mcEntry(mcCase), vertex);
}
