#version 450
// Solid mode, fill: one thread per voxel column, over its 32-slice words of crossing markers. The parity of
// the markers below a voxel, inclusive, says whether its centre is inside the mesh; an inside voxel that
// the surface pass left empty gets its column's interior colour. imageAtomicCompSwap(0 -> colour) writes
// only empty texels, so shell voxels stay exactly as the surface pass (any method) left them and the
// atlas is never read: the work follows the inside voxels, not the volume.
// VOX_FILL_BITS (occupancy-bits output): the same parity, and each inside voxel's bit is ORed instead; the
// atlas fill writes exactly the inside voxels the surface left empty, so both outputs hold the same set.
// VOX_FILL_SLOTS (bits output, colours per slot): each inside voxel without a surface owner gets its
// column's interior colour at its slot.
#include "dispatch_groups.glsl"
#include "voxelize_common.glsl"

layout(local_size_x = VOX_FILL_LOCAL_SIZE) in;

// The crossing markers as the crossing pass left them bound (VOX_IMAGE_PARITY), loaded as an image: llvmpipe's
// texelFetch takes its general sampling path.
layout(binding = VOX_IMAGE_PARITY, r32ui) uniform readonly uimage2DArray u_parity;
#if defined(VOX_FILL_BITS)
#include "occupancy_bits.h"
layout(std430, binding = VOX_BIND_BITS) restrict buffer VoxBits { uint b_bits[]; };
#elif defined(VOX_FILL_SLOTS)
#include "voxelize_slots.glsl"
#else
layout(binding = VOX_IMAGE_ATLAS_U32, r32ui) uniform restrict uimage2D u_atlas;
#endif

void main() {
    int words = (u_params.volume.z + 31) / 32;
    // 2D dispatch past 65535 groups: rows of gl_NumWorkGroups.x groups. Neighbouring threads take
    // neighbouring columns, so their texels are neighbours in the same tiles.
    uint id = dispatchIndex(uint(VOX_FILL_LOCAL_SIZE));
    uint columns = uint(u_params.volume.x * u_params.volume.y);
    if (id >= columns) return;
    ivec2 column = ivec2(int(id) % u_params.volume.x, int(id) / u_params.volume.x);
    if (imageLoad(u_parity, ivec3(column, words)).x == 0u) return; // no crossing in this column
#if defined(VOX_FILL_BITS)
    int blocksX = hpBitsBlocksX(u_params.atlas.x);
#elif defined(VOX_FILL_SLOTS)
    uint color = imageLoad(u_parity, ivec3(column, words + 1)).x;
    uint count = voxSlotCount();
#else
    uint color = imageLoad(u_parity, ivec3(column, words + 1)).x;
#endif
    // Up the column word by word, the parity carried along (one thread per column, not per word: a
    // thread per (column, word) recomputed the parity of every word below, O(words^2) fetches per column,
    // half the fill's time at 1024^3 on llvmpipe).
    uint parity = 0u;
    for (int word = 0; word < words; ++word) {
        uint markers = imageLoad(u_parity, ivec3(column, word)).x;
        if ((parity & 1u) == 0u && markers == 0u) continue; // all 32 voxels outside
        // Tile of the word's first slice, then stepped along the row: no integer division in the loop
        // (llvmpipe has no vector division; it runs eight scalar ones per step otherwise).
        int first = word * 32;
        ivec2 tile = ivec2(first % u_params.volume.w, first / u_params.volume.w);
        for (int slice = first; slice < min(first + 32, u_params.volume.z); ++slice) {
            parity ^= (markers >> uint(slice - first)) & 1u;
#if defined(VOX_FILL_BITS)
            ivec2 texel = tile * u_params.volume.xy + column;
            if ((parity & 1u) != 0u) atomicOr(b_bits[hpBitsWord(texel, blocksX)], hpBitsMask(texel));
#elif defined(VOX_FILL_SLOTS)
            if ((parity & 1u) != 0u) { // the atlas fill's compare-and-swap of 0, per slot
                uint slot = voxColorSlot(ivec3(column, slice), u_params.volume.xyz, tile * u_params.volume.xy + column);
                if (slot < count && b_slotOwners[VOX_SLOTS_HEADER + slot] == 0u) b_slotColors[slot] = color;
            }
#else
            if ((parity & 1u) != 0u) imageAtomicCompSwap(u_atlas, tile * u_params.volume.xy + column, 0u, color);
#endif
            if (++tile.x == u_params.volume.w) tile = ivec2(0, tile.y + 1);
        }
    }
}
