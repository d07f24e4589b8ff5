#version 450
// Two-sided Lambert + ambient: the teapot and many OBJ files are open, so back faces are visible.
#include "view_shared.h"
#define MESH_VIEW_IO in
#include "mesh_view_io.glsl"

layout(location = MESH_LOC_LIGHT_DIR) uniform vec3 u_lightDir;
layout(location = MESH_LOC_TEXTURED) uniform int u_textured;
layout(binding = MESH_UNIT_TEXTURE) uniform sampler2D u_texture;

layout(location = 0) out vec4 o_color;

void main() {
    vec3 n = normalize(v.normal);
    if (!gl_FrontFacing) n = -n;
    vec3 base = v.color.rgb;
    if (u_textured != 0) base *= texture(u_texture, v.texcoord).rgb;
    o_color = vec4(base * (0.25 + 0.75 * max(dot(n, normalize(u_lightDir)), 0.0)), 1.0);
}
