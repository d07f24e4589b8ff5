#version 450
// Voxelizer binning, step 2: exclusive prefix sum of the per-triangle slice counts (the first pair of each
// triangle) and the indirect draw arguments (6 vertices per pair). One work group: thread i sums a
// contiguous run of triangles serially, the runs' totals are scanned in shared memory, then each thread
// writes its run's offsets. Keeping pairs in triangle order is what lets the binned draw reproduce the
// other methods' colours exactly. Counts saturate at VOX_MAX_PAIRS (flagged in the arguments).
#include "voxelize_common.glsl"

layout(local_size_x = VOX_SCAN_LOCAL_SIZE) in;

layout(std430, binding = VOX_BIND_BINS) restrict buffer VoxBins { uvec4 b_bins[]; };
layout(std430, binding = VOX_BIND_ARGS) restrict writeonly buffer VoxArgs { uint b_args[]; };

shared uint s_runTotal[VOX_SCAN_LOCAL_SIZE];

uint saturatingAdd(uint a, uint b) {
    return b > VOX_MAX_PAIRS - min(a, VOX_MAX_PAIRS) ? VOX_MAX_PAIRS : a + b;
}

void main() {
    uint i = gl_LocalInvocationID.x;
    uint run = (voxTriangleCount() + VOX_SCAN_LOCAL_SIZE - 1u) / VOX_SCAN_LOCAL_SIZE;
    uint first = min(i * run, voxTriangleCount()), last = min(first + run, voxTriangleCount());
    uint sum = 0u;
    for (uint t = first; t < last; ++t)
        sum = saturatingAdd(sum, b_bins[t].y);
    s_runTotal[i] = sum;
    barrier();
    if (i == 0u) { // 256 serial adds: cheaper than a tree on llvmpipe, negligible anywhere
        uint total = 0u;
        for (uint r = 0u; r < VOX_SCAN_LOCAL_SIZE; ++r) {
            uint n = s_runTotal[r];
            s_runTotal[r] = total;
            total = saturatingAdd(total, n);
        }
        b_args[0] = total * 6u; // DrawArraysIndirectCommand: count, instanceCount, first, baseInstance
        b_args[1] = 1u;
        b_args[2] = 0u;
        b_args[3] = 0u;
        b_args[VOX_ARGS_SATURATED] = total >= VOX_MAX_PAIRS ? 1u : 0u;
    }
    barrier();
    uint offset = s_runTotal[i];
    for (uint t = first; t < last; ++t) {
        b_bins[t].z = offset;
        offset = saturatingAdd(offset, b_bins[t].y);
    }
}
