#version 450
// Voxelizer, projected method: each triangle once, as the box of its projection along its sampling axis
// (voxProjectionBox: grown by 0.05 voxel so GL's edge rules never decide) in a viewport of one pixel per
// voxel column of that projection. Vertex pulling, six vertices per triangle. The fragment shader applies
// the rule. Single-pass dominant-axis voxelization after Crassin & Green (OpenGL Insights 2012).
#include "voxelize_rule.glsl"

flat out uint v_triangle;

void main() {
    uint t = uint(gl_VertexID) / 6u;
    int corner = gl_VertexID % 6;
    v_triangle = t;
    ivec2 uv;
    vec2 lo, hi;
    if (!voxProjectionBox(b_setup[t], uv, lo, hi)) {
        gl_Position = vec4(-2.0, -2.0, 0.0, 1.0); // degenerate and outside: no fragments
        return;
    }
    vec2 columns = vec2(u_params.volume[uv.x], u_params.volume[uv.y]);
    bool right = corner == 1 || corner == 2 || corner == 4;
    bool top = corner == 2 || corner == 4 || corner == 5;
    vec2 pixel = (vec2(right ? hi.x : lo.x, top ? hi.y : lo.y) + 1.0) * 0.5 * columns;
    gl_Position = vec4(pixel * (2.0 / float(u_params.atlas.w)) - 1.0, 0.0, 1.0);
}
