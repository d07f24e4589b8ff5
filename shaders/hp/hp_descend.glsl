// One level of a HistoPyramid descent (the PointList builder's: hp_traverse.glsl for the paper's variants,
// hpc_list.comp.glsl for the compute pyramids): the child whose range holds the key. Compiled with HP_XRAY the
// traversal records every step into the X-ray's path record (hp_xray.h) as it takes it, so the path is the
// traversal's own; xrayFound() closes the record with the cell found.
#pragma once
#include "hp_pick.h"

#ifdef HP_XRAY
#include "hp_xray_record.glsl"
layout(location = HP_LOC_XRAY_KEY) uniform uint u_xrayKey;

void xrayStep(int level, ivec2 cell, uint key, uvec4 sums, uint child, uint keyDown) {
    xrayWriteStep(uint(level), uvec2(cell), key, sums, child, keyDown, uvec2(0u));
}

void xrayFound(ivec2 cell) {
    xrayClose(uvec2(cell));
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
