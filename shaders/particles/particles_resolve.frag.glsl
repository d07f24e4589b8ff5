#version 450
// Writes the splatted particles into the framebuffer: colour, and the particle's depth through gl_FragDepth
// so the depth test sorts them against the mesh and the floor drawn before.
#include "particles_shared.h"

layout(r32ui, binding = PS_IMAGE_SPLAT_DEPTH) readonly uniform uimage2D u_depth;
layout(rgba8, binding = PS_IMAGE_SPLAT_COLOR) readonly uniform image2D u_color;
layout(location = 0) out vec4 o_color;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    uint depth = imageLoad(u_depth, pixel).x;
    if (depth == PS_SPLAT_EMPTY) discard;
    gl_FragDepth = uintBitsToFloat(depth);
    o_color = imageLoad(u_color, pixel);
}
