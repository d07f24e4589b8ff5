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
//  - VOX_PASS_SPARSE_BRICKS / VOX_PASS_SPARSE_BITS (sparse output, occupancy_sparse.h): the first pass ORs into
//    the coarse map the bit of every brick a block of columns can reach (voxMarkBrickBlocks: a superset of the
//    voxels' bricks, from the triangle's depth over the block, not the rule per column); after the allocation the
//    second ORs each voxel's bit into its brick's slot (none past the pool's capacity: the frame is flagged).
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
// The brick this invocation marked (brick pass) or found the slot of (bits pass) last: its next columns mostly lie
// in the same brick, whose bit is set, whose slot is known.
#if defined(VOX_PASS_SPARSE_BRICKS)
uint g_lastBrick = 0xFFFFFFFFu;
#else
ivec2 g_lastBrickXY = ivec2(-1);
uint g_lastSlot = 0u;
#define SPARSE_NO_SLOT 0xFFFFFFFFu // the brick's slot is past the capacity: its voxels are skipped
#endif
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

#if defined(VOX_PASS_SPARSE_BRICKS)
// The brick pass marks a superset of the bricks the rule's voxels lie in, per block of columns instead of per
// column: columns (u, v) along the projection axes, 32 x 32 for a triangle sampled along z (a block's voxels lie in
// one brick column of each slice), 32 x 1 (x) or 1 x 32 (y) otherwise (one slice, 32 texels across). A block's
// voxels lie between the depths of its corner columns (the depth is affine in the column: the plane through the
// triangle), within the triangle's own depth range; the cells between them are marked in every slice they
// reach. A superset costs a slot per empty brick, never a point; exact bricks would cost a rule per column.
ivec2 voxBrickBlock(int axis) {
    return ivec2(axis == 1 ? 1 : SPARSE_BRICK, axis == 0 ? 1 : SPARSE_BRICK);
}

void voxMarkBrick(ivec2 texel) {
    uint brick = hpSparseBrick(texel);
    if (brick != g_lastBrick) {
        atomicOr(b_index[SPARSE_HEADER + (brick >> 5)], 1u << (brick & 31u));
        g_lastBrick = brick;
    }
}

// Marks the bricks of the voxels the rule can give triangle `tri` in the columns [lo, hi] (inclusive).
void voxMarkBrickBlock(VoxTriangle tri, ivec2 lo, ivec2 hi) {
    int axis = int(tri.depth.w);
    ivec2 uv = voxProjectionAxes(axis);
    vec3 size = voxVoxelSize();
    // The plane's slopes from the normal (stable for slivers, whose barycentric coefficients are huge): |s| <= 1
    // with the dominant axis; the slice-axis rule's steep triangles get wide ranges, then the vertex clamp.
    vec3 p0 = tri.world[0].xyz;
    vec3 n = cross(tri.world[1].xyz - p0, tri.world[2].xyz - p0);
    vec2 slope = -vec2(n[uv.x], n[uv.y]) / n[axis];
    float dmin = min(tri.depth.x, min(tri.depth.y, tri.depth.z));
    float dmax = max(tri.depth.x, max(tri.depth.y, tri.depth.z));
    float a = 1e30, b = -1e30;
    for (int corner = 0; corner < 4; ++corner) {
        ivec2 column = ivec2((corner & 1) != 0 ? hi.x : lo.x, (corner & 2) != 0 ? hi.y : lo.y);
        vec2 centre = -1.0 + (vec2(column) + 0.5) * vec2(size[uv.x], size[uv.y]);
        float along = p0[axis] + dot(slope, centre - vec2(p0[uv.x], p0[uv.y]));
        a = min(a, along);
        b = max(b, along);
    }
    // Margins past the rounding of both this plane and the rule's barycentrics (relative 1e-7 of terms <= 2,
    // and the barycentric tolerance VOX_EDGE_EPSILON): 1e-5 is 0.5% of a voxel at 1024^3.
    float margin = 1e-5 * (1.0 + abs(slope.x) + abs(slope.y));
    if (!(a <= b)) { // a non-finite slope: the triangle's whole depth range
        a = dmin;
        b = dmax;
    }
    a = max(a, dmin) - margin;
    b = min(b, dmax) + margin;
    if (a > 1.0 || b < -1.0) return; // the rule gives no voxel outside the volume
    int cells = u_params.volume[axis];
    int c0 = clamp(int(floor((a + 1.0) * 0.5 * float(cells))), 0, cells - 1);
    int c1 = clamp(int(floor((b + 1.0) * 0.5 * float(cells))), 0, cells - 1);
    ivec3 vlo, vhi;
    vlo[uv.x] = lo.x;
    vhi[uv.x] = hi.x;
    vlo[uv.y] = lo.y;
    vhi[uv.y] = hi.y;
    vlo[axis] = c0;
    vhi[axis] = c1;
    for (int z = vlo.z; z <= vhi.z; ++z) {
        ivec2 t0 = voxTileOrigin(z) + vlo.xy, t1 = voxTileOrigin(z) + vhi.xy;
        for (int y = t0.y & ~(SPARSE_BRICK - 1); y <= t1.y; y += SPARSE_BRICK)
            for (int x = t0.x & ~(SPARSE_BRICK - 1); x <= t1.x; x += SPARSE_BRICK)
                voxMarkBrick(ivec2(x, y));
    }
}

// Marks the bricks of the columns [first, last] of `tri`, block by block.
void voxMarkBrickBlocks(VoxTriangle tri, ivec2 first, ivec2 last) {
    ivec2 block = voxBrickBlock(int(tri.depth.w));
    ivec2 b0 = first / block, b1 = last / block;
    for (int bv = b0.y; bv <= b1.y; ++bv)
        for (int bu = b0.x; bu <= b1.x; ++bu)
            voxMarkBrickBlock(tri, max(first, ivec2(bu, bv) * block), min(last, ivec2(bu, bv) * block + block - 1));
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
    // Nothing per column: the brick pass marks blocks of columns (voxMarkBrickBlocks).
#elif defined(VOX_PASS_SPARSE_BITS)
    // Slot: the marked bricks before this one in Morton order (its word's base + those below it in the word).
    // Looked up only when the brick changes (compared by its coordinates: no Morton code per voxel), the
    // capacity with it and from the pool's length (capacity x SPARSE_SLOT_UINTS: no third load). The lookup's
    // two loads are most of what this pass costs over the dense bits' on llvmpipe (docs/SPARSE.md).
    ivec2 brickXY = texel >> SPARSE_BRICK_LOG2;
    if (brickXY != g_lastBrickXY) {
        uint brick = hpMorton2(brickXY);
        uint word = brick >> 5;
        g_lastSlot = hpSparseSlot(b_index[SPARSE_HEADER + word],
                                  b_index[hpSparseBaseOffset(u_params.atlas.x) + int(word)], brick);
        if (g_lastSlot >= uint(b_pool.length()) / uint(SPARSE_SLOT_UINTS)) g_lastSlot = SPARSE_NO_SLOT;
        g_lastBrickXY = brickXY;
    }
    uint slot = g_lastSlot;
    if (slot == SPARSE_NO_SLOT) return;
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
