#version 450
// The frame path's slot function for the sparse output (voxelize_slots.glsl): slot = the voxel's index in
// hp_sparse's point list, the rank of its virtual-atlas texel (hps_rank.glsl; bound by PointMethod::bindForRank).
// So the colour pass writes the colour of point k into slot k, as voxelize_slot_rank.glsl does for hp_bits; a
// voxel the list does not hold gets HPS_NO_RANK, past every slot count, and is skipped.
#include "hps_rank.glsl"

uint voxColorSlot(ivec3 voxel, ivec3 volume, ivec2 texel) {
    return hpsRank(texel);
}
