#version 450
// Particle cloud: one point sprite per live particle (glDrawArraysIndirect, count from the GPU), sized in
// world units so the cloud looks like the voxelized model at any zoom. Colour: the paper's false colours
// (the voxel's 3D texture coordinate) or the model's colour stored in the atlas texel (bits output: in the
// slot colours, index = point index).
// PS_SORTED_BLEND: vertex k draws particle order[k], the back-to-front order of depth_order.h, so GL blends
// the sprites in that order (primitives blend in submission order).
#include "ps_state.glsl"
#include "hp_point.h" // hpEntryAtlasTexel
#include "ps_colors.glsl"

#define HP_POINTS_READONLY
#include "hp_point_blocks.glsl"
#ifdef PS_SORTED_BLEND
layout(std430, binding = PS_BIND_ORDER) readonly buffer PsOrder { uint u_order[]; };
#endif
layout(binding = PS_UNIT_ATLAS) uniform sampler2D u_atlas;
layout(std430, binding = PS_BIND_SLOT_COLORS) readonly buffer PsSlotColors { uint u_slotColors[]; };
layout(location = PS_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = PS_LOC_POINT_SCALE) uniform float u_pointScale;
layout(location = PS_LOC_COLOR_MODE) uniform int u_colorMode;
layout(location = PS_LOC_VOLUME) uniform ivec3 u_volume;

out vec3 v_color;

void main() {
#ifdef PS_SORTED_BLEND
    uint k = u_order[gl_VertexID];
#else
    uint k = uint(gl_VertexID);
#endif
    gl_Position = u_viewProj * vec4(vec3(psLoadPosition(k)), 1.0);
    gl_PointSize = clamp(u_pointScale / max(gl_Position.w, 1e-3), 1.0, 64.0);
    uvec4 entry = hpLoadPoint(k);
    if (u_colorMode == PS_COLOR_MODEL)
        v_color = texelFetch(u_atlas, hpEntryAtlasTexel(entry.w), 0).rgb;
    else if (u_colorMode == PS_COLOR_SLOTS)
        v_color = unpackUnorm4x8(u_slotColors[k]).rgb;
    else if (u_colorMode == PS_COLOR_HEIGHT)
        v_color = psHeightColor(entry.y, u_volume.y);
    else
        v_color = (vec3(entry.xyz) + 0.5) / vec3(u_volume);
}
