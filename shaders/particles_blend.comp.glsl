#version 450
// Sorted blending in compute (see PS_IMAGE_BLEND_WINNER in particles_shared.h for the scheme): invocation k is
// sorted slot k of this frame's back-to-front order (depth_order.h), i.e. particle u_order[k], so a higher
// slot is a nearer sprite and slot + 1 is a per-pixel depth rank without ties. One layer per pass pair:
//  without PS_BLEND_COMPOSITE (pass A): every sprite pixel whose rank is below the last layer's offers it
//    (imageAtomicMax): the winner is the nearest sprite not composited yet. Layer 0 also grows the pixel
//    bounds the resolve pass covers.
//  with PS_BLEND_COMPOSITE (pass B): the winner adds its soft splat "under" the colour so far (front to back:
//    C += (1 - A) a c, A += (1 - A) a), becomes the last layer's rank and frees the pixel for the next layer;
//    layer 0's winner leaves its depth for the resolve's gl_FragDepth.
#include "particle_step.h"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std430, binding = PS_BIND_STATE) readonly buffer PsState { Particle u_particles[]; };
layout(std430, binding = PS_BIND_CONTROL) coherent buffer PsControl { uint u_control[]; };
layout(std430, binding = HP_BIND_POINTS) readonly buffer HpPoints { uvec4 u_points[]; };
layout(std430, binding = PS_BIND_ORDER) readonly buffer PsOrder { uint u_order[]; };
#ifdef PS_BLEND_COMPOSITE
layout(r32ui, binding = PS_IMAGE_BLEND_WINNER) coherent uniform uimage2D u_winner;
layout(r32ui, binding = PS_IMAGE_BLEND_PEELED) writeonly uniform uimage2D u_peeled;
layout(rgba16f, binding = PS_IMAGE_BLEND_ACCUM) coherent uniform image2D u_accum;
layout(r32ui, binding = PS_IMAGE_BLEND_DEPTH) writeonly uniform uimage2D u_depth;
layout(binding = PS_UNIT_ATLAS) uniform sampler2D u_atlas;
layout(location = PS_LOC_COLOR_MODE) uniform int u_colorMode;
layout(location = PS_LOC_VOLUME) uniform ivec3 u_volume;
layout(location = PS_LOC_OPACITY) uniform float u_opacity;
#else
layout(r32ui, binding = PS_IMAGE_BLEND_WINNER) coherent uniform uimage2D u_winner;
layout(r32ui, binding = PS_IMAGE_BLEND_PEELED) readonly uniform uimage2D u_peeled;
shared uint s_bounds[4]; // the work group's pixel bounds, merged into u_control once per group (layer 0)
#endif
layout(location = PS_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = PS_LOC_POINT_SCALE) uniform float u_pointScale;
layout(location = PS_LOC_VIEWPORT) uniform ivec2 u_viewport;
layout(location = PS_LOC_LAYER) uniform uint u_layer;

// The sprite of particle i on screen (as particles_splat.comp.glsl projects it). False when not visible.
bool project(uint i, out vec2 window, out uint depth, out float radius) {
    window = vec2(0.0);
    depth = 0u;
    radius = 0.0;
    vec4 clip = u_viewProj * vec4(vec3(u_particles[i].position), 1.0);
    if (clip.w <= 0.0) return false;
    vec3 ndc = clip.xyz / clip.w;
    if (abs(ndc.z) > 1.0 || any(greaterThan(abs(ndc.xy), vec2(1.1)))) return false;
    window = (ndc.xy * 0.5 + 0.5) * vec2(u_viewport);
    depth = floatBitsToUint(ndc.z * 0.5 + 0.5);
    radius = max(0.5 * u_pointScale / clip.w, 0.5);
    return true;
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    bool live = k < u_control[PS_CTRL_DRAW];
    uint i = live ? u_order[k] : 0u;
    uint rank = k + 1u;
    vec2 window;
    uint depth;
    float radius;
    bool visible = live && project(i, window, depth, radius);
    int reach = min(int(ceil(radius - 0.5)), PS_SPLAT_MAX_RADIUS);
    ivec2 centre = ivec2(floor(window));
    ivec2 lo = clamp(centre - reach, ivec2(0), u_viewport - 1), hi = clamp(centre + reach, ivec2(0), u_viewport - 1);
#ifdef PS_BLEND_COMPOSITE
    if (!visible) return;
    uvec4 entry = u_points[i];
    vec3 color = u_colorMode == PS_COLOR_MODEL ? texelFetch(u_atlas, ivec2(entry.w & 0xffffu, entry.w >> 16), 0).rgb
                                               : (vec3(entry.xyz) + 0.5) / vec3(u_volume);
#else
    if (u_layer == 0u) { // bounds, as the opaque splats' depth pass grows them
        if (gl_LocalInvocationIndex == 0u) {
            s_bounds[0] = s_bounds[1] = PS_SPLAT_EMPTY;
            s_bounds[2] = s_bounds[3] = 0u;
        }
        barrier();
        if (visible) {
            atomicMin(s_bounds[0], uint(lo.x));
            atomicMin(s_bounds[1], uint(lo.y));
            atomicMax(s_bounds[2], uint(hi.x));
            atomicMax(s_bounds[3], uint(hi.y));
        }
        barrier();
        if (gl_LocalInvocationIndex == 0u && s_bounds[0] != PS_SPLAT_EMPTY) {
            atomicMin(u_control[PS_CTRL_BOUNDS + 0], s_bounds[0]);
            atomicMin(u_control[PS_CTRL_BOUNDS + 1], s_bounds[1]);
            atomicMax(u_control[PS_CTRL_BOUNDS + 2], s_bounds[2]);
            atomicMax(u_control[PS_CTRL_BOUNDS + 3], s_bounds[3]);
        }
    }
    if (!visible) return;
#endif
    for (int y = lo.y; y <= hi.y; ++y)
        for (int x = lo.x; x <= hi.x; ++x) {
            ivec2 pixel = ivec2(x, y);
            vec2 d = (vec2(pixel) + 0.5 - window) / radius;
            float r2 = dot(d, d);
            if (r2 >= 1.0 && pixel != centre) continue; // a disc, but never less than the centre pixel
#ifdef PS_BLEND_COMPOSITE
            if (imageLoad(u_winner, pixel).x != rank) continue;
            float alpha = u_opacity * max(1.0 - r2, 0.25); // soft, as the GL sprites (1 - r^2); tiny ones keep 1/4
            vec4 acc = imageLoad(u_accum, pixel);
            float w = (1.0 - acc.a) * alpha;
            imageStore(u_accum, pixel, vec4(acc.rgb + w * color, acc.a + w));
            imageStore(u_peeled, pixel, uvec4(rank));
            imageStore(u_winner, pixel, uvec4(0u));
            if (u_layer == 0u) imageStore(u_depth, pixel, uvec4(depth));
#else
            if (rank < imageLoad(u_peeled, pixel).x) imageAtomicMax(u_winner, pixel, rank);
#endif
        }
}
