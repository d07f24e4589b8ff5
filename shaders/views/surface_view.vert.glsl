#version 450
// Surface view: the marching cubes' triangle list (engine/surface/mc_method.h), drawn with
// the header's indirect arguments: the vertex buffer read as one attribute (16 bytes a vertex, mc_vertex.h: the
// position decoded from the cell, the edge and t, times the spacing), the vertex placed from the volume's physical
// units into world by u_model (frame::Frame::surfaceToVolume, then volumeToWorld: a uniform scale, so normals
// need no inverse transpose), then moved by the hook.
#define SURFACE_VIEW_IO out
#include "mc_vertex.h"
#include "surface_view_io.glsl"
#include "surface_view_motion.glsl"

layout(location = SURF_ATTR_VERTEX) in uvec4 a_vertex;
layout(location = SURF_LOC_CELLS) uniform ivec3 u_cells;
layout(location = SURF_LOC_SPACING) uniform vec3 u_spacing;

void main() {
    vec3 position = (u_model * vec4(mcVertexIndex(a_vertex, u_cells) * u_spacing, 1.0)).xyz;
    vec3 normal = mat3(u_model) * mcUnpackNormal(a_vertex.w);
    surfaceMotion(uint(gl_VertexID), position, normal);
    gl_Position = u_viewProj * vec4(position, 1.0);
    v.normal = normal;
    // The band end the vertex's edge crosses (0 lo, 1 hi, 2 none: a binary field's midpoint).
    v.color = ((a_vertex.y >> MC_ID_CROSSING_SHIFT) & 3u) == 1u ? u_colorHi : u_colorLo;
}
