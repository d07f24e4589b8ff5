#version 450
// The X-ray's tiles of the paper's four variants (dicer_single, dicer_vec4, dicer_rect, dicer_bil;
// engine/hp/histopyramid_xray.cpp): a level's node sums as the variant stored them, read through hpValue
// (hp_storage.glsl: one channel, the vec4 texel's four children, the rectangle's packed levels, the float
// levels). Level 0 is never stored (the discriminator is fused into the first reduction): where a pixel sums
// 2x2 texels or more, its sum is the stored level 1's over the same texels; at one texel a pixel, the
// discriminator itself.
#include "hp_storage.glsl"
#include "hp_discriminator.glsl"

#include "xray_levels.glsl"

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi) {
    uint sum = 0u;
    if (level == 0 && g_xrayBlock == 1)
        return all(lessThan(lo, u_inputSize)) ? hpActiveTexel(lo) : 0u;
    if (level == 0) { // the level-1 nodes over the block's texels (the block is even: aligned 2x2 groups)
        level = 1;
        lo >>= 1;
        hi = (hi + 1) >> 1;
    }
    for (int y = lo.y; y < hi.y; ++y)
        for (int x = lo.x; x < hi.x; ++x) sum += hpValue(level, ivec2(x, y));
    return sum;
}
