#version 450
// Solid mode, crossing passes: every fragment is a crossing of the mesh surface by the ray along z through
// a voxel column's centre. Let k be the first slice whose centre lies above the crossing.
//  - VOX_PARITY_MARK flips bit k of the column's markers (layers 0 .. words-1) and records the lowest k
//    of the column (as Z - k, by atomic max, in layer `words`). The fill XORs the markers up the column,
//    so a voxel is inside when an odd number of crossings lie below its centre. GL's rasterization rules
//    give each column centre exactly one of the triangles sharing an edge, so a closed mesh yields an even
//    number of crossings per column.
//  - VOX_PARITY_COLOR: the crossings at that lowest k store their colour (layer words + 1, atomic max of
//    the RGBA8 bytes, so the result does not depend on fragment order): the interior's colour.
// Based on: Eisemann & Decoret, "Single-Pass GPU Solid Voxelization for Real-Time Applications" (GI 2008).
#include "voxelize_color.glsl"

layout(binding = VOX_IMAGE_PARITY, r32ui) uniform restrict coherent uimage2DArray u_parity;

in vec3 v_color;
in vec2 v_uv;
flat in uint v_slot;

void main() {
    float z = gl_FragCoord.z * 2.0 - 1.0; // depth range [0, 1] -> volume z
    // Slice k's centre is at continuous slice coordinate k; the first centre strictly above z:
    int k = int(floor((z + 1.0) * 0.5 * float(u_params.volume.z) - 0.5)) + 1;
    if (k < 0 || k >= u_params.volume.z) return;
    ivec2 column = ivec2(gl_FragCoord.xy);
    int words = (u_params.volume.z + 31) / 32;
    uint lowest = uint(u_params.volume.z - k); // larger = lower; 0 = no crossing
#if defined(VOX_PARITY_MARK)
    imageAtomicXor(u_parity, ivec3(column, k / 32), 1u << uint(k % 32));
    imageAtomicMax(u_parity, ivec3(column, words), lowest);
#else
    if (imageLoad(u_parity, ivec3(column, words)).x == lowest)
        imageAtomicMax(u_parity, ivec3(column, words + 1), packUnorm4x8(voxQuantize(voxTexturedColor(v_color, v_uv, v_slot))));
#endif
}
