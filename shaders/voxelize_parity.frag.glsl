#version 450
// Solid mode, pass 1: every fragment is a crossing of the mesh surface by the ray along z through a voxel
// column's centre. It flips the marker bit of the first voxel whose centre lies above the crossing; the
// fill pass then XORs the markers up the column, so a voxel is inside when an odd number of crossings lie
// below its centre. GL's rasterization rules give each column centre exactly one of the triangles that
// share an edge, so a closed mesh yields an even number of crossings per column.
// Based on: Eisemann & Decoret, "Single-Pass GPU Solid Voxelization for Real-Time Applications" (GI 2008).
#include "voxelize_common.glsl"

layout(binding = VOX_IMAGE_PARITY, r32ui) uniform restrict coherent uimage2DArray u_parity;

void main() {
    float z = gl_FragCoord.z * 2.0 - 1.0; // depth range [0, 1] -> volume z
    // Slice k's centre is at continuous slice coordinate k; the first centre strictly above z:
    int k = int(floor((z + 1.0) * 0.5 * float(u_params.volume.z) - 0.5)) + 1;
    if (k < 0 || k >= u_params.volume.z) return;
    imageAtomicXor(u_parity, ivec3(ivec2(gl_FragCoord.xy), k / 32), 1u << uint(k % 32));
}
