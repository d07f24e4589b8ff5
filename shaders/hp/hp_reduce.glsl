// One HistoPyramid reduction step, shared by the fragment (2006: render to texture) and compute build paths:
// the value of output cell `cell` from its 2x2 children. With HP_FIRST_LEVEL the pass makes level 1 from the
// atlas through the fused discriminator; without, it reads the level below (u_srcLevel). Two programs instead of
// a branch on u_srcLevel: llvmpipe runs both sides of a uniform branch (4096^2 first level: 36 -> 11 ms).
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), sections 4 and 6.1.
#pragma once
#include "hp_storage.glsl"
#include "hp_discriminator.glsl"

layout(location = HP_LOC_SRC_LEVEL) uniform int u_srcLevel; // 0 = the input atlas
layout(location = HP_LOC_DST_OFFSET) uniform ivec2 u_dstOffset;

#ifdef HP_STORAGE_FLOAT
#define HP_SCALAR float
#define HP_VEC vec4
#else
#define HP_SCALAR uint
#define HP_VEC uvec4
#endif

#ifdef HP_VEC4
// vec4 layout: the texel stores its four children's sums (x: (0,0), y: (1,0), z: (0,1), w: (1,1)), so the
// traversal decides a branch from one fetch per level.
#define HP_OUT HP_VEC
HP_SCALAR hpChildSum(ivec2 cell) {
    HP_VEC v = HP_VEC(HP_FETCH(u_srcLevel, cell));
    return v.x + v.y + v.z + v.w; // in the storage type: float rounds above 2^24, as in 2006
}
HP_OUT hpReduce(ivec2 cell) {
    ivec2 b = 2 * cell;
#ifdef HP_FIRST_LEVEL
    return HP_VEC(hpActiveQuad(b));
#else
    return HP_VEC(hpChildSum(b), hpChildSum(b + ivec2(1, 0)), hpChildSum(b + ivec2(0, 1)), hpChildSum(b + ivec2(1, 1)));
#endif
}
#else
#define HP_OUT HP_SCALAR
HP_OUT hpReduce(ivec2 cell) {
    ivec2 b = 2 * cell;
#ifdef HP_FIRST_LEVEL
    uvec4 a = hpActiveQuad(b);
    return HP_SCALAR(a.x + a.y + a.z + a.w);
#elif defined(HP_BILINEAR)
    // One bilinear fetch at the exact centre of the 2x2 block returns the children's mean; x4 is their sum.
    // The sampler picks the source mip exactly (LINEAR_MIPMAP_NEAREST with an integral lod).
    vec2 size = vec2(textureSize(u_pyramid, u_srcLevel - 1));
    return 4.0 * textureLod(u_pyramid, (vec2(b) + 1.0) / size, float(u_srcLevel - 1)).r;
#else
    // Sums in the storage type on purpose: float storage rounds above 2^24 exactly as the 2006 shaders did.
    return HP_SCALAR(HP_FETCH(u_srcLevel, b).r) + HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(1, 0)).r) +
           HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(0, 1)).r) + HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(1, 1)).r);
#endif
}
#endif
