// What the 3D views share (the mesh view and the surface view): the transform and light uniforms (locations:
// view_shared.h's LIT_LOC_*) and their shading, two-sided Lambert + ambient: the teapot and many OBJ files are
// open, and the surface is cut open at the volume's boundary, so back faces are visible.
#pragma once
#include "view_shared.h"

layout(location = LIT_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = LIT_LOC_MODEL) uniform mat4 u_model;
layout(location = LIT_LOC_LIGHT_DIR) uniform vec3 u_lightDir;

// `base` lit from u_lightDir; a back face (frontFacing false) is lit as the front face it hides.
vec3 litTwoSided(vec3 base, vec3 normal, bool frontFacing) {
    vec3 n = normalize(normal);
    if (!frontFacing) n = -n;
    return base * (0.25 + 0.75 * max(dot(n, normalize(u_lightDir)), 0.0));
}
