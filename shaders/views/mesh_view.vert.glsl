#version 450
// Shaded-mesh view: the model as the voxelizer sees it (same model matrix), for comparison with the cloud.
#define MESH_VIEW_IO out
#include "mesh_view_io.glsl"

layout(location = MESH_ATTR_POSITION) in vec3 a_position;
layout(location = MESH_ATTR_NORMAL) in vec3 a_normal;
layout(location = MESH_ATTR_COLOR) in vec4 a_color;
layout(location = MESH_ATTR_TEXCOORD) in vec2 a_texcoord;

void main() {
    gl_Position = u_viewProj * u_model * vec4(a_position, 1.0);
    v.normal = mat3(u_model) * a_normal; // rotation + uniform scale: no inverse transpose needed
    v.color = a_color;
    v.texcoord = a_texcoord;
}
