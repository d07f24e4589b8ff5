#version 450
// Shaded-mesh view: the model as the voxelizer sees it (same model matrix), for comparison with the cloud.
#include "view_shared.h"

layout(location = MESH_ATTR_POSITION) in vec3 a_position;
layout(location = MESH_ATTR_NORMAL) in vec3 a_normal;
layout(location = MESH_ATTR_COLOR) in vec4 a_color;
layout(location = MESH_ATTR_TEXCOORD) in vec2 a_texcoord;
layout(location = MESH_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = MESH_LOC_MODEL) uniform mat4 u_model;

out vec3 v_normal;
out vec4 v_color;
out vec2 v_texcoord;

void main() {
    gl_Position = u_viewProj * u_model * vec4(a_position, 1.0);
    v_normal = mat3(u_model) * a_normal; // rotation + uniform scale: no inverse transpose needed
    v_color = a_color;
    v_texcoord = a_texcoord;
}
