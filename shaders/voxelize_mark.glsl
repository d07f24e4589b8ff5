// The projected and compute methods' write of one voxel column: the rule (voxelize_rule.glsl) picks the
// voxel along the sampling axis; two passes make the colour independent of the order of the writes and
// equal to the slab methods' "last triangle wins":
//  - VOX_PASS_OWNER: imageAtomicMax(texel, id + 1): the highest mesh-wide triangle id marking the voxel owns it.
//  - VOX_PASS_COLOR: the owner stores its RGBA8 colour. Owner ids are < 2^24 (alpha byte 0) and colours
//    have alpha 255, so no other triangle can mistake a stored colour for its own id.
#pragma once
#include "voxelize_color.glsl"
#include "voxelize_rule.glsl"

layout(binding = VOX_IMAGE_ATLAS_U32, r32ui) uniform restrict coherent uimage2D u_owner;

// Chunk-local triangle t at voxel column `column` of its projection (along its sampling axis).
void voxMarkColumn(uint t, ivec2 column) {
    int axis, cell;
    vec3 lambda;
    ivec2 uv = voxProjectionAxes(max(int(b_setup[t].depth.w), 0));
    if (column.x >= u_params.volume[uv.x] || column.y >= u_params.volume[uv.y]) return;
    if (!voxSampleColumn(t, column, axis, cell, lambda)) return;
    ivec3 voxel;
    voxel[uv.x] = column.x;
    voxel[uv.y] = column.y;
    voxel[axis] = cell;
    ivec2 texel = voxTileOrigin(voxel.z) + voxel.xy;
    uint owner = voxGlobalTriangle(t) + 1u;
#if defined(VOX_PASS_OWNER)
    imageAtomicMax(u_owner, texel, owner);
#else
    if (imageLoad(u_owner, texel).x == owner)
        imageStore(u_owner, texel, uvec4(packUnorm4x8(voxSurfaceColor(t, lambda))));
#endif
}
