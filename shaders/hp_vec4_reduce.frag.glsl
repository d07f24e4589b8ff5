#version 450
// HistoPyramid reduction, vec4 layout: each texel stores its four children's sums (x: (0,0), y: (1,0),
// z: (0,1), w: (1,1)), so the traversal decides a branch from one fetch per level.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "vec4" HistoPyramid.
#define HP_VEC4
#include "hp_storage.glsl"
#include "hp_discriminator.glsl"

layout(location = HP_LOC_SRC_LEVEL) uniform int u_srcLevel; // 0 = the input atlas
layout(location = HP_LOC_DST_OFFSET) uniform ivec2 u_dstOffset;

#ifdef HP_STORAGE_FLOAT
#define HP_VEC vec4
#define HP_SCALAR float
#else
#define HP_VEC uvec4
#define HP_SCALAR uint
#endif
layout(location = 0) out HP_VEC o_sums;

HP_SCALAR childSum(ivec2 cell) {
    HP_VEC v = HP_VEC(HP_FETCH(u_srcLevel, cell));
    return v.x + v.y + v.z + v.w; // in the storage type: float rounds above 2^24, as in 2006
}

void main() {
    ivec2 b = 2 * (ivec2(gl_FragCoord.xy) - u_dstOffset);
    if (u_srcLevel == 0) {
        o_sums = HP_VEC(hpActiveQuad(b));
        return;
    }
    o_sums = HP_VEC(childSum(b), childSum(b + ivec2(1, 0)), childSum(b + ivec2(0, 1)), childSum(b + ivec2(1, 1)));
}
