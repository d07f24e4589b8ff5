#version 450
// Marching cubes, pass 4 (engine/surface/mc_expander.h): stream expansion. One invocation per output vertex k
// (dispatched indirectly from the pyramid's top: no count is read back) descends the 4:1 pyramid from the
// top: at each level, "is the rest below child c's sum? then go there, else subtract it and try the next
// child"; children with a sum of 0 are skipped by that test (the tie rule: the first child whose running sum
// exceeds the rest). At the base word the same test over its 4 cells' counts gives the cell and the rest =
// the vertex's index within the cell's case, whose edge the table gives. So vertex k is the reference's
// vertex k: cells in order, the table's order within a cell (mc_reference.h). Placement, normals and fallback
// follow mc_reference.h to the letter, in float32 (mc_place.glsl, shared with the peers). Based on: Ziegler et al., TR MPI-I-2006-4-002 (2006), the
// traversal; Dyken, Ziegler, Theobalt, Seidel (2008), HistoPyramid marching cubes.
#include "mc_place.glsl"

layout(std430, binding = MC_BIND_CASES) readonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McLevel1 { uint b_level1[]; };
layout(std430, binding = MC_BIND_UPPER) readonly buffer McUpper { uint b_upper[]; };
layout(std430, binding = MC_BIND_HEADER) readonly buffer McHeader { uint b_header[]; };
layout(location = MC_LOC_LEVELS) uniform uint u_levels; // levels above the base: 1 .. MC_MAX_LEVELS - 1
layout(location = MC_LOC_OFFSETS) uniform uint u_offsets[MC_MAX_LEVELS];

void main() {
    uint k = mcInvocation();
    if (k >= b_header[MC_HEADER_DRAW]) return;

    // The descent: from the top (one entry) down to level 1; `node` is the entry at the current level.
    uint rest = k, node = 0u;
    for (int level = int(u_levels); level >= 3; --level) { // children in the upper buffer
        uint first = u_offsets[level - 1];
        node *= uint(MC_FAN_IN);
        for (uint c = 1u; c < uint(MC_FAN_IN); ++c) { // the last child needs no test: the rest falls in it
            uint sum = b_upper[first + node];
            if (rest < sum) break;
            rest -= sum;
            node += 1u;
        }
    }
    if (u_levels >= 2u) { // children in level 1's own buffer
        node *= uint(MC_FAN_IN);
        for (uint c = 1u; c < uint(MC_FAN_IN); ++c) {
            uint sum = b_level1[node];
            if (rest < sum) break;
            rest -= sum;
            node += 1u;
        }
    }
    // The base word `node`: its 4 cells' cases, the same test over their counts.
    uint cases = b_cases[node];
    uint j = 0u, mcCase = cases & 0xffu;
    for (; j < 3u; ++j) {
        uint count = mcCount(mcCase);
        if (rest < count) break;
        rest -= count;
        mcCase = (cases >> (8u * (j + 1u))) & 0xffu;
    }
    mcWriteVertex(k, mcWordCell(node) + ivec3(j, 0, 0), mcCase, rest);
}
