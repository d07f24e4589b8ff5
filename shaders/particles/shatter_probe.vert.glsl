#version 450
// The test's use of shatter_apply.glsl (tests/shatter_gltest.cpp), as a surface's draw uses it: the marching
// cubes' vertex buffer as attributes (position at offset 0, normal at 16, stride 32), the world matrix, and the
// placed vertex captured by transform feedback (the rasterizer discards) instead of drawn.
#include "shatter_apply.glsl"

layout(location = 0) in vec3 a_position; // physical units
layout(location = 1) in vec3 a_normal;
layout(location = SHATTER_LOC_PROBE) uniform mat4 u_toWorld;

layout(xfb_buffer = 0, xfb_offset = 0) out vec3 v_world;   // the vertex in world, not shattered
layout(xfb_buffer = 0, xfb_offset = 12) out vec3 v_placed; // shatterPosition
layout(xfb_buffer = 0, xfb_offset = 24) out vec3 v_normal; // shatterNormal of the world normal

void main() {
    v_world = vec3(u_toWorld * vec4(a_position, 1.0));
    v_placed = shatterPosition(uint(gl_VertexID), v_world);
    v_normal = shatterNormal(uint(gl_VertexID), normalize(transpose(inverse(mat3(u_toWorld))) * a_normal));
    gl_Position = vec4(v_placed, 1.0);
}
