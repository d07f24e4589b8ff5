#version 450
// Round sprites with a fake sphere shading, so overlapping particles stay readable as separate balls.
// PS_SORTED_BLEND: soft translucent splats instead, premultiplied alpha (blend ONE, ONE_MINUS_SRC_ALPHA) that
// falls off from the centre's opacity to 0 at the rim (1 - r^2).
#include "particles_shared.h"

in vec3 v_color;
layout(location = 0) out vec4 o_color;
#ifdef PS_SORTED_BLEND
layout(location = PS_LOC_OPACITY) uniform float u_opacity;
#endif

void main() {
    vec2 c = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(c, c);
    if (r2 > 1.0) discard;
#ifdef PS_SORTED_BLEND
    float alpha = u_opacity * (1.0 - r2);
    o_color = vec4(v_color * alpha, alpha);
#else
    o_color = vec4(v_color * (0.55 + 0.45 * sqrt(1.0 - r2)), 1.0);
#endif
}
