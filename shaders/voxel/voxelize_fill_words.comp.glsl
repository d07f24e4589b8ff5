#version 450
// Solid mode, fill into the occupancy bits (occupancy_bits.h), a WORD at a time: one thread per group of the
// 8 x 4 voxel columns whose bits share one uint in every slice (the bits word's Morton layout: texel bits x0 y0 x1
// y1 x2), walking up the columns 32 slices at a time. The 32 columns' crossing markers of a 32-slice step (32 x 32
// bits: column m's word, bit s = slice s) are transposed into 32 per-slice words (bit m = column m), so the parity
// of all 32 columns is carried as one uint, XORed slice by slice, and each slice's inside voxels are ORed into
// their word with one plain read-modify-write: this thread is the word's only writer during the fill (the
// surface pass that set the shell's bits finished before it). The per-column fill (voxelize_fill.comp.glsl) did an
// atomicOr per inside voxel: 131 M at 1024^3. Needs volume.x % 8 == 0 and volume.y % 4 == 0 (every slice's tile
// then keeps the columns' Morton bits; Voxelizer::fillSolid takes the per-column fill otherwise).
#include "dispatch_groups.glsl"
#include "occupancy_bits.h"
#include "voxelize_common.glsl"

layout(local_size_x = VOX_FILL_LOCAL_SIZE) in;

// The crossing markers as the crossing pass left them bound (VOX_IMAGE_PARITY), loaded as an image: llvmpipe's
// texelFetch takes its general sampling path.
layout(binding = VOX_IMAGE_PARITY, r32ui) uniform readonly uimage2DArray u_parity;
layout(std430, binding = VOX_BIND_BITS) restrict buffer VoxBits { uint b_bits[]; };

// One stage of the 32 x 32 bit transpose (a[m] bit s <-> a[s] bit m): the off-diagonal blocks of size j swapped,
// `keep` the bits whose index has bit j clear.
#define TRANSPOSE_STAGE(j, keep)                                                                               \
    for (int k = 0; k < 32; ++k) {                                                                             \
        if ((k & (j)) != 0) continue;                                                                          \
        uint t = ((a[k] >> uint(j)) ^ a[k + (j)]) & (keep);                                                    \
        a[k] ^= t << uint(j);                                                                                  \
        a[k + (j)] ^= t;                                                                                       \
    }

void main() {
    int words = (u_params.volume.z + 31) / 32;
    int groupsX = u_params.volume.x / 8, groupsY = u_params.volume.y / 4;
    uint id = dispatchIndex(uint(VOX_FILL_LOCAL_SIZE));
    if (id >= uint(groupsX * groupsY)) return;
    ivec2 origin = ivec2(int(id) % groupsX * 8, int(id) / groupsX * 4);
    int blocksX = hpBitsBlocksX(u_params.atlas.x);
    uint parity = 0u; // bit m: column m's parity so far (m: its Morton bits within the word)
    for (int word = 0; word < words; ++word) {
        uint a[32];
        uint any = 0u;
        for (int m = 0; m < 32; ++m) { // column m = (x0 | x1 << 1 | x2 << 2, y0 | y1 << 1) from m's bits
            ivec2 column = origin + ivec2((m & 1) | (m >> 1 & 2) | (m >> 2 & 4), (m >> 1 & 1) | (m >> 2 & 2));
            a[m] = imageLoad(u_parity, ivec3(column, word)).x;
            any |= a[m];
        }
        if (parity == 0u && any == 0u) continue; // all 32 x 32 voxels outside
        TRANSPOSE_STAGE(16, 0x0000ffffu)
        TRANSPOSE_STAGE(8, 0x00ff00ffu)
        TRANSPOSE_STAGE(4, 0x0f0f0f0fu)
        TRANSPOSE_STAGE(2, 0x33333333u)
        TRANSPOSE_STAGE(1, 0x55555555u)
        // a[s]: bit m = a crossing of column m in slice word * 32 + s. The tile of the step's first slice, then
        // stepped along the row (no integer division in the loop).
        int first = word * 32;
        ivec2 tile = ivec2(first % u_params.volume.w, first / u_params.volume.w);
        for (int s = 0; s < 32; ++s) {
            if (first + s >= u_params.volume.z) break;
            parity ^= a[s];
            if (parity != 0u) b_bits[hpBitsWord(tile * u_params.volume.xy + origin, blocksX)] |= parity;
            if (++tile.x == u_params.volume.w) tile = ivec2(0, tile.y + 1);
        }
    }
}
