#version 450
// hp_sparse build (hps_shared.h): a 1D 4:1 HistoPyramid over the sparse occupancy's masks in slot order, five
// levels per dispatch, dispatched indirectly from the used slots, so its work follows the marked bricks.
//  - HPS_BUILD_ARGS: one invocation turns the used slots into the dispatches' arguments (at least one group
//    each, so the top is written) and the list's (one invocation per quadrant; none for an empty frame).
//  - otherwise (HPS_START_LEVEL s): an invocation sums 16 items of level s (s = 0: the pool's 64-bit masks,
//    else the totals of level-s nodes) into four level-(s+1) nodes and one level-(s+2) node in registers, then
//    the group of 64 halves its totals to levels s+3 .. s+5 through shared memory. Items past the frame's used
//    ones count 0 (the pool and the levels past them hold older frames' data). The single node of the top
//    level L hands its total to the counters ([0], and [HP_COUNT_INCOMPLETE] from the structure's overflow flag)
//    and the list's indirect arguments.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006) (HistoPyramid, vec4 layout); Dyken,
// Ziegler, Theobalt, Seidel (2008) (several levels per pass, 1D 4:1 layout for stream expansion).
#include "hps_shared.h"

layout(std430, binding = SPARSE_BIND_INDEX) restrict readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = HPS_BIND_BUILD_ARGS) restrict buffer HpsArgs { uint b_buildArgs[]; };
layout(location = HP_LOC_LEVELS) uniform int u_levels;

// Items (masks, or nodes) of `level` this frame: 16 masks a used slot, a quarter of that per level up.
uint hpsItems(int level) {
    uint masks = b_index[SPARSE_USED] * 16u;
    uint shift = 2u * uint(level);
    if (shift >= 32u) return masks == 0u ? 0u : 1u;
    return (masks + ((1u << shift) - 1u)) >> shift;
}

#if defined(HPS_BUILD_ARGS)
layout(local_size_x = 1) in;
layout(location = HPS_LOC_DISPATCHES) uniform int u_dispatches;
void main() {
    for (int d = 0; d < u_dispatches; ++d) {
        uint invocations = (hpsItems(d * HPS_LEVELS_PER_DISPATCH) + HPS_ITEMS_PER_INVOCATION - 1u) /
                           HPS_ITEMS_PER_INVOCATION;
        uint groups = max((invocations + HPS_LOCAL_SIZE - 1u) / HPS_LOCAL_SIZE, 1u);
        uint x = min(groups, SPARSE_MAX_GROUPS);
        b_buildArgs[3 * d] = x;
        b_buildArgs[3 * d + 1] = (groups + x - 1u) / x;
        b_buildArgs[3 * d + 2] = 1u;
    }
    // The list (hps_list.comp.glsl): one invocation per quadrant of a used slot, 0 groups for an empty frame.
    uint groups = (b_index[SPARSE_USED] * 4u + HP_LIST_LOCAL_SIZE - 1u) / HP_LIST_LOCAL_SIZE;
    uint x = min(groups, SPARSE_MAX_GROUPS);
    b_buildArgs[HPS_LIST_ARGS] = x;
    b_buildArgs[HPS_LIST_ARGS + 1] = x == 0u ? 0u : (groups + x - 1u) / x;
    b_buildArgs[HPS_LIST_ARGS + 2] = 1u;
}
#else
layout(local_size_x = HPS_LOCAL_SIZE) in;
layout(std430, binding = SPARSE_BIND_POOL) restrict readonly buffer SparsePool { uint b_pool[]; };
layout(std430, binding = HPS_BIND_LEVELS) restrict buffer HpsLevels { uvec4 b_levels[]; };
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };
layout(std430, binding = HP_BIND_ARGS) writeonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;
layout(location = HPS_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPS_MAX_LEVELS + 1];
#include "hp_args.glsl"

shared uint s_sums[HPS_LOCAL_SIZE];

// Item i of the start level: a mask's popcount, or a node's total (0 past this frame's items).
uint hpsItem(uint i) {
    if (i >= hpsItems(HPS_START_LEVEL)) return 0u;
#if HPS_START_LEVEL == 0
    return uint(bitCount(b_pool[2u * i]) + bitCount(b_pool[2u * i + 1u]));
#else
    uvec4 v = b_levels[uint(u_levelOffset[HPS_START_LEVEL]) + i];
    return v.x + v.y + v.z + v.w;
#endif
}

// Stores node `node` of `level` (its children's sums) where the level is stored and the node holds this frame's
// items (node 0 always: the top of an empty frame is 0); the top also writes the count and the list arguments.
void hpsStore(int level, uint node, uvec4 children) {
    if (level < HPS_FIRST_STORED_LEVEL || level > u_levels) return;
    if (node >= max(hpsItems(level), 1u)) return;
    // min(): as in hpc_build.comp.glsl, NVIDIA refuses the last dispatch's constant levels past HPS_MAX_LEVELS.
    b_levels[uint(u_levelOffset[min(level, HPS_MAX_LEVELS)]) + node] = children;
    if (level == u_levels) {
        uint total = children.x + children.y + children.z + children.w;
        u_counters[0] = total;
        u_counters[HP_COUNT_INCOMPLETE] = b_index[SPARSE_OVERFLOW];
        if (u_capacity > 0u) hpWriteArgs(total, u_capacity);
    }
}

void main() {
    uint t = gl_LocalInvocationID.x;
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; // 2D past 65535 groups
    uint invocation = group * HPS_LOCAL_SIZE + t;
    // Registers: 16 items -> four nodes of level s+1 -> one node of level s+2.
    uvec4 quads = uvec4(0u);
    for (uint q = 0u; q < 4u; ++q) {
        uint first = invocation * 16u + 4u * q;
        uvec4 c = uvec4(hpsItem(first), hpsItem(first + 1u), hpsItem(first + 2u), hpsItem(first + 3u));
        hpsStore(HPS_START_LEVEL + 1, invocation * 4u + q, c);
        quads[q] = c.x + c.y + c.z + c.w;
    }
    hpsStore(HPS_START_LEVEL + 2, invocation, quads);
    s_sums[t] = quads.x + quads.y + quads.z + quads.w;
    // Shared memory: the first n invocations each reduce four totals of the level below, n quartering.
    uint n = HPS_LOCAL_SIZE / 4u;
    for (int j = 3; j <= HPS_LEVELS_PER_DISPATCH; ++j, n /= 4u) {
        if (HPS_START_LEVEL + j > u_levels) break; // uniform: every invocation leaves together
        barrier(); // the level below is complete in s_sums
        bool mine = t < n;
        uvec4 c = uvec4(0u);
        if (mine) c = uvec4(s_sums[4u * t], s_sums[4u * t + 1u], s_sums[4u * t + 2u], s_sums[4u * t + 3u]);
        barrier(); // every read of this level's inputs is done before they are overwritten
        if (mine) {
            hpsStore(HPS_START_LEVEL + j, group * n + t, c);
            s_sums[t] = c.x + c.y + c.z + c.w;
        }
    }
}
#endif
