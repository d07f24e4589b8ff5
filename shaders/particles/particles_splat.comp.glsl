#version 450
// Particle cloud by compute splatting (see PS_IMAGE_SPLAT_DEPTH in particles_shared.h for why): each particle
// covers a disc of pixels as wide as its sprite would be. Without PS_SPLAT_COLOR: keep the nearest depth per
// pixel, and grow the pixel bounds the resolve pass draws. With it: the particle whose depth won writes its
// colour (ties: either; they are the same depth), in the PS_SPLAT_COLOR_MODE (PS_COLOR_*) of this build: one
// program per mode, since llvmpipe would fetch every mode's colour under lane masks.
#include "ps_state.glsl"
#include "hp_point.h" // hpEntryAtlasTexel
#include "ps_colors.glsl"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std430, binding = PS_BIND_CONTROL) coherent buffer PsControl { uint u_control[]; };
#define HP_POINTS_READONLY
#include "hp_point_blocks.glsl"
#ifdef PS_SPLAT_COLOR
layout(r32ui, binding = PS_IMAGE_SPLAT_DEPTH) readonly uniform uimage2D u_depth;
layout(rgba8, binding = PS_IMAGE_SPLAT_COLOR) writeonly uniform image2D u_color;
layout(binding = PS_UNIT_ATLAS) uniform sampler2D u_atlas;
layout(std430, binding = PS_BIND_SLOT_COLORS) readonly buffer PsSlotColors { uint u_slotColors[]; };
layout(location = PS_LOC_VOLUME) uniform ivec3 u_volume; // PS_COLOR_FALSE
#else
layout(r32ui, binding = PS_IMAGE_SPLAT_DEPTH) coherent uniform uimage2D u_depth;
#endif
layout(location = PS_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = PS_LOC_POINT_SCALE) uniform float u_pointScale;
layout(location = PS_LOC_VIEWPORT) uniform ivec2 u_viewport;

// The pixels particle k covers: its window position, depth bits and radius. False when it is not visible.
bool project(uint k, out vec2 window, out uint depth, out float radius) {
    window = vec2(0.0);
    depth = 0u;
    radius = 0.0;
    if (k >= u_control[PS_CTRL_DRAW]) return false;
    vec4 clip = u_viewProj * vec4(vec3(psLoadPosition(k)), 1.0);
    if (clip.w <= 0.0) return false;
    vec3 ndc = clip.xyz / clip.w;
    if (abs(ndc.z) > 1.0 || any(greaterThan(abs(ndc.xy), vec2(1.1)))) return false; // clipped or far off
    window = (ndc.xy * 0.5 + 0.5) * vec2(u_viewport);
    depth = floatBitsToUint(ndc.z * 0.5 + 0.5); // glDepthRange(0, 1): what gl_FragDepth expects
    // The disc of a voxel's half-width leaves the pixels between four voxel centres empty where voxels are a
    // pixel or two wide (a face-on plane at 1024^3: a regular pattern of holes, moire): up to 2.4 pixels a voxel
    // the disc reaches the voxel's corners (half its diagonal); larger voxels keep their half-width (distinct
    // balls, and the splat pass's cost, which grows with the discs' area, as before).
    float inscribed = 0.5 * u_pointScale / clip.w;
    radius = max(max(inscribed, min(inscribed * 1.41421356, 1.7)), 0.5);
    return true;
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    vec2 window;
    uint depth;
    float radius;
    bool visible = project(k, window, depth, radius);
    int reach = min(int(ceil(radius - 0.5)), PS_SPLAT_MAX_RADIUS);
    ivec2 centre = ivec2(floor(window));
    ivec2 lo = clamp(centre - reach, ivec2(0), u_viewport - 1), hi = clamp(centre + reach, ivec2(0), u_viewport - 1);
#ifdef PS_SPLAT_COLOR
    if (!visible) return;
    uvec4 entry = hpLoadPoint(k);
#if PS_SPLAT_COLOR_MODE == PS_COLOR_MODEL
    vec3 color = texelFetch(u_atlas, hpEntryAtlasTexel(entry.w), 0).rgb;
#elif PS_SPLAT_COLOR_MODE == PS_COLOR_SLOTS
    vec3 color = unpackUnorm4x8(u_slotColors[k]).rgb;
#elif PS_SPLAT_COLOR_MODE == PS_COLOR_HEIGHT
    vec3 color = psHeightColor(entry.y, u_volume.y);
#else
    vec3 color = (vec3(entry.xyz) + 0.5) / vec3(u_volume);
#endif
#else
    // Bounds: a global atomic only where this particle grows them past what another already made them (most
    // particles lie inside: few atomics). Not shared-memory atomics per group: their barriers make llvmpipe
    // switch between an invocation's lanes (the depth pass at 1024^3: 8 ms more).
    if (visible) {
        if (uint(lo.x) < u_control[PS_CTRL_BOUNDS + 0]) atomicMin(u_control[PS_CTRL_BOUNDS + 0], uint(lo.x));
        if (uint(lo.y) < u_control[PS_CTRL_BOUNDS + 1]) atomicMin(u_control[PS_CTRL_BOUNDS + 1], uint(lo.y));
        if (uint(hi.x) > u_control[PS_CTRL_BOUNDS + 2]) atomicMax(u_control[PS_CTRL_BOUNDS + 2], uint(hi.x));
        if (uint(hi.y) > u_control[PS_CTRL_BOUNDS + 3]) atomicMax(u_control[PS_CTRL_BOUNDS + 3], uint(hi.y));
    }
    if (!visible) return;
#endif
    for (int y = lo.y; y <= hi.y; ++y)
        for (int x = lo.x; x <= hi.x; ++x) {
            ivec2 pixel = ivec2(x, y);
            vec2 d = (vec2(pixel) + 0.5 - window) / radius;
            float r2 = dot(d, d);
            if (r2 > 1.0 && pixel != centre) continue; // a disc, but never less than the centre pixel
#ifdef PS_SPLAT_COLOR
            // Fake sphere shading, as the point sprites have; on splats a pixel or two wide it would only darken
            // every disc's rim into a pattern of rings (moire): there it fades into the disc's mean, 0.85.
            float sphere = 0.55 + 0.45 * sqrt(max(1.0 - r2, 0.0));
            float shading = mix(0.85, sphere, clamp(radius - 1.5, 0.0, 1.0));
            if (imageLoad(u_depth, pixel).x == depth)
                imageStore(u_color, pixel, vec4(color * shading, 1.0));
#else
            imageAtomicMin(u_depth, pixel, depth);
#endif
        }
}
