#version 450
// The dense slot function (voxelize_slots.glsl): slot = the voxel's linear index x + X (y + Y z), i.e. a
// colour per voxel of the volume. For tests and debugging: it needs 4 bytes per voxel, which the bits output
// exists to avoid; the frame path links the HistoPyramid's rank instead (slot = index in the point list).
uint voxColorSlot(ivec3 voxel, ivec3 volume, ivec2 texel) {
    return uint(voxel.x + volume.x * (voxel.y + volume.y * voxel.z));
}
