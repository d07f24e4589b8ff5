// hp_sparse's climb (hps_shared.h): the number of points listed before a quadrant of a used slot (16x16 texels,
// the pyramid's unstored level 1), i.e. the list index of its first point. Read bottom-up: at every stored level,
// the sums of the siblings before the quadrant's ancestor (the HistoPyramid's prefix sum; Dyken, Ziegler,
// Theobalt, Seidel 2008 read the same sums top-down). Shared by the list (hps_list.comp.glsl: where a quadrant's
// points go) and the rank (hps_rank.glsl: the index of one texel), so both give every point the same index.
// The climb declares what it reads: the levels (HPS_BIND_LEVELS) and two uniforms, the top level L (hp_sparse's
// levels(), known on the CPU) and the levels' node offsets. Their locations differ by program (the rank's must
// not meet those of the foreign program it is linked into), so the including file defines, before including
// this one, HPS_CLIMB_LOC_TOP and HPS_CLIMB_LOC_OFFSETS.
#pragma once

layout(std430, binding = HPS_BIND_LEVELS) restrict readonly buffer HpsLevels { uvec4 b_hpsLevels[]; };
layout(location = HPS_CLIMB_LOC_TOP) uniform int u_hpsTop;
layout(location = HPS_CLIMB_LOC_OFFSETS) uniform int u_hpsLevelOffset[HPS_MAX_LEVELS + 1];

// Node `node` of stored level `level` (its four children's sums). min(): NVIDIA refuses constant indices past
// the array even where the loop cannot reach them.
uvec4 hpsNode(int level, uint node) {
    return b_hpsLevels[uint(u_hpsLevelOffset[min(level, HPS_MAX_LEVELS)]) + node];
}

// The sum of the children of `sums` before child `child` (0..3).
uint hpsBefore(uvec4 sums, uint child) {
    return (child > 0u ? sums.x : 0u) + (child > 1u ? sums.y : 0u) + (child > 2u ? sums.z : 0u);
}

#ifdef HPS_CLIMB_RECORD
// The climb's record (the X-ray: hps_list.comp.glsl with HP_XRAY): per stored level, the node it read, that node's
// four children's sums and which of them the quadrant's ancestor is.
uint g_climbNode[HPS_MAX_LEVELS + 1];
uvec4 g_climbSums[HPS_MAX_LEVELS + 1];
uint g_climbChild[HPS_MAX_LEVELS + 1];
void hpsClimbRecord(int level, uint node, uvec4 sums, uint child) {
    int l = min(level, HPS_MAX_LEVELS);
    g_climbNode[l] = node;
    g_climbSums[l] = sums;
    g_climbChild[l] = child;
}
#endif

// The index of the first point of quadrant `quadrant` (= 4 slot + its place in the slot): the sums of
// everything before it, level by level from its slot's node up to the top.
uint hpsFirstIndex(uint quadrant) {
    uint node = quadrant >> 2, first = 0u;
    uvec4 sums = hpsNode(HPS_FIRST_STORED_LEVEL, node);
    first += hpsBefore(sums, quadrant & 3u);
#ifdef HPS_CLIMB_RECORD
    hpsClimbRecord(HPS_FIRST_STORED_LEVEL, node, sums, quadrant & 3u);
#endif
    for (int level = HPS_FIRST_STORED_LEVEL + 1; level <= u_hpsTop; ++level) {
        uint child = node & 3u;
        node >>= 2;
        sums = hpsNode(level, node);
        first += hpsBefore(sums, child);
#ifdef HPS_CLIMB_RECORD
        hpsClimbRecord(level, node, sums, child);
#endif
    }
    return first;
}
