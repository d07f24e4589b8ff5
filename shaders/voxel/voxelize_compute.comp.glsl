#version 450
// Voxelizer, compute method: the projected method's work without the rasterizer. Each triangle visits the
// voxel column centres inside the box of its projection along its sampling axis (voxProjectionBox, the box
// the projected method draws) and writes the voxel the rule gives (voxMarkColumn: the same function, the
// same integers, `precise` arithmetic, so the atlas is the projected method's byte for byte). No setup pass
// and no setup buffer: every pass evaluates voxSetupTriangle (voxelize_setup.glsl) in registers for the
// triangles it visits, bit-identical to the record the setup pass writes for the other methods.
//  - VOX_COMPUTE_TRIANGLES: one invocation per triangle of the bound chunk. A triangle whose box has more
//    than VOX_COMPUTE_LARGE_COLUMNS columns is left to the next dispatch: the owner pass appends it to the
//    chunk's list of large triangles (the bins buffer; its last uvec4 holds the indirect dispatch
//    arguments and the list's length).
//  - VOX_COMPUTE_LARGE: one work group per listed triangle (dispatched indirectly, at most 65535 groups
//    that stride over the list), VOX_COMPUTE_TILE^2 invocations stepping over its box, so one huge
//    triangle does not serialise on one invocation.
// Both run as the owner pass (VOX_PASS_OWNER, which also lists every marked voxel once, voxelize_mark.glsl)
// and, only where that list may overflow (volumes beyond the driver's storage block size), as the colour
// pass (VOX_PASS_COLOR; each invocation returns at once unless the list did overflow).
//  - VOX_COMPUTE_VOXELS: the colour pass over the voxel list, once per chunk: a voxel whose owner is in the
//    bound chunk samples the owner at the voxel's column again (the same call with the same integers as
//    when it marked the voxel, so the same barycentrics) and stores the colour.
// Triangle-parallel surface voxelization after Schwarz & Seidel, "Fast Parallel Surface and Solid
// Voxelization on GPUs" (SIGGRAPH Asia 2010), with the dominant-axis (or slice-axis) sampling rule.
// VOX_PASS_BITS (occupancy-bits output): the per-triangle and large-triangle dispatches as one marking pass
// (it lists large triangles like the owner pass), no voxel list, no colour passes.
// VOX_PASS_SPARSE_BRICKS / VOX_PASS_SPARSE_BITS (sparse output): the brick pass is the per-triangle dispatch
// alone: it marks bricks per block of columns (voxMarkBrickBlocks: even a large triangle has few blocks, so it
// needs no group of its own; llvmpipe pays per group) and lists the large triangles; the bits pass (after the
// allocation) visits the columns with both dispatches, the large ones from that list.
// VOX_PASS_SLOT_OWNER / VOX_PASS_SLOT_COLOR (bits output, colours per slot): the same two dispatches per
// pass; the owner pass lists the large triangles, the colour pass visits that list again.
#if !defined(VOX_PASS_BITS) && !defined(VOX_PASS_SLOT_OWNER) && !defined(VOX_PASS_SLOT_COLOR) && \
    !defined(VOX_PASS_SPARSE_BRICKS) && !defined(VOX_PASS_SPARSE_BITS)
#define VOX_LIST_VOXELS
#endif
#include "dispatch_groups.glsl"
#include "voxelize_mark.glsl"
#include "voxelize_setup.glsl"

#if defined(VOX_COMPUTE_LARGE)
layout(local_size_x = VOX_COMPUTE_TILE, local_size_y = VOX_COMPUTE_TILE) in;
#else
layout(local_size_x = VOX_COMPUTE_LOCAL_SIZE) in;
#endif

// uint view of the chunk's bins buffer: [0, count) listed triangles; at 4 * count: dispatch x, y, z, length.
layout(std430, binding = VOX_BIND_BINS) restrict coherent buffer VoxLarge { uint b_large[]; };

// The columns whose centres lie in the grown box: the pixels the projected method's quad covers. False
// when there are none.
bool voxColumnRange(VoxTriangle tri, out ivec2 first, out ivec2 last) {
    ivec2 uv;
    vec2 lo, hi;
    if (!voxProjectionBox(tri, uv, lo, hi)) return false;
    vec2 columns = vec2(u_params.volume[uv.x], u_params.volume[uv.y]);
    first = max(ivec2(ceil((lo + 1.0) * 0.5 * columns - 0.5)), ivec2(0));
    last = min(ivec2(floor((hi + 1.0) * 0.5 * columns - 0.5)), ivec2(columns) - 1);
    return all(lessThanEqual(first, last));
}

void main() {
#if defined(VOX_COMPUTE_VOXELS)
    uint count = min(b_voxels[3], voxVoxelListCapacity());
    uint first = uint(u_params.chunk.x);
    for (uint i = gl_GlobalInvocationID.x; i < count; i += gl_NumWorkGroups.x * VOX_COMPUTE_LOCAL_SIZE) {
        uint index = b_voxels[VOX_VOXELS_HEADER + i];
        ivec2 texel = ivec2(index % uint(u_params.atlas.x), index / uint(u_params.atlas.x));
        uint owner = imageLoad(u_owner, texel).x; // id + 1, or a colour (alpha 255) stored for another chunk
        if (owner <= first || owner > first + voxTriangleCount()) continue;
        uint t = owner - 1u - first;
        ivec2 tile = texel / u_params.volume.xy;
        ivec3 voxel = ivec3(texel - tile * u_params.volume.xy, tile.y * u_params.volume.w + tile.x);
        bool usable;
        VoxTriangle tri = voxSetupTriangle(t, usable);
        ivec2 uv = voxProjectionAxes(max(int(tri.depth.w), 0));
        voxMarkColumn(t, tri, ivec2(voxel[uv.x], voxel[uv.y]));
    }
#else
#if defined(VOX_PASS_COLOR)
    if (b_voxels[3] <= voxVoxelListCapacity()) return; // the voxel list holds every voxel: done
#endif
    uint header = 4u * voxTriangleCount();
    ivec2 first, last;
#if defined(VOX_COMPUTE_LARGE)
    uint count = b_large[header + 3u];
    ivec2 lane = ivec2(gl_LocalInvocationID.xy);
    for (uint i = gl_WorkGroupID.x; i < count; i += gl_NumWorkGroups.x) {
        uint t = b_large[i];
        bool usable;
        VoxTriangle tri = voxSetupTriangle(t, usable);
        if (!voxColumnRange(tri, first, last)) continue;
        for (int v = first.y + lane.y; v <= last.y; v += VOX_COMPUTE_TILE)
            for (int u = first.x + lane.x; u <= last.x; u += VOX_COMPUTE_TILE)
                voxMarkColumn(t, tri, ivec2(u, v));
    }
#else
    // 2D dispatch past 65535 groups (4M triangles): rows of gl_NumWorkGroups.x groups.
    uint t = dispatchIndex(uint(VOX_COMPUTE_LOCAL_SIZE));
    if (t >= voxTriangleCount()) return;
    bool usable;
    VoxTriangle tri = voxSetupTriangle(t, usable);
    if (!voxColumnRange(tri, first, last)) return;
    ivec2 size = last - first + 1;
    if (size.x * size.y > VOX_COMPUTE_LARGE_COLUMNS) {
#if defined(VOX_PASS_OWNER) || defined(VOX_PASS_BITS) || defined(VOX_PASS_SLOT_OWNER) || defined(VOX_PASS_SPARSE_BRICKS)
        uint slot = atomicAdd(b_large[header + 3u], 1u);
        b_large[slot] = t;
        atomicMax(b_large[header], min(slot + 1u, 65535u)); // groups: the list's length, at most 65535
#endif
#if !defined(VOX_PASS_SPARSE_BRICKS) // its blocks are few even for a large triangle: no group of its own
        return;
#endif
    }
#if defined(VOX_PASS_SPARSE_BRICKS)
    voxMarkBrickBlocks(tri, first, last);
#else
    for (int v = first.y; v <= last.y; ++v)
        for (int u = first.x; u <= last.x; ++u)
            voxMarkColumn(t, tri, ivec2(u, v));
#endif
#endif
#endif
}
