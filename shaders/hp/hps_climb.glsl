// hp_sparse's climb (hps_shared.h): the number of points listed before a quadrant of a used slot (16x16 texels,
// the pyramid's unstored level 1), i.e. the list index of its first point. Read bottom-up: at every stored level,
// the sums of the siblings before the quadrant's ancestor (the HistoPyramid's prefix sum; Dyken, Ziegler,
// Theobalt, Seidel 2008 read the same sums top-down). Shared by the list (hps_list.comp.glsl: where a quadrant's
// points go) and the rank (hps_rank.glsl: the index of one texel), so both give every point the same index.
// The including file defines, before including this one, how it reads the pyramid:
//   uvec4 hpsNode(int level, uint node): node `node` of stored level `level` (its four children's sums);
//   int hpsTopLevel(): the pyramid's top level L (hp_sparse's levels(), known on the CPU).
#pragma once

// The sum of the children of `sums` before child `child` (0..3).
uint hpsBefore(uvec4 sums, uint child) {
    return (child > 0u ? sums.x : 0u) + (child > 1u ? sums.y : 0u) + (child > 2u ? sums.z : 0u);
}

// The index of the first point of quadrant `quadrant` (= 4 slot + its place in the slot): the sums of
// everything before it, level by level from its slot's node up to the top.
uint hpsFirstIndex(uint quadrant) {
    uint node = quadrant >> 2, first = 0u;
    first += hpsBefore(hpsNode(HPS_FIRST_STORED_LEVEL, node), quadrant & 3u);
    int top = hpsTopLevel();
    for (int level = HPS_FIRST_STORED_LEVEL + 1; level <= top; ++level) {
        uint child = node & 3u;
        node >>= 2;
        first += hpsBefore(hpsNode(level, node), child);
    }
    return first;
}
