#version 450
// Solid mode, fill: one thread per (voxel column, 32-slice word of its crossing markers). The parity of
// the markers below a voxel, inclusive, says whether its centre is inside the mesh; an inside voxel that
// the surface pass left empty gets its column's interior colour. imageAtomicCompSwap(0 -> colour) writes
// only empty texels, so shell voxels stay exactly as the surface pass (any method) left them and the
// atlas is never read: the work follows the inside voxels, not the volume.
#include "voxelize_common.glsl"

layout(local_size_x = VOX_FILL_LOCAL_SIZE) in;

layout(binding = VOX_UNIT_PARITY) uniform usampler2DArray u_parity;
layout(binding = VOX_IMAGE_ATLAS_U32, r32ui) uniform restrict uimage2D u_atlas;

void main() {
    int words = (u_params.volume.z + 31) / 32;
    // 2D dispatch past 65535 groups: rows of gl_NumWorkGroups.x groups.
    uint id = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * VOX_FILL_LOCAL_SIZE + gl_GlobalInvocationID.x;
    int word = int(id % uint(words));
    uint columnIndex = id / uint(words);
    ivec2 column = ivec2(int(columnIndex % uint(u_params.volume.x)), int(columnIndex / uint(u_params.volume.x)));
    if (column.y >= u_params.volume.y) return;
    if (texelFetch(u_parity, ivec3(column, words), 0).x == 0u) return; // no crossing in this column
    uint parity = 0u;
    for (int w = 0; w < word; ++w)
        parity ^= uint(bitCount(texelFetch(u_parity, ivec3(column, w), 0).x));
    uint markers = texelFetch(u_parity, ivec3(column, word), 0).x;
    if ((parity & 1u) == 0u && markers == 0u) return; // all 32 voxels outside
    uint color = texelFetch(u_parity, ivec3(column, words + 1), 0).x;
    for (int b = 0; b < 32; ++b) {
        int slice = word * 32 + b;
        if (slice >= u_params.volume.z) break;
        parity ^= (markers >> uint(b)) & 1u;
        if ((parity & 1u) != 0u) imageAtomicCompSwap(u_atlas, voxTileOrigin(slice) + column, 0u, color);
    }
}
