// The projected and compute methods' write of one voxel column: the rule (voxelize_rule.glsl) picks the
// voxel along the sampling axis; two passes make the colour independent of the order of the writes and
// equal to the slab methods' "last triangle wins":
//  - VOX_PASS_OWNER: imageAtomicMax(texel, id + 1): the highest mesh-wide triangle id marking the voxel owns
//    it. With VOX_LIST_VOXELS (compute method), the first triangle to mark a voxel (the texel was 0) also
//    appends the texel to the voxel list, so the colour pass can visit voxels instead of triangles.
//  - VOX_PASS_COLOR: the owner stores its RGBA8 colour. Owner ids are < 2^24 (alpha byte 0) and colours
//    have alpha 255, so no other triangle can mistake a stored colour for its own id.
//  - VOX_PASS_BITS (occupancy-bits output): atomicOr of the voxel's bit (occupancy_bits.h) at its atlas
//    texel; one pass, since a bit does not depend on which triangle sets it.
//  - VOX_PASS_SPARSE_BRICKS / VOX_PASS_SPARSE_BITS (sparse output, occupancy_sparse.h): the first pass ORs the
//    bit of the voxel's brick into the coarse map (once per run of columns in one brick); after the allocation
//    the second ORs the voxel's bit into its brick's slot (none past the pool's capacity: the frame is flagged).
//  - VOX_PASS_SLOT_OWNER / VOX_PASS_SLOT_COLOR (bits output, colours: voxelize_slots.glsl): the owner and
//    colour passes again, with the destination "slot of the voxel" instead of its atlas texel.
#pragma once
#include "voxelize_color.glsl"
#include "voxelize_rule.glsl"

#if defined(VOX_PASS_BITS)
#include "occupancy_bits.h"
layout(std430, binding = VOX_BIND_BITS) restrict buffer VoxBits { uint b_bits[]; };
#elif defined(VOX_PASS_SPARSE_BRICKS) || defined(VOX_PASS_SPARSE_BITS)
#include "occupancy_sparse.h"
layout(std430, binding = SPARSE_BIND_INDEX) restrict buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) restrict buffer SparsePool { uint b_pool[]; };
// The brick this invocation marked (or found the slot of) last: its next columns mostly lie in the same brick,
// whose bit is set, whose slot is known.
uint g_lastBrick = 0xFFFFFFFFu;
uint g_lastSlot = 0u;
#elif defined(VOX_PASS_SLOT_OWNER) || defined(VOX_PASS_SLOT_COLOR)
#include "voxelize_slots.glsl"
#else
layout(binding = VOX_IMAGE_ATLAS_U32, r32ui) uniform restrict coherent uimage2D u_owner;
#endif

#if defined(VOX_LIST_VOXELS)
// Compute method (voxelize_compute.comp.glsl): VOX_VOXELS_HEADER uints (indirect dispatch x, y, z, count),
// then the texels (y * atlas size + x) of the marked voxels, each once.
layout(std430, binding = VOX_BIND_ARGS) restrict coherent buffer VoxVoxels { uint b_voxels[]; };

uint voxVoxelListCapacity() {
    return uint(b_voxels.length()) - VOX_VOXELS_HEADER;
}
#endif

// Chunk-local triangle t (tri = b_setup[t]) at voxel column `column` of its projection along its axis.
void voxMarkColumn(uint t, VoxTriangle tri, ivec2 column) {
    int axis, cell;
    vec3 lambda;
    ivec2 uv = voxProjectionAxes(max(int(tri.depth.w), 0));
    if (column.x >= u_params.volume[uv.x] || column.y >= u_params.volume[uv.y]) return;
    if (!voxSampleTriangle(tri, column, axis, cell, lambda)) return;
    ivec3 voxel;
    voxel[uv.x] = column.x;
    voxel[uv.y] = column.y;
    voxel[axis] = cell;
    ivec2 texel = voxTileOrigin(voxel.z) + voxel.xy;
    uint owner = voxGlobalTriangle(t) + 1u;
#if defined(VOX_PASS_BITS)
    atomicOr(b_bits[hpBitsWord(texel, hpBitsBlocksX(u_params.atlas.x))], hpBitsMask(texel));
#elif defined(VOX_PASS_SPARSE_BRICKS)
    uint brick = hpSparseBrick(texel);
    if (brick != g_lastBrick) {
        atomicOr(b_index[SPARSE_HEADER + (brick >> 5)], 1u << (brick & 31u));
        g_lastBrick = brick;
    }
#elif defined(VOX_PASS_SPARSE_BITS)
    // Slot: the marked bricks before this one in Morton order (its word's base + those below it in the word).
    uint brick = hpSparseBrick(texel);
    if (brick != g_lastBrick) {
        uint word = brick >> 5;
        uint below = b_index[SPARSE_HEADER + word] & ((1u << (brick & 31u)) - 1u);
        g_lastSlot = b_index[hpSparseBaseOffset(u_params.atlas.x) + int(word)] + uint(bitCount(below));
        g_lastBrick = brick;
    }
    uint slot = g_lastSlot;
    if (slot >= b_index[SPARSE_CAPACITY]) return;
    uint inBrick = hpSparseInBrick(texel);
    atomicOr(b_pool[slot * uint(SPARSE_BRICK_WORDS) + (inBrick >> 5)], 1u << (inBrick & 31u));
#elif defined(VOX_SLOTS)
    uint slot = voxColorSlot(voxel, u_params.volume.xyz, texel);
    if (slot >= voxSlotCount()) return;
#if defined(VOX_PASS_SLOT_OWNER)
    atomicMax(b_slotOwners[VOX_SLOTS_HEADER + slot], owner);
#else
    if (b_slotOwners[VOX_SLOTS_HEADER + slot] == owner) b_slotColors[slot] = packUnorm4x8(voxSurfaceColor(t, lambda));
#endif
#elif defined(VOX_PASS_OWNER)
    uint previous = imageAtomicMax(u_owner, texel, owner);
#if defined(VOX_LIST_VOXELS)
    if (previous == 0u) {
        uint slot = atomicAdd(b_voxels[3], 1u);
        if (slot < voxVoxelListCapacity()) {
            b_voxels[VOX_VOXELS_HEADER + slot] = uint(texel.y * u_params.atlas.x + texel.x);
            atomicMax(b_voxels[0], min(slot / VOX_COMPUTE_LOCAL_SIZE + 1u, 65535u));
        }
    }
#endif
#else
    if (imageLoad(u_owner, texel).x == owner)
        imageStore(u_owner, texel, uvec4(packUnorm4x8(voxSurfaceColor(t, lambda))));
#endif
}
