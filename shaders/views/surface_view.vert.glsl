#version 450
// Surface view: the marching cubes' triangle list (engine/surface/mc_method.h), drawn with
// the header's indirect arguments: the vertex buffer read as attributes (32 bytes a vertex, mc_shared.h), the
// vertex placed from the volume's physical units into world by u_model (frame::Frame::surfaceToVolume, then
// volumeToWorld: a uniform scale, so normals need no inverse transpose), then moved by the hook.
#define SURFACE_VIEW_IO out
#include "mc_shared.h"
#include "surface_view_io.glsl"
#include "surface_view_motion.glsl"

layout(location = SURF_ATTR_POSITION) in vec3 a_position;
layout(location = SURF_ATTR_NORMAL) in vec3 a_normal;
layout(location = SURF_ATTR_IDS) in uint a_ids;

void main() {
    vec3 position = (u_model * vec4(a_position, 1.0)).xyz;
    vec3 normal = mat3(u_model) * a_normal;
    surfaceMotion(uint(gl_VertexID), position, normal);
    gl_Position = u_viewProj * vec4(position, 1.0);
    v.normal = normal;
    // The band end the vertex's edge crosses (0 lo, 1 hi, 2 none: a binary field's midpoint).
    v.color = ((a_ids >> MC_ID_CROSSING_SHIFT) & 3u) == 1u ? u_colorHi : u_colorLo;
}
