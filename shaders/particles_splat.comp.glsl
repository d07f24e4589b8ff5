#version 450
// Particle cloud by compute splatting (see PS_IMAGE_SPLAT_DEPTH in dicer_shared.h for why): each particle
// covers a disc of pixels as wide as its sprite would be. Without PS_SPLAT_COLOR: keep the nearest depth per
// pixel. With it: the particle whose depth won writes its colour (ties: either; they are the same depth).
#include "particle_step.h"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std430, binding = PS_BIND_STATE) readonly buffer PsState { Particle u_particles[]; };
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };
layout(std430, binding = HP_BIND_POINTS) readonly buffer HpPoints { uvec4 u_points[]; };
#ifdef PS_SPLAT_COLOR
layout(r32ui, binding = PS_IMAGE_SPLAT_DEPTH) readonly uniform uimage2D u_depth;
layout(rgba8, binding = PS_IMAGE_SPLAT_COLOR) writeonly uniform image2D u_color;
layout(binding = PS_UNIT_ATLAS) uniform sampler2D u_atlas;
layout(location = PS_LOC_COLOR_MODE) uniform int u_colorMode;
layout(location = PS_LOC_VOLUME) uniform ivec3 u_volume;
#else
layout(r32ui, binding = PS_IMAGE_SPLAT_DEPTH) coherent uniform uimage2D u_depth;
#endif
layout(location = PS_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = PS_LOC_POINT_SCALE) uniform float u_pointScale;
layout(location = PS_LOC_VIEWPORT) uniform ivec2 u_viewport;

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_control[PS_CTRL_DRAW]) return;
    vec4 clip = u_viewProj * vec4(vec3(u_particles[k].position), 1.0);
    if (clip.w <= 0.0 || any(greaterThan(abs(clip.xyz), vec3(clip.w * 1.1)))) return; // behind or far off
    vec3 ndc = clip.xyz / clip.w;
    if (abs(ndc.z) > 1.0) return;
    vec2 window = (ndc.xy * 0.5 + 0.5) * vec2(u_viewport);
    uint depth = floatBitsToUint(ndc.z * 0.5 + 0.5); // glDepthRange(0, 1): what gl_FragDepth expects
    float radius = max(0.5 * u_pointScale / clip.w, 0.5);
    int reach = min(int(ceil(radius - 0.5)), PS_SPLAT_MAX_RADIUS);
    ivec2 centre = ivec2(floor(window));
#ifdef PS_SPLAT_COLOR
    uvec4 entry = u_points[k];
    vec3 color = u_colorMode == PS_COLOR_MODEL ? texelFetch(u_atlas, ivec2(entry.w & 0xffffu, entry.w >> 16), 0).rgb
                                               : (vec3(entry.xyz) + 0.5) / vec3(u_volume);
#endif
    for (int j = -reach; j <= reach; ++j)
        for (int i = -reach; i <= reach; ++i) {
            ivec2 pixel = centre + ivec2(i, j);
            vec2 d = (vec2(pixel) + 0.5 - window) / radius;
            float r2 = dot(d, d);
            if ((r2 > 1.0 && (i != 0 || j != 0)) || any(lessThan(pixel, ivec2(0))) ||
                any(greaterThanEqual(pixel, u_viewport)))
                continue;
#ifdef PS_SPLAT_COLOR
            if (imageLoad(u_depth, pixel).x == depth) // fake sphere shading, as the point sprites have
                imageStore(u_color, pixel, vec4(color * (0.55 + 0.45 * sqrt(max(1.0 - r2, 0.0))), 1.0));
#else
            imageAtomicMin(u_depth, pixel, depth);
#endif
        }
}
