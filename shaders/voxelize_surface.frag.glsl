#version 450
// Voxelizer surface test: one fragment per candidate voxel of a (triangle, slice) quad. The voxel is
// written (rgb = surface colour, alpha 1) only if the triangle marks it under the rule in
// voxelize_rule.glsl; colour = interpolated vertex colour (x Kd) x map_Kd at the sampled point.
#include "voxelize_rule.glsl"

layout(std430, binding = VOX_BIND_TEXTURES) restrict readonly buffer VoxTextures { vec4 b_textures[]; };
layout(binding = VOX_UNIT_TEXTURES) uniform sampler2DArray u_textures;

flat in uint v_triangle;
flat in int v_slice;
layout(location = 0) out vec4 o_color;

vec3 surfaceColor(uint t, vec3 lambda) {
    vec3 w = max(lambda, vec3(0.0));
    w /= max(w.x + w.y + w.z, 1e-20);
    uvec4 tri = b_triangles[t];
    VoxVertex a = b_vertices[tri.x], b = b_vertices[tri.y], c = b_vertices[tri.z];
    vec3 color = w.x * a.color.rgb + w.y * b.color.rgb + w.z * c.color.rgb;
    if (tri.w == 0u) return color;
    vec2 uv = w.x * a.texcoord.xy + w.y * b.texcoord.xy + w.z * c.texcoord.xy;
    vec4 slot = b_textures[tri.w - 1u]; // (u scale, v scale, layer, 0)
    if (slot.x < 1.0 || slot.y < 1.0) {
        // A texture smaller than the array's layers: wrap by hand and stay inside its own texels.
        vec2 halfTexel = 0.5 / vec2(textureSize(u_textures, 0).xy);
        uv = clamp(fract(uv) * slot.xy, halfTexel, slot.xy - halfTexel);
    }
    return color * textureLod(u_textures, vec3(uv, slot.z), 0.0).rgb;
}

void main() {
    ivec2 local = ivec2(gl_FragCoord.xy) - voxTileOrigin(v_slice);
    if (any(lessThan(local, ivec2(0))) || any(greaterThanEqual(local, u_params.volume.xy))) discard;
    vec3 lambda;
    if (!voxSurfaceHit(v_triangle, ivec3(local, v_slice), lambda)) discard;
    o_color = vec4(surfaceColor(v_triangle, lambda), 1.0);
}
