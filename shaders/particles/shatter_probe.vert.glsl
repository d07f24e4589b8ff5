#version 450
// The test's use of shatter_apply.glsl (tests/shatter_gltest.cpp), as a surface's draw uses it: the marching
// cubes' vertex buffer as one attribute (mc_vertex.h, decoded at spacing 1), the world matrix, and the placed
// vertex captured by transform feedback (the rasterizer discards) instead of drawn.
#include "mc_vertex.h"
#include "shatter_apply.glsl"

layout(location = 0) in uvec4 a_vertex;
layout(location = SHATTER_LOC_PROBE) uniform mat4 u_toWorld;
layout(location = SHATTER_LOC_PROBE + 1) uniform ivec3 u_cells;

layout(xfb_buffer = 0, xfb_offset = 0) out vec3 v_world;   // the vertex in world, not shattered
layout(xfb_buffer = 0, xfb_offset = 12) out vec3 v_placed; // shatterPosition
layout(xfb_buffer = 0, xfb_offset = 24) out vec3 v_normal; // shatterNormal of the world normal

void main() {
    vec3 a_position = mcVertexIndex(a_vertex, u_cells); // physical units at spacing 1
    vec3 a_normal = mcUnpackNormal(a_vertex.w);
    v_world = vec3(u_toWorld * vec4(a_position, 1.0));
    v_placed = shatterPosition(uint(gl_VertexID), v_world);
    v_normal = shatterNormal(uint(gl_VertexID), normalize(transpose(inverse(mat3(u_toWorld))) * a_normal));
    gl_Position = vec4(v_placed, 1.0);
}
