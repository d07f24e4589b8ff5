#version 450
// Voxelizer triangle setup, one thread per triangle, every frame (the model matrix may change):
//  - voxSetupTriangle (voxelize_setup.glsl): the triangle in volume space, its sampling axis (the dominant
//    axis of its normal, or z for the 2006 slicing rule) and the barycentric edge equations of its
//    projection, so the fragment test needs no division;
//  - bins it: the conservative range of slices whose candidate quads may hold one of its voxels.
#include "dispatch_groups.glsl"
#include "voxelize_setup.glsl"

layout(local_size_x = VOX_SETUP_LOCAL_SIZE) in;

layout(std430, binding = VOX_BIND_SETUP) restrict writeonly buffer VoxSetup { VoxTriangle b_setup[]; };
layout(std430, binding = VOX_BIND_BINS) restrict writeonly buffer VoxBins { uvec4 b_bins[]; };

void main() {
    // 2D dispatch past 65535 groups (4M triangles): rows of gl_NumWorkGroups.x groups.
    uint t = dispatchIndex(uint(VOX_SETUP_LOCAL_SIZE));
    if (t >= voxTriangleCount()) return;
    bool usable;
    VoxTriangle s = voxSetupTriangle(t, usable);
    b_setup[t] = s;

    // Bins: the slices whose slab, widened by 0.3 slice, meets the triangle's z-range. The candidate quads
    // widen slabs by only 0.25 slice (voxelize_rule.glsl), so every slice where a quad is not empty is
    // binned, whatever the rounding. A triangle one voxel or more outside the volume gets no slice at all.
    vec3 p0 = s.world[0].xyz, p1 = s.world[1].xyz, p2 = s.world[2].xyz;
    vec3 lo = min(min(p0, p1), p2), hi = max(max(p0, p1), p2);
    vec3 cell = voxVoxelSize();
    bool inside = all(greaterThanEqual(hi, vec3(-1.0) - cell)) && all(lessThanEqual(lo, vec3(1.0) + cell));
    uvec4 bin = uvec4(0u);
    if (usable && inside) {
        int k0 = clamp(int(floor((lo.z + 1.0) / cell.z - 0.3)), 0, u_params.volume.z - 1);
        int k1 = clamp(int(floor((hi.z + 1.0) / cell.z + 0.3)), 0, u_params.volume.z - 1);
        bin = uvec4(uint(k0), uint(k1 - k0 + 1), 0u, 0u);
    }
    b_bins[t] = bin;
}
