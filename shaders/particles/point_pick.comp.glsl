#version 450
// The pick (engine/particles/point_pick.h): the particle whose centre is drawn nearest a window pixel, within a
// radius, nearest the eye among equals. One invocation a particle (the count: the control buffer's draw count).
// Pass 0: atomicMin of the key (screen distance in 1/8 pixels, 12 bits; window depth, 20 bits); pass 1: the
// lowest index whose key is the minimum.
#include "particles_shared.h"
#include "ps_state.glsl"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };
layout(std430, binding = PS_BIND_PICK) buffer PsPick { uint u_pick[]; };
layout(location = PS_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = PS_LOC_CAPACITY) uniform uint u_capacity;
layout(location = PS_LOC_PICK_PIXEL) uniform vec2 u_pixel;
layout(location = PS_LOC_PICK_DISPLAY) uniform vec2 u_display;
layout(location = PS_LOC_PICK_RADIUS) uniform float u_radius;
layout(location = PS_LOC_PICK_PASS) uniform int u_pass;

void main() {
    uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (i >= min(u_control[PS_CTRL_DRAW], u_capacity)) return;
    vec4 clip = u_viewProj * vec4(psLoadPosition(i).xyz, 1.0);
    if (clip.w <= 0.0) return;
    vec3 ndc = clip.xyz / clip.w;
    if (any(greaterThan(abs(ndc), vec3(1.0)))) return;
    vec2 at = vec2((ndc.x * 0.5 + 0.5) * u_display.x, (0.5 - ndc.y * 0.5) * u_display.y);
    float d = distance(at, u_pixel);
    if (!(d <= u_radius)) return;
    uint key = (min(uint(d * 8.0), 4095u) << 20) | uint(clamp(ndc.z * 0.5 + 0.5, 0.0, 1.0) * 1048575.0);
    if (u_pass == 0)
        atomicMin(u_pick[0], key);
    else if (key == u_pick[0])
        atomicMin(u_pick[1], i);
}
