#version 450
// The surface's colour map, lit two-sided as the mesh view (lit_view.glsl).
#define SURFACE_VIEW_IO in
#include "surface_view_io.glsl"

layout(location = 0) out vec4 o_color;

void main() {
    o_color = vec4(litTwoSided(v.color, v.normal, gl_FrontFacing), 1.0);
}
