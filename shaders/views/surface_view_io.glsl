// The surface view program's interface, declared once for both stages (as mesh_view_io.glsl): the uniforms
// surface_view.cpp sets (the 3D views' shared ones are lit_view.glsl's; locations: view_shared.h) and the vertex -> fragment block, for which the includer
// defines SURFACE_VIEW_IO as `out` (vertex shader) or `in` (fragment shader).
#pragma once
#include "lit_view.glsl"

layout(location = SURF_LOC_COLOR_LO) uniform vec3 u_colorLo;
layout(location = SURF_LOC_COLOR_HI) uniform vec3 u_colorHi;

SURFACE_VIEW_IO SurfaceViewVaryings {
    vec3 normal;
    vec3 color;
} v;
