#version 450
// Voxelizer surface test: one fragment per candidate voxel of a (triangle, slice) quad. The voxel is
// written (rgb = surface colour, alpha 1) only if the triangle marks it under the rule in
// voxelize_rule.glsl; colour = interpolated vertex colour (x Kd) x map_Kd at the sampled point.
#include "voxelize_color.glsl"
#include "voxelize_rule.glsl"

flat in uint v_triangle;
flat in int v_slice;
layout(location = 0) out vec4 o_color;

void main() {
    ivec2 local = ivec2(gl_FragCoord.xy) - voxTileOrigin(v_slice);
    if (any(lessThan(local, ivec2(0))) || any(greaterThanEqual(local, u_params.volume.xy))) discard;
    vec3 lambda;
    if (!voxSurfaceHit(v_triangle, ivec3(local, v_slice), lambda)) discard;
    o_color = voxSurfaceColor(v_triangle, lambda);
}
