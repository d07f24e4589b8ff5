#version 450
// Round sprites with a fake sphere shading, so overlapping particles stay readable as separate balls.
in vec3 v_color;
layout(location = 0) out vec4 o_color;

void main() {
    vec2 c = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(c, c);
    if (r2 > 1.0) discard;
    o_color = vec4(v_color * (0.55 + 0.45 * sqrt(1.0 - r2)), 1.0);
}
