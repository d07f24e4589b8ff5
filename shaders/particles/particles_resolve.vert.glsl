#version 450
// The splat resolve covers only the pixels the splats touched (bounds from the depth pass, on the GPU): two
// triangles over that rectangle, or nothing when no particle is on screen.
#include "particles_shared.h"

layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };
layout(location = PS_LOC_VIEWPORT) uniform ivec2 u_viewport;

void main() {
    uvec4 b = uvec4(u_control[PS_CTRL_BOUNDS + 0], u_control[PS_CTRL_BOUNDS + 1], u_control[PS_CTRL_BOUNDS + 2],
                    u_control[PS_CTRL_BOUNDS + 3]);
    if (b.x > b.z) { // empty: a degenerate triangle
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
        return;
    }
    const ivec2 corners[6] = ivec2[6](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(0, 1), ivec2(1, 0), ivec2(1, 1));
    ivec2 c = corners[gl_VertexID];
    vec2 pixel = vec2(c.x == 0 ? b.x : b.z + 1u, c.y == 0 ? b.y : b.w + 1u); // max is inclusive
    gl_Position = vec4(pixel / vec2(u_viewport) * 2.0 - 1.0, 0.0, 1.0);
}
