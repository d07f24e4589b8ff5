#version 450
// Voxelizer candidate quads: vertex pulling, six vertices per (triangle, slice) pair, no vertex buffers.
// How the pair is found is the only difference between the three methods (VOX_DRAW_*):
//  - INSTANCED: one instanced draw, instance = slice; every triangle is processed for every slice.
//  - PER_SLICE: one draw per slice with the slice in a uniform: the 2006 structure (256 passes).
//  - BINNED: one indirect draw over the pairs the setup pass binned; pair p belongs to the last triangle
//    whose first pair is <= p (binary search over the scan's prefix sums), so the cost follows coverage.
// All three emit a slice's pairs in triangle order, so the last triangle marking a voxel sets its colour
// in every method.
#include "voxelize_rule.glsl"

#if defined(VOX_DRAW_BINNED)
layout(std430, binding = VOX_BIND_BINS) restrict readonly buffer VoxBins { uvec4 b_bins[]; };
#elif defined(VOX_DRAW_PER_SLICE)
layout(location = VOX_LOC_SLICE) uniform int u_slice;
#endif

flat out uint v_triangle;
flat out int v_slice;

void main() {
    int corner = gl_VertexID % 6;
#if defined(VOX_DRAW_BINNED)
    uint pair = uint(gl_VertexID) / 6u;
    uint lo = 0u, hi = voxTriangleCount() - 1u;
    while (lo < hi) { // last t with b_bins[t].z <= pair
        uint mid = (lo + hi + 1u) / 2u;
        if (b_bins[mid].z <= pair)
            lo = mid;
        else
            hi = mid - 1u;
    }
    uint t = lo;
    int slice = int(b_bins[t].x + (pair - b_bins[t].z));
#elif defined(VOX_DRAW_INSTANCED)
    uint t = uint(gl_VertexID) / 6u;
    int slice = gl_InstanceID;
#else
    uint t = uint(gl_VertexID) / 6u;
    int slice = u_slice;
#endif
    v_triangle = t;
    v_slice = slice;
    gl_Position = voxCandidateCorner(t, slice, corner);
}
