#version 450
// The grid-edge weld, pass 3 (engine/surface/grid_edge_weld.h), after the scan of pass 1's flags: one invocation
// a list vertex k finds its grid edge's first use p and writes p's welded index, scan(p) - 1; the first use
// itself also writes its vertex there. p in k's own cell: k's cell starts at k - vertex-in-cell. In a lower cell:
// from that cell's group's start, over the cells before it by their cases' vertex counts (fewer than 2^shift
// steps; the owner has vertices on the edge, so its group has a start). A list that breaks the order (no owner
// found) writes 0xffffffff, which the CPU's check of the indices names.
#include "mc_weld.glsl"

layout(std430, binding = MC_BIND_WELD_STARTS) readonly buffer WeldStarts { uint b_starts[]; };
layout(std430, binding = MC_BIND_WELD_SCAN) readonly buffer WeldScan { uint b_scan[]; };
layout(std430, binding = MC_BIND_WELD_INDICES) writeonly buffer WeldIndices { uint b_indices[]; };
layout(std430, binding = MC_BIND_WELD_VERTICES) writeonly buffer WeldVertices { uvec4 b_welded[]; };

void main() {
    uint k = mcInvocation();
    if (k >= u_listVertices) return;
    uvec4 v = mcListVertex(k);
    uint ownerEdge;
    uint owner = mcEdgeOwner(v.x, mcVertexEdge(v), ownerEdge);
    uint p;
    if (owner == v.x) {
        p = k - mcIdVertexInCell(v) + mcFirstOnEdge(mcIdCase(v), ownerEdge);
    } else {
        p = b_starts[owner >> u_startShift];
        uvec4 w = mcListVertex(p);
        for (uint step = 1u; w.x < owner && step < (1u << u_startShift); ++step) {
            p += mcCount(mcIdCase(w));
            w = p < u_listVertices ? mcListVertex(p) : uvec4(0xffffffffu);
        }
        p = w.x == owner ? p + mcFirstOnEdge(mcIdCase(w), ownerEdge) : 0xffffffffu;
    }
    uint index = p < u_listVertices ? b_scan[p] - 1u : 0xffffffffu;
    b_indices[k] = index;
    if (p == k) b_welded[index] = v;
}
