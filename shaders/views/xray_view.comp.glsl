#version 450
// The X-ray panel's image (app/demo/views/xray_view.h): the canvas of level tiles the method drew (hp_xray.h: a
// pixel = the sum of its block of nodes) through the log colour map of view_shared.h, scaled by the count (the
// top tile's total, read here on the GPU: nothing waits for it). Only the tiles' pixels are coloured.
#include "view_shared.h"
#include "hp_xray.h"

layout(local_size_x = HP_XRAY_LOCAL_SIZE, local_size_y = HP_XRAY_LOCAL_SIZE) in; // xray_groups.glsl's groups
layout(rgba8, binding = VIEW_IMAGE_DST) uniform writeonly image2D u_dst;
layout(r32ui, binding = HP_IMAGE_XRAY_CANVAS) uniform readonly uimage2D u_canvas;
layout(std430, binding = HP_BIND_XRAY_TOTALS) readonly buffer XrayTotals { uint u_totals[]; };
layout(location = XRAY_LOC_TOP_SLOT) uniform int u_topSlot;
layout(location = HP_LOC_XRAY_TILE) uniform ivec4 u_xrayTile[HP_XRAY_MAX_TILES];     // .w: its first work group
layout(location = HP_LOC_XRAY_PIXELS) uniform ivec4 u_xrayPixels[HP_XRAY_MAX_TILES]; // its pixels, its first
#include "xray_groups.glsl"

vec3 ramp(float t) {
    const vec3 stops[5] = vec3[5](vec3(XRAY_RAMP_0), vec3(XRAY_RAMP_1), vec3(XRAY_RAMP_2), vec3(XRAY_RAMP_3),
                                  vec3(XRAY_RAMP_4));
    float x = clamp(t, 0.0, 1.0) * 4.0;
    int i = min(int(x), 3);
    return mix(stops[i], stops[i + 1], x - float(i));
}

void main() {
    // Each tile its own work groups (xray_groups.glsl): the panel shows nothing else of the image.
    XrayGroup group = xrayGroup();
    if (group.tile < 0) return;
    ivec4 tile = u_xrayPixels[group.tile];
    ivec2 local = group.pixel;
    if (any(greaterThanEqual(local, tile.xy))) return;
    ivec2 p = tile.zw + local;
    uint sum = imageLoad(u_canvas, p).x;
    float top = log2(1.0 + float(max(u_totals[u_topSlot], 1u)));
    vec3 color = sum == 0u ? vec3(XRAY_EMPTY) : ramp(log2(1.0 + float(sum)) / top);
    imageStore(u_dst, p, vec4(color, 1.0));
}
