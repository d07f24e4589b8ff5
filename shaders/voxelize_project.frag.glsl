#version 450
// Voxelizer, projected method: a fragment is a voxel column of its triangle's projection; the rule gives
// the voxel along the sampling axis, written into the atlas through an R32UI view of it. Two passes make
// the colour independent of fragment order and equal to the slab methods' "last triangle wins":
//  - VOX_PASS_OWNER: imageAtomicMax(texel, t + 1): the highest-index triangle marking the voxel owns it.
//  - VOX_PASS_COLOR: the owner stores its RGBA8 colour. Owner ids are < 2^24 (alpha byte 0) and colours
//    have alpha 255, so no other triangle can mistake a stored colour for its own id.
#include "voxelize_color.glsl"
#include "voxelize_rule.glsl"

layout(binding = VOX_IMAGE_ATLAS_U32, r32ui) uniform restrict coherent uimage2D u_owner;

flat in uint v_triangle;

void main() {
    int axis, cell;
    vec3 lambda;
    ivec2 column = ivec2(gl_FragCoord.xy);
    ivec2 uv = voxProjectionAxes(max(int(b_setup[v_triangle].depth.w), 0));
    if (column.x >= u_params.volume[uv.x] || column.y >= u_params.volume[uv.y]) return;
    if (!voxSampleColumn(v_triangle, column, axis, cell, lambda)) return;
    ivec3 voxel;
    voxel[uv.x] = column.x;
    voxel[uv.y] = column.y;
    voxel[axis] = cell;
    ivec2 texel = voxTileOrigin(voxel.z) + voxel.xy;
#if defined(VOX_PASS_OWNER)
    imageAtomicMax(u_owner, texel, v_triangle + 1u);
#else
    if (imageLoad(u_owner, texel).x == v_triangle + 1u)
        imageStore(u_owner, texel, uvec4(packUnorm4x8(voxSurfaceColor(v_triangle, lambda))));
#endif
}
