// HistoPyramid traversal (the PointList builder's descent): from the 1x1 top, at each level pick the child
// whose running [start, end) range holds the key index k, until the base cell that is the k-th active one.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), section "PointList builder".
#pragma once
#include "hp_storage.glsl"
#include "hp_discriminator.glsl"
#include "hp_descend.glsl"

// Base-level cell (atlas texel) of the k-th active cell; k must be < hpTotal(). Compiled with HP_XRAY it records
// every step (hp_descend.glsl): the cell's level, the cell, the key, its children's sums, the child taken.
ivec2 hpFind(uint k) {
    ivec2 p = ivec2(0);
#ifdef HP_VEC4
    // One fetch per level: the texel already holds the four children's sums (log2 N fetches in all).
    for (int level = u_levels; level >= 1; --level) p = hpStepDown(level, p, uvec4(HP_FETCH(level, p)), k);
    return p;
#else
    for (int level = u_levels - 1; level >= 1; --level) {
        ivec2 b = 2 * p;
        uvec4 sums = uvec4(hpValue(level, b), hpValue(level, b + ivec2(1, 0)), hpValue(level, b + ivec2(0, 1)),
                           hpValue(level, b + ivec2(1, 1)));
        p = hpStepDown(level + 1, p, sums, k); // p is a cell of the level above the sums'
    }
    // Level 0 is not stored (the discriminator was fused into the first reduction): redo the test here.
    return hpStepDown(1, p, hpActiveQuad(2 * p), k);
#endif
}
