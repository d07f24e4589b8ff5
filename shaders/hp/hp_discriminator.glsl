// Discriminator fused into the first reduction (paper 6.1): a cell is active when it holds a voxel (inside the
// input and the volume's tiles, hp_point.h) and its alpha byte reaches the threshold. Comparing bytes, not
// floats, makes the CPU reference bit-exact. Every method's first pass uses these two functions.
#pragma once
#include "hp_shared.h"
#include "hp_tiling.glsl"

layout(binding = HP_UNIT_INPUT) uniform sampler2D u_input;
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize;
layout(location = HP_LOC_THRESHOLD) uniform uint u_threshold;

// Activity of the 2x2 block at b, in child order (b, b+(1,0), b+(0,1), b+(1,1)). One textureGather of the alpha
// channel at the block's shared corner fetches all four texels: a quarter of the texture requests of four
// texelFetch calls, which is what the first reduction (the only pass that touches the whole atlas) is made of.
uvec4 hpActiveQuad(ivec2 b) {
    vec2 corner = vec2(b + 1) / vec2(textureSize(u_input, 0));
    // Gather returns (i0,j1), (i1,j1), (i1,j0), (i0,j0) with (i0,j0) the lowest corner: wzxy is our child order.
    uvec4 alpha8 = uvec4(textureGather(u_input, corner, 3).wzxy * 255.0 + 0.5);
    ivec4 x = ivec4(b.x, b.x + 1, b.x, b.x + 1), y = ivec4(b.y, b.y, b.y + 1, b.y + 1);
    // Cells beyond the input (padding up to the power-of-two base) are inactive, whatever clamping returned.
    uvec4 inside = uvec4(lessThan(x, ivec4(u_inputSize.x))) * uvec4(lessThan(y, ivec4(u_inputSize.y)));
    // Texels of unused tiles (past the last slice) are padding too: threshold 0 must not count them.
    if (u_slices > 0)
        for (int i = 0; i < 4; ++i) inside[i] *= uint(hpInVolume(ivec2(x[i], y[i]), u_tileSize, u_tilesX, u_slices));
    return uvec4(greaterThanEqual(alpha8, uvec4(u_threshold))) * inside;
}

// Activity of one texel (inside the input): the same rule, one texelFetch.
uint hpActiveTexel(ivec2 texel) {
    uint alpha8 = uint(texelFetch(u_input, texel, 0).a * 255.0 + 0.5);
    return uint(alpha8 >= u_threshold && hpInVolume(texel, u_tileSize, u_tilesX, u_slices));
}
