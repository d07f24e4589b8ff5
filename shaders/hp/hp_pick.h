// The HistoPyramid traversal's child pick, written once and compiled twice: as C++ (the CPU reference's
// cpuFind, tested by tests/hp_test.cpp) and as GLSL (hp_traverse.glsl, hpc_list.comp.glsl), like
// particle_step.h. Child order (0,0), (1,0), (0,1), (1,1): x first, then y, in every pyramid here.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), section "PointList builder".
//
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout` (the new key
// comes back in .z), functions prefixed `hp`.
#ifndef DICER_HP_PICK_H
#define DICER_HP_PICK_H

#include "hp_shared_fn.h"

// Key k falls in the child whose running range [start, start + sums[i]) holds it. Returns (child x, child y,
// k - start): the child cell on the next level down (2 * parent + offset) and the key inside that child.
// k must be < the sum of `sums`; a larger k lands in the last child.
HP_FN uvec3 hpPick(ivec2 parent, uvec4 sums, uint k) {
    uint bx = uint(2 * parent.x), by = uint(2 * parent.y);
    if (k < sums.x) return uvec3(bx, by, k);
    k -= sums.x;
    if (k < sums.y) return uvec3(bx + 1u, by, k);
    k -= sums.y;
    if (k < sums.z) return uvec3(bx, by + 1u, k);
    return uvec3(bx + 1u, by + 1u, k - sums.z);
}

#ifdef __cplusplus
} // namespace dicer::hp
#else
// GLSL: one level of the descent, updating the key in place.
ivec2 hpDescend(ivec2 parent, uvec4 sums, inout uint k) {
    uvec3 r = hpPick(parent, sums, k);
    k = r.z;
    return ivec2(r.xy);
}
#endif
#undef HP_FN
#endif
