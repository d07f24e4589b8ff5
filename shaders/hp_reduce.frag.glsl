#version 450
// HistoPyramid reduction pass (variants single, rect, bil): each output cell is the sum of its 2x2 children.
// Pass 1 reads the RGBA8 atlas through the fused discriminator; later passes read the level below.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), sections 4 and 6.1.
#include "hp_storage.glsl"
#include "hp_discriminator.glsl"

layout(location = HP_LOC_SRC_LEVEL) uniform int u_srcLevel; // 0 = the input atlas
layout(location = HP_LOC_DST_OFFSET) uniform ivec2 u_dstOffset;

#ifdef HP_STORAGE_FLOAT
#define HP_SCALAR float
#else
#define HP_SCALAR uint
#endif
layout(location = 0) out HP_SCALAR o_sum;

void main() {
    ivec2 b = 2 * (ivec2(gl_FragCoord.xy) - u_dstOffset);
    if (u_srcLevel == 0) {
        uvec4 a = hpActiveQuad(b);
        o_sum = HP_SCALAR(a.x + a.y + a.z + a.w);
        return;
    }
#ifdef HP_BILINEAR
    // One bilinear fetch at the exact centre of the 2x2 block returns the children's mean; x4 is their sum.
    // The sampler picks the source mip exactly (LINEAR_MIPMAP_NEAREST with an integral lod).
    vec2 size = vec2(textureSize(u_pyramid, u_srcLevel - 1));
    o_sum = 4.0 * textureLod(u_pyramid, (vec2(b) + 1.0) / size, float(u_srcLevel - 1)).r;
#else
    // Sums in the storage type on purpose: float storage rounds above 2^24 exactly as the 2006 shaders did.
    o_sum = HP_SCALAR(HP_FETCH(u_srcLevel, b).r) + HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(1, 0)).r) +
            HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(0, 1)).r) + HP_SCALAR(HP_FETCH(u_srcLevel, b + ivec2(1, 1)).r);
#endif
}
