#version 450
// Two-sided Lambert + ambient: the teapot and many OBJ files are open, so back faces are visible.
#include "view_shared.h"

layout(location = MESH_LOC_LIGHT_DIR) uniform vec3 u_lightDir;
layout(location = MESH_LOC_TEXTURED) uniform int u_textured;
layout(binding = MESH_UNIT_TEXTURE) uniform sampler2D u_texture;

in vec3 v_normal;
in vec4 v_color;
in vec2 v_texcoord;
layout(location = 0) out vec4 o_color;

void main() {
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 base = v_color.rgb;
    if (u_textured != 0) base *= texture(u_texture, v_texcoord).rgb;
    o_color = vec4(base * (0.25 + 0.75 * max(dot(n, normalize(u_lightDir)), 0.0)), 1.0);
}
