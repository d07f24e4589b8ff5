#version 450
// HP5 build (engine/hp/hp5_pyramid.h): one level. Node i sums elements 5i .. 5i + 4 of the level below (those past
// its size count 0): their running sums of the first four as the node, all five as its total. The level below is
// the base (its counts, or with HP5_BASE_WORDS the popcounts of its 32-cell occupancy words) or the totals of the
// previous level. One invocation a node: it reads 20 bytes and writes 8 (level 1: the sums packed as bytes) or 20.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), the HistoPyramid; the 5:1 fan-in with
// four running sums a node after Dyken's HP5 (ComputeStuff, 2016-2020).
#include "hp5_groups.glsl"

layout(local_size_x = HP5_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) readonly buffer Hp5Base { uint b_base[]; };
layout(std430, binding = HP5_BIND_NODES) writeonly buffer Hp5Nodes { uvec4 b_nodes[]; };
layout(std430, binding = HP5_BIND_TOTALS) buffer Hp5Totals { uint b_totals[]; };
layout(std430, binding = HP5_BIND_LEVEL1) writeonly buffer Hp5Level1 { uint b_level1[]; };
layout(location = HP5_LOC_LEVEL) uniform uvec4 u_level;
layout(location = HP5_LOC_NODE_SHIFT) uniform uint u_nodeShift;

uint hp5Below(uint i) {
    if (i >= u_level.w) return 0u;
    if (u_level.z != HP5_BELOW_IS_BASE) return b_totals[u_level.z + i]; // the same for every invocation
#ifdef HP5_BASE_WORDS
    return uint(bitCount(b_base[i]));
#else
    return b_base[i];
#endif
}

void main() {
    uint i = hp5Invocation();
    if (i >= u_level.y) return;
    uint first = uint(HP5_FAN_IN) * i;
    uvec4 sums;
    sums.x = hp5Below(first);
    sums.y = sums.x + hp5Below(first + 1u);
    sums.z = sums.y + hp5Below(first + 2u);
    sums.w = sums.z + hp5Below(first + 3u);
    if (u_level.z == HP5_BELOW_IS_BASE) // level 1 (the same for every invocation): the sums as bytes
        b_level1[i] = sums.x | sums.y << 8 | sums.z << 16 | sums.w << 24;
    else
        b_nodes[u_level.x - u_nodeShift + i] = sums;
    b_totals[u_level.x + i] = sums.w + hp5Below(first + 4u);
}
