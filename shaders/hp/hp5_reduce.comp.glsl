#version 450
// HP5 build (engine/hp/hp5_pyramid.h): one level. Node i sums elements 5i .. 5i + 4 of the level below (those past
// its size count 0): their running sums of the first four as the node, all five as its total. The level below is
// the base (its counts, or with HP5_BASE_WORDS the popcounts of its 32-cell occupancy words) or the totals of the
// previous level. Level 1 has a program of its own (HP5_LEVEL1_QUADS: four nodes an invocation, the sums packed as
// bytes); the levels above, one invocation a node, read 20 bytes and write 20.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), the HistoPyramid; the 5:1 fan-in with
// four running sums a node after Dyken's HP5 (ComputeStuff, 2016-2020).
#include "hp5_groups.glsl"

layout(local_size_x = HP5_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) readonly buffer Hp5Base { uint b_base[]; };
layout(std430, binding = HP5_BIND_NODES) writeonly buffer Hp5Nodes { uvec4 b_nodes[]; };
layout(std430, binding = HP5_BIND_TOTALS) buffer Hp5Totals { uint b_totals[]; };
layout(location = HP5_LOC_LEVEL) uniform uvec4 u_level;
layout(location = HP5_LOC_NODE_SHIFT) uniform uint u_nodeShift;

#ifdef HP5_LEVEL1_QUADS
// Element i of the base (HP5_BELOW_IS_BASE), 0 past its size.
uint hp5Below(uint i) {
    if (i >= u_level.w) return 0u;
#ifdef HP5_BASE_WORDS
    return uint(bitCount(b_base[i]));
#else
    return b_base[i];
#endif
}

// Level 1 four nodes an invocation: base elements 20i .. 20i + 19 read as 5 uvec4s (llvmpipe loads a lane's uvec4
// at about the cost of one uint), nodes 4i .. 4i + 3 written as one uvec4 of packed sums and one of totals (level
// 1's totals lie at offset 0; both buffers hold whole quads: Hp5Pyramid::reserve).
layout(std430, binding = HP5_BIND_BASE) readonly buffer Hp5BaseQuads { uvec4 b_baseQuads[]; };
layout(std430, binding = HP5_BIND_TOTALS) writeonly buffer Hp5TotalsQuads { uvec4 b_totalsQuads[]; };
layout(std430, binding = HP5_BIND_LEVEL1) writeonly buffer Hp5Level1Quads { uvec4 b_level1Quads[]; };

// Base elements 4q .. 4q + 3 (0 past the base): whole quads as one load, the base's last partial quad by element
// (the caller's buffer holds the base, not necessarily a whole last quad).
uvec4 hp5BaseQuad(uint q) {
    uint first = 4u * q;
    uvec4 v;
    if (first + 4u <= u_level.w) {
        v = b_baseQuads[q];
#ifdef HP5_BASE_WORDS
        v = uvec4(bitCount(v));
#endif
    } else {
        v = uvec4(hp5Below(first), hp5Below(first + 1u), hp5Below(first + 2u), hp5Below(first + 3u));
    }
    return v;
}

// One node's packed level-1 word (its four running sums as bytes) and its total, from its five elements.
uvec2 hp5Level1Node(uint e0, uint e1, uint e2, uint e3, uint e4) {
    uint s1 = e0 + e1, s2 = s1 + e2, s3 = s2 + e3;
    return uvec2(e0 | s1 << 8 | s2 << 16 | s3 << 24, s3 + e4);
}

void main() {
    uint i = hp5Invocation();
    if (4u * i >= u_level.y) return;
    uvec4 a = hp5BaseQuad(5u * i), b = hp5BaseQuad(5u * i + 1u), c = hp5BaseQuad(5u * i + 2u),
          d = hp5BaseQuad(5u * i + 3u), e = hp5BaseQuad(5u * i + 4u);
    uvec2 n0 = hp5Level1Node(a.x, a.y, a.z, a.w, b.x), n1 = hp5Level1Node(b.y, b.z, b.w, c.x, c.y),
          n2 = hp5Level1Node(c.z, c.w, d.x, d.y, d.z), n3 = hp5Level1Node(d.w, e.x, e.y, e.z, e.w);
    b_level1Quads[i] = uvec4(n0.x, n1.x, n2.x, n3.x);
    b_totalsQuads[i] = uvec4(n0.y, n1.y, n2.y, n3.y);
}
#else
// Element i of the level below: the totals of the previous level, 0 past its size.
uint hp5Below(uint i) {
    return i < u_level.w ? b_totals[u_level.z + i] : 0u;
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
    b_nodes[u_level.x - u_nodeShift + i] = sums;
    b_totals[u_level.x + i] = sums.w + hp5Below(first + 4u);
}
#endif
