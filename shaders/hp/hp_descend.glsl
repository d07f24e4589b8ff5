// One level of a HistoPyramid descent (the PointList builder's: hp_traverse.glsl for the paper's variants,
// hpc_list.comp.glsl for the compute pyramids): the child whose range holds the key. Compiled with HP_XRAY the
// traversal records every step into the X-ray's path record (hp_xray.h) as it takes it, so the path is the
// traversal's own; xrayFound() closes the record with the cell found.
#pragma once
#include "hp_pick.h"

#ifdef HP_XRAY
#include "hp_xray.h"
layout(std430, binding = HP_BIND_XRAY) writeonly buffer HpXray { uint u_xray[]; };
layout(location = HP_LOC_XRAY_KEY) uniform uint u_xrayKey;
uint g_xraySteps = 0u;

// A step of the record: the level, the visited cell, the key at it, its children's sums (or a mask's two
// words), the child taken (or the bit) and the key passed down.
void xrayStep(int level, ivec2 cell, uint key, uvec4 sums, uint child, uint keyDown) {
    if (g_xraySteps >= uint(HP_XRAY_MAX_STEPS)) return;
    uint at = uint(HP_XRAY_HEADER_WORDS) + g_xraySteps * uint(HP_XRAY_STEP_WORDS);
    u_xray[at + 0u] = uint(level);
    u_xray[at + 1u] = uint(cell.x);
    u_xray[at + 2u] = uint(cell.y);
    u_xray[at + 3u] = key;
    for (uint i = 0u; i < 4u; ++i) u_xray[at + 4u + i] = sums[i];
    u_xray[at + 8u] = child;
    u_xray[at + 9u] = keyDown;
    u_xray[at + 10u] = 0u;
    u_xray[at + 11u] = 0u;
    ++g_xraySteps;
}

void xrayFound(ivec2 cell) {
    u_xray[0] = g_xraySteps;
    u_xray[1] = uint(cell.x);
    u_xray[2] = uint(cell.y);
    u_xray[3] = 1u;
}
#endif

// Cell p at `level`, whose children's sums are `sums` (child order (0,0) (1,0) (0,1) (1,1)): the child holding
// `key`, and the key inside it.
ivec2 hpStepDown(int level, ivec2 p, uvec4 sums, inout uint key) {
#ifdef HP_XRAY
    uvec3 r = hpPick(p, sums, key);
    xrayStep(level, p, key, sums, (r.x & 1u) | ((r.y & 1u) << 1u), r.z);
    key = r.z;
    return ivec2(r.xy);
#else
    return hpDescend(p, sums, key);
#endif
}
