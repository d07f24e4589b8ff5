#version 450
// Two-sided Lambert + ambient, as the mesh view: the surface is cut open at the volume's boundary, so back
// faces are visible.
#define SURFACE_VIEW_IO in
#include "surface_view_io.glsl"

layout(location = 0) out vec4 o_color;

void main() {
    vec3 n = normalize(v.normal);
    if (!gl_FrontFacing) n = -n;
    o_color = vec4(v.color * (0.25 + 0.75 * max(dot(n, normalize(u_lightDir)), 0.0)), 1.0);
}
