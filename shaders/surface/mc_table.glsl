// The packed case table (mc_table.h) and its two questions: a case's vertex count and a vertex's edge.
#include "mc_shared.h"

// Read through its view (McTableGpu): an image load, which llvmpipe gathers for 8 lanes at once, where a
// storage-buffer load loops over them (gl/buffer_view.h); noise:256's count 41-45 -> 38-40 ms side by side.
layout(binding = MC_IMAGE_TABLE, rg32ui) uniform readonly uimageBuffer u_table;

// mc_table.h, THE PACKED FORM: nibble 15 is the count, nibble j < count the edge of vertex j.
uint mcCount(uint mcCase) {
    return imageLoad(u_table, int(mcCase)).y >> 28;
}
// A case's whole entry, one load for every vertex of a triangle (its three edges from the same registers).
uvec2 mcEntry(uint mcCase) {
    return imageLoad(u_table, int(mcCase)).xy;
}
uint mcEntryEdge(uvec2 entry, uint vertex) {
    uint word = vertex < 8u ? entry.x : entry.y;
    return (word >> (4u * (vertex & 7u))) & 0xfu;
}
uint mcEdge(uint mcCase, uint vertex) {
    return mcEntryEdge(mcEntry(mcCase), vertex);
}
