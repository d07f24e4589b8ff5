#version 450
// The grid-edge weld, pass 1 (engine/surface/grid_edge_weld.h): one invocation a list vertex k writes 1 into the
// scan's level 0 when k is its grid edge's first use (its cell is the edge's lowest and k the case's first vertex
// on the edge), else 0; and, when k's predecessor lies in an earlier group of 2^shift cells, k as its group's
// start (the list is in cell order: exactly one vertex a group that holds any does).
#include "mc_weld.glsl"

layout(std430, binding = MC_BIND_WELD_STARTS) writeonly buffer WeldStarts { uint b_starts[]; };
layout(std430, binding = MC_BIND_WELD_SCAN) writeonly buffer WeldScan { uint b_scan[]; };

void main() {
    uint k = mcInvocation();
    if (k >= u_listVertices) return;
    uvec4 v = mcListVertex(k);
    uint group = v.x >> u_startShift;
    if (k == 0u || (mcListVertex(k - 1u).x >> u_startShift) != group) b_starts[group] = k;
    uint edge = mcVertexEdge(v), ownerEdge;
    bool first = mcEdgeOwner(v.x, edge, ownerEdge) == v.x && mcFirstOnEdge(mcIdCase(v), edge) == mcIdVertexInCell(v);
    b_scan[k] = first ? 1u : 0u;
}
