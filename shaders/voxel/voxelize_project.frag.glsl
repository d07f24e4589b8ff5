#version 450
// Voxelizer, projected method: a fragment is a voxel column of its triangle's projection; the rule gives
// the voxel along the sampling axis, written into the atlas through an R32UI view of it, in an owner pass
// and a colour pass (VOX_PASS_OWNER / VOX_PASS_COLOR, voxelize_mark.glsl).
#include "voxelize_mark.glsl"

flat in uint v_triangle;

void main() {
    voxMarkColumn(v_triangle, b_setup[v_triangle], ivec2(gl_FragCoord.xy));
}
