#version 450
// Sorted blending in compute, last step: the composited layers (premultiplied colour, coverage) over the
// framebuffer (blend ONE, ONE_MINUS_SRC_ALPHA), depth-tested at the nearest sprite's depth so the mesh and
// floor drawn before hide what lies behind them. Covers the pixel bounds of layer 0 (particles_resolve.vert).
#include "particles_shared.h"

layout(rgba16f, binding = PS_IMAGE_BLEND_ACCUM) readonly uniform image2D u_accum;
layout(r32ui, binding = PS_IMAGE_BLEND_DEPTH) readonly uniform uimage2D u_depth;
layout(location = 0) out vec4 o_color;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec4 acc = imageLoad(u_accum, pixel);
    if (acc.a <= 0.0) discard;
    gl_FragDepth = uintBitsToFloat(imageLoad(u_depth, pixel).x);
    o_color = acc;
}
