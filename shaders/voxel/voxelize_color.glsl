// The colour of a marked voxel: interpolated vertex colour (x Kd) x map_Kd at the sampled point, with
// alpha 1. Quantized to RGBA8 here, so framebuffer writes (slab methods) and image stores (projected
// method) store the same bytes whatever rounding each path's float -> unorm conversion uses.
#pragma once
#include "voxelize_common.glsl"

layout(std430, binding = VOX_BIND_TEXTURES) restrict readonly buffer VoxTextures { vec4 b_textures[]; };
layout(binding = VOX_UNIT_TEXTURES) uniform sampler2DArray u_textures;

// `slot` = texture slot + 1 (0 = untextured), as in b_triangles[t].w.
vec3 voxTexturedColor(vec3 color, vec2 uv, uint slot) {
    if (slot == 0u) return color;
    vec4 tex = b_textures[slot - 1u]; // (u scale, v scale, layer, 0)
    if (tex.x < 1.0 || tex.y < 1.0) {
        // A texture smaller than the array's layers: wrap by hand and stay inside its own texels.
        vec2 halfTexel = 0.5 / vec2(textureSize(u_textures, 0).xy);
        uv = clamp(fract(uv) * tex.xy, halfTexel, tex.xy - halfTexel);
    }
    precise vec3 textured = color * textureLod(u_textures, vec3(uv, tex.z), 0.0).rgb;
    return textured;
}

// `precise` throughout: the same inputs must give the same bytes in every method's program.
vec3 voxUnquantizedColor(uint t, vec3 lambda) {
    precise vec3 w = max(lambda, vec3(0.0));
    w /= max(w.x + w.y + w.z, 1e-20);
    uvec4 tri = b_triangles[t];
    VoxVertex a = b_vertices[tri.x], b = b_vertices[tri.y], c = b_vertices[tri.z];
    precise vec3 color = w.x * a.color.rgb + w.y * b.color.rgb + w.z * c.color.rgb;
    precise vec2 uv = w.x * a.texcoord.xy + w.y * b.texcoord.xy + w.z * c.texcoord.xy;
    return voxTexturedColor(color, uv, tri.w);
}

// k/255 exactly: every path converts it back to the byte k.
vec4 voxQuantize(vec3 color) {
    precise vec3 bytes = floor(clamp(color, 0.0, 1.0) * 255.0 + 0.5);
    return vec4(bytes / 255.0, 1.0);
}

vec4 voxSurfaceColor(uint t, vec3 lambda) {
    return voxQuantize(voxUnquantizedColor(t, lambda));
}
