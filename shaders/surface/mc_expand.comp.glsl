#version 450
// Marching cubes, pass 4 (engine/surface/mc_expander.h): stream expansion. One invocation per output triangle, its
// first vertex k (dispatched indirectly from the pyramid's top: no count is read back), descends the 4:1 pyramid from the
// top: at each level the first child whose running sum exceeds the rest (the tie rule: children with a sum of
// 0 are never taken), the rest made relative to it, the three running sums compared at once (mcPickChild, no
// branch). At the base word the same test over its 4 cells' counts gives the cell and the rest =
// the vertex's index within the cell's case, whose edge the table gives. So vertex k is the reference's
// vertex k: cells in order, the table's order within a cell (mc_reference.h). Placement, normals and fallback
// follow mc_reference.h to the letter, in float32 (mc_place.glsl, shared with the peers). Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006), the
// traversal; Dyken, Ziegler, Theobalt, Seidel (2008), HistoPyramid marching cubes.
// With HP_XRAY one invocation follows the vertex u_xrayKey and records its descent (hp_xray.h: a step a level,
// the visited entry as the cell's x, its four children's sums, the child taken; then the base word's step, the
// 4 cells' vertex counts, the cell taken, its case and cell index) instead of writing the vertex: the X-ray's path
// is this traversal's own.
#include "mc_place.glsl"

// The levels a node's 4 children a texel (levels and offsets are whole nodes, mcStoredEntries), and the cases 4
// words a texel, read through views (McExpander::bindPyramidViews): llvmpipe gathers an image load's 8 lanes at
// once where a storage-buffer load loops over them (gl/buffer_view.h; the expansion at metaballs:256 43.7-45.2 ->
// 40.3-40.9 ms side by side), and a node's 4 children cost one load either way.
layout(binding = MC_IMAGE_UPPER, rgba32ui) uniform readonly uimageBuffer u_upperNodes;
layout(binding = MC_IMAGE_LEVEL1, rgba32ui) uniform readonly uimageBuffer u_level1Nodes;
layout(binding = MC_IMAGE_CASES, rgba32ui) uniform readonly uimageBuffer u_caseNodes;
layout(std430, binding = MC_BIND_HEADER) readonly buffer McHeader { uint b_header[]; };
layout(location = MC_LOC_LEVELS) uniform uint u_levels; // levels above the base: 1 .. MC_MAX_LEVELS - 1
layout(location = MC_LOC_OFFSETS) uniform uint u_offsets[MC_MAX_LEVELS];

#ifdef HP_XRAY
#include "hp_xray_record.glsl"
layout(location = MC_LOC_XRAY_KEY) uniform uint u_xrayKey;
layout(location = MC_LOC_XRAY_SIZES) uniform uint u_sizes[MC_MAX_LEVELS]; // entries of level l (1 .. levels)

void xrayStep(uint level, uint node, uint rest, uvec4 sums, uint child, uint restDown, uint a, uint b) {
    xrayWriteStep(level, uvec2(node, 0u), rest, sums, child, restDown, uvec2(a, b));
}

// The four children of entry `node` at `level` (>= 2) as the level below holds them (0 past its end).
uvec4 xrayChildren(int level, uint node) {
    uvec4 sums = uvec4(0u);
    for (uint c = 0u; c < 4u; ++c) {
        uint child = node * uint(MC_FAN_IN) + c;
        if (child >= u_sizes[level - 1]) continue;
        uint at = level - 1 >= 2 ? u_offsets[level - 1] + child : child;
        uvec4 node4 = level - 1 >= 2 ? imageLoad(u_upperNodes, int(at / 4u)) : imageLoad(u_level1Nodes, int(at / 4u));
        sums[c] = node4[at & 3u];
    }
    return sums;
}
#endif

void main() {
#ifdef HP_XRAY
    if (gl_GlobalInvocationID.x != 0u) return; // one traversal
    uint k = u_xrayKey;
#else
    // One invocation a TRIANGLE: its 3 vertices are consecutive in one cell (every cell's and so every level's
    // count is a multiple of 3), so one descent finds the cell for all three. A descent a vertex cost two thirds of
    // the expansion (llvmpipe, metaballs:256: 54 of 84 ms with the placement left out).
    uint k = 3u * mcInvocation();
    if (k >= b_header[MC_HEADER_DRAW]) return; // the draw count: whole triangles within the capacity
#endif

    // The descent: from the top (one entry) down to level 1; `node` is the entry at the current level.
    uint rest = k, node = 0u;
    for (int level = int(u_levels); level >= 3; --level) { // children in the upper buffer
        uint first = u_offsets[level - 1];
#ifdef HP_XRAY
        uint parent = node, restAt = rest;
#endif
        node *= uint(MC_FAN_IN);
        uvec4 children = imageLoad(u_upperNodes, int((first + node) / 4u));
        node += mcPickChild(children.x, children.y, children.z, rest);
#ifdef HP_XRAY
        xrayStep(uint(level), parent, restAt, xrayChildren(level, parent), node - parent * uint(MC_FAN_IN), rest, 0u,
                 0u);
#endif
    }
    if (u_levels >= 2u) { // children in level 1's own buffer
#ifdef HP_XRAY
        uint parent = node, restAt = rest;
#endif
        node *= uint(MC_FAN_IN);
        uvec4 children = imageLoad(u_level1Nodes, int(node / 4u));
        node += mcPickChild(children.x, children.y, children.z, rest);
#ifdef HP_XRAY
        xrayStep(2u, parent, restAt, xrayChildren(2, parent), node - parent * uint(MC_FAN_IN), rest, 0u, 0u);
#endif
    }
    // The base word `node`: its 4 cells' cases, the same test over their counts.
    uint cases = imageLoad(u_caseNodes, int(node / 4u))[node & 3u];
#ifdef HP_XRAY
    uint restAt = rest;
    uvec4 counts = uvec4(mcCount(cases & 0xffu), mcCount((cases >> 8u) & 0xffu), mcCount((cases >> 16u) & 0xffu),
                         mcCount(cases >> 24u));
#endif
    uint mcCase;
    uint j = mcPickCell(cases, rest, mcCase);
#ifdef HP_XRAY
    uint cell = mcCellIndex(mcWordCell(node) + ivec3(j, 0, 0));
    xrayStep(1u, node, restAt, counts, j, rest, mcCase, cell);
    xrayClose(uvec2(cell, rest));
#else
    ivec3 cell = mcWordCell(node) + ivec3(j, 0, 0);
    uvec2 entry = mcEntry(mcCase); // the three edges from one load
    for (uint v = 0u; v < 3u; ++v) // rest is a multiple of 3: the triangle's first vertex in the cell
        mcWriteVertexOf(k + v, cell, mcCase, entry, rest + v);
#endif
}
