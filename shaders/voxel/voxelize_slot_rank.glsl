#version 450
// The frame path's slot function (voxelize_slots.glsl): slot = the voxel's index in hp_bits' point list, the
// rank of its virtual-atlas texel (hpb_rank.glsl; the demo binds the pyramid with PointMethod::bindForRank).
// So the colour pass writes the colour of point k into slot k: what the particles read in bits mode.
#include "hpb_rank.glsl"

uint voxColorSlot(ivec3 voxel, ivec3 volume, ivec2 texel) {
    return hpbRank(texel);
}
