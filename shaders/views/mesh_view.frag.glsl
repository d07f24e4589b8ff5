#version 450
// The mesh's colour (and its texture), lit two-sided (lit_view.glsl).
#define MESH_VIEW_IO in
#include "mesh_view_io.glsl"

layout(location = 0) out vec4 o_color;

void main() {
    vec3 base = v.color.rgb;
    if (u_textured != 0) {
        vec2 uv = v.texcoord;
        if (u_slot.x < 1.0 || u_slot.y < 1.0) {
            // A texture smaller than the array's layers: wrap by hand and stay inside its own texels.
            vec2 halfTexel = 0.5 / vec2(textureSize(u_texture, 0).xy);
            uv = clamp(fract(uv) * u_slot.xy, halfTexel, u_slot.xy - halfTexel);
        }
        base *= texture(u_texture, vec3(uv, u_slot.z)).rgb;
    }
    o_color = vec4(litTwoSided(base, v.normal, gl_FrontFacing), 1.0);
}
