// The grid-edge weld's passes (engine/surface/grid_edge_weld.h): the list as input, and where the first use of
// a list vertex's grid edge lies. The list is in the reference's order (cells in linear order, the table's order
// within a cell), so the first use is in the lowest cell sharing the edge, at that case's first vertex on it.
#include "entry_blocks.glsl"
#include "mc_common.glsl"
#include "mc_table.glsl"
#include "mc_vertex.h"

ENTRY_BLOCKS_DECLARE(MC_BIND_VERTICES, readonly, uvec4, McList, b_list)
ENTRY_BLOCKS_LOAD(uvec4, mcListVertex, b_list)

layout(location = MC_LOC_WELD_CELLS) uniform ivec3 u_cells;
layout(location = MC_LOC_WELD_LIST) uniform uint u_listVertices;
layout(location = MC_LOC_WELD_SHIFT) uniform uint u_startShift;

uint mcIdCase(uvec4 v) {
    return v.y & 0xffu;
}
uint mcIdVertexInCell(uvec4 v) {
    return (v.y >> uint(MC_ID_INDEX_SHIFT)) & 15u;
}

// The case's first vertex on `edge` (15: none), without a loop: the table's nibbles XOR the edge repeated are 0
// where they name it, and (x - 0x1...1) & ~x & 0x8...8 marks a zero nibble by its top bit — exactly at the lowest
// zero nibble (a borrow only runs upward from one), which is all that is asked. Unused nibbles are 0xF, above
// every edge; w1's top nibble (the count) is masked out.
uint mcFirstOnEdge(uint mcCase, uint edge) {
    uvec2 w = mcEntry(mcCase);
    uint repeated = edge * 0x11111111u;
    uint x0 = w.x ^ repeated;
    uint z0 = (x0 - 0x11111111u) & ~x0 & 0x88888888u;
    uint x1 = w.y ^ repeated;
    uint z1 = (x1 - 0x11111111u) & ~x1 & 0x08888888u;
    if (z0 != 0u) return uint(findLSB(z0)) >> 2u;
    return z1 != 0u ? 8u + (uint(findLSB(z1)) >> 2u) : 15u;
}

// The lowest cell sharing the grid edge of (cell, edge), and the edge's number there: on each of the edge's
// other two axes one step down where the edge's lower sample is not on the volume's lower face (the edge then lies
// on that cell's upper side: bit 1), else the same cell (bit 0); along the edge's axis the same cell.
uint mcEdgeOwner(uint cell, uint edge, out uint ownerEdge) {
    ivec3 lower = mcEdgeLower(cell, edge, u_cells);
    int axis = int(edge >> 2u);
    ivec3 owner = max(lower - ivec3(1), ivec3(0));
    owner[axis] = lower[axis];
    ivec3 upper = min(lower, ivec3(1)); // 1: the edge on the owner's upper side along that axis
    int u = axis == 0 ? 1 : 0;          // the other two axes in increasing order (mc_table.h, NUMBERING)
    int v = axis == 2 ? 1 : 2;
    ownerEdge = (edge & 12u) | uint(upper[u]) | (uint(upper[v]) << 1u);
    return (uint(owner.z) * uint(u_cells.y) + uint(owner.y)) * uint(u_cells.x) + uint(owner.x);
}
