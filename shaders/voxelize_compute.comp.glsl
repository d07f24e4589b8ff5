#version 450
// Voxelizer, compute method: the projected method's work without the rasterizer. Each triangle visits the
// voxel column centres inside the box of its projection along its sampling axis (voxProjectionBox, the box
// the projected method draws) and writes the voxel the rule gives (voxMarkColumn: the same function, the
// same integers, `precise` arithmetic, so the atlas is the projected method's byte for byte), in an owner
// pass and a colour pass (VOX_PASS_OWNER / VOX_PASS_COLOR).
//  - VOX_COMPUTE_TRIANGLES: one invocation per triangle of the bound chunk. A triangle whose box has more
//    than VOX_COMPUTE_LARGE_COLUMNS columns is left to the next dispatch: the owner pass appends it to the
//    chunk's list of large triangles (the bins buffer; its last uvec4 holds the indirect dispatch
//    arguments and the list's length).
//  - VOX_COMPUTE_LARGE: one work group per listed triangle (dispatched indirectly, at most 65535 groups
//    that stride over the list), VOX_COMPUTE_TILE^2 invocations stepping over its box, so one huge
//    triangle does not serialise on one invocation.
// Triangle-parallel surface voxelization after Schwarz & Seidel, "Fast Parallel Surface and Solid
// Voxelization on GPUs" (SIGGRAPH Asia 2010), with the dominant-axis (or slice-axis) sampling rule.
#include "voxelize_mark.glsl"

#if defined(VOX_COMPUTE_LARGE)
layout(local_size_x = VOX_COMPUTE_TILE, local_size_y = VOX_COMPUTE_TILE) in;
#else
layout(local_size_x = VOX_COMPUTE_LOCAL_SIZE) in;
#endif

// uint view of the chunk's bins buffer: [0, count) listed triangles; at 4 * count: dispatch x, y, z, length.
layout(std430, binding = VOX_BIND_BINS) restrict coherent buffer VoxLarge { uint b_large[]; };

// The columns whose centres lie in the grown box: the pixels the projected method's quad covers. False
// when there are none.
bool voxColumnRange(uint t, out ivec2 first, out ivec2 last) {
    ivec2 uv;
    vec2 lo, hi;
    if (!voxProjectionBox(t, uv, lo, hi)) return false;
    vec2 columns = vec2(u_params.volume[uv.x], u_params.volume[uv.y]);
    first = max(ivec2(ceil((lo + 1.0) * 0.5 * columns - 0.5)), ivec2(0));
    last = min(ivec2(floor((hi + 1.0) * 0.5 * columns - 0.5)), ivec2(columns) - 1);
    return all(lessThanEqual(first, last));
}

void main() {
    uint header = 4u * voxTriangleCount();
    ivec2 first, last;
#if defined(VOX_COMPUTE_LARGE)
    uint count = b_large[header + 3u];
    ivec2 lane = ivec2(gl_LocalInvocationID.xy);
    for (uint i = gl_WorkGroupID.x; i < count; i += gl_NumWorkGroups.x) {
        uint t = b_large[i];
        if (!voxColumnRange(t, first, last)) continue;
        for (int v = first.y + lane.y; v <= last.y; v += VOX_COMPUTE_TILE)
            for (int u = first.x + lane.x; u <= last.x; u += VOX_COMPUTE_TILE)
                voxMarkColumn(t, ivec2(u, v));
    }
#else
    // 2D dispatch past 65535 groups (4M triangles): rows of gl_NumWorkGroups.x groups.
    uint t = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * VOX_COMPUTE_LOCAL_SIZE + gl_GlobalInvocationID.x;
    if (t >= voxTriangleCount() || !voxColumnRange(t, first, last)) return;
    ivec2 size = last - first + 1;
    if (size.x * size.y > VOX_COMPUTE_LARGE_COLUMNS) {
#if defined(VOX_PASS_OWNER)
        uint slot = atomicAdd(b_large[header + 3u], 1u);
        b_large[slot] = t;
        atomicMax(b_large[header], min(slot + 1u, 65535u)); // groups: the list's length, at most 65535
#endif
        return;
    }
    for (int v = first.y; v <= last.y; ++v)
        for (int u = first.x; u <= last.x; ++u)
            voxMarkColumn(t, ivec2(u, v));
#endif
}
