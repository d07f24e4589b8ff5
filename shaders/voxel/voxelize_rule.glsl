// The voxel rule and the candidate quads that feed it, shared by the three draw methods (instanced,
// per-slice, binned). The rule is evaluated per voxel in the fragment shader from the setup pass's
// per-triangle data, so the methods differ only in which (triangle, slice) quads they draw, never in
// which voxels pass. The rule (also in engine/voxel/voxelizer.h): triangle T marks voxel v when
//   1. v's centre, projected along T's sampling axis a, lies in T's projection (barycentrics >= -eps), and
//   2. the point of T above that centre lies in v's cell along a (coordinate in [-1, 1]; +1 belongs to
//      the last voxel, as VolumeLayout::worldToVoxel).
#pragma once
#include "voxelize_common.glsl"

layout(std430, binding = VOX_BIND_SETUP) restrict readonly buffer VoxSetup { VoxTriangle b_setup[]; };

// Samples triangle t at the centre of voxel column (cu, cv) along its sampling axis: true when the
// centre lies in the triangle's projection and the sampled point inside the volume; `cell` receives the
// voxel index along the axis, `lambda` the barycentrics. Every method calls this with the same integers,
// so all of them decide every voxel identically.
// `tri` is b_setup[t] (the compute method loads it once per triangle, not once per column).
bool voxSampleTriangle(VoxTriangle tri, ivec2 column, out int axis, out int cell, out vec3 lambda) {
    axis = int(tri.depth.w);
    cell = -1;
    lambda = vec3(0.0);
    if (axis < 0) return false;
    ivec2 uv = voxProjectionAxes(axis);
    vec3 size = voxVoxelSize();
    // `precise`: the methods link this code into different programs; forbidding fused multiply-adds keeps
    // their arithmetic identical, so their atlases agree bit for bit.
    precise vec2 centre = -1.0 + (vec2(column) + 0.5) * vec2(size[uv.x], size[uv.y]);
    precise vec3 rel = vec3(centre.x - tri.edge[0].w, centre.y - tri.edge[1].w, 1.0);
    precise vec3 l = vec3(dot(tri.edge[0].xyz, rel), dot(tri.edge[1].xyz, rel), dot(tri.edge[2].xyz, rel));
    lambda = l;
    if (any(lessThan(l, vec3(-VOX_EDGE_EPSILON)))) return false;
    precise float along = dot(l, tri.depth.xyz);
    if (!(along >= -1.0 && along <= 1.0)) return false;
    cell = min(int(floor((along + 1.0) * 0.5 * float(u_params.volume[axis]))), u_params.volume[axis] - 1);
    return true;
}

bool voxSampleColumn(uint t, ivec2 column, out int axis, out int cell, out vec3 lambda) {
    return voxSampleTriangle(b_setup[t], column, axis, cell, lambda);
}

// Does triangle t mark `voxel`?
bool voxSurfaceHit(uint t, ivec3 voxel, out vec3 lambda) {
    int axis, cell;
    ivec2 uv = voxProjectionAxes(max(int(b_setup[t].depth.w), 0));
    return voxSampleColumn(t, ivec2(voxel[uv.x], voxel[uv.y]), axis, cell, lambda) && cell == voxel[axis];
}

// The box of triangle t's projection along its sampling axis `uv` (projection axes), grown by 0.05 voxel
// so that every voxel column centre the rule can accept lies strictly inside (GL's edge rules never decide)
// and clamped to the volume. False for triangles without voxels. The projected method draws this box; the
// compute method visits the column centres inside it.
bool voxProjectionBox(VoxTriangle tri, out ivec2 uv, out vec2 lo, out vec2 hi) {
    int axis = int(tri.depth.w);
    uv = voxProjectionAxes(max(axis, 0));
    lo = vec2(1e30);
    hi = vec2(-1e30);
    for (int i = 0; i < 3; ++i) {
        vec2 q = vec2(tri.world[i][uv.x], tri.world[i][uv.y]);
        lo = min(lo, q);
        hi = max(hi, q);
    }
    vec2 grow = 0.05 * 2.0 / vec2(u_params.volume[uv.x], u_params.volume[uv.y]);
    lo = clamp(lo - grow, -1.0, 1.0);
    hi = clamp(hi + grow, -1.0, 1.0);
    return axis >= 0;
}

// Clip-space corner `corner` (0..5, two triangles) of the quad that holds every voxel triangle t may
// mark in `slice`: the xy box of T clipped to the slice's slab (widened by a quarter slice against
// rounding), grown as below and clamped to the slice's tile. A triangle that misses the slab gets a degenerate quad outside the viewport.
vec4 voxCandidateCorner(uint t, int slice, int corner) {
    VoxTriangle tri = b_setup[t];
    vec3 cell = voxVoxelSize();
    float zlo = -1.0 + (float(slice) - 0.25) * cell.z, zhi = -1.0 + (float(slice) + 1.25) * cell.z;
    vec2 lo = vec2(1e30), hi = vec2(-1e30);
    for (int i = 0; i < 3; ++i) {
        vec3 a = tri.world[i].xyz, b = tri.world[(i + 1) % 3].xyz;
        if (a.z >= zlo && a.z <= zhi) {
            lo = min(lo, a.xy);
            hi = max(hi, a.xy);
        }
        // Where edge a-b crosses either slab plane.
        for (int s = 0; s < 2; ++s) {
            float z = s == 0 ? zlo : zhi;
            if ((a.z - z) * (b.z - z) < 0.0) {
                vec2 x = mix(a.xy, b.xy, (z - a.z) / (b.z - a.z));
                lo = min(lo, x);
                hi = max(hi, x);
            }
        }
    }
    if (tri.depth.w < 0.0 || lo.x > hi.x) return vec4(-2.0, -2.0, 0.0, 1.0);
    // Voxels sampled along z have their centre inside the box; those sampled along x (y) lie within half a
    // voxel of it in x (y). The extra 0.05 voxel puts every such centre strictly inside the quad, so GL's
    // edge rules never decide.
    int axis = int(tri.depth.w);
    vec2 grow = (vec2(axis == 0 ? 0.55 : 0.05, axis == 1 ? 0.55 : 0.05)) * cell.xy;
    lo = clamp(lo - grow, -1.0, 1.0);
    hi = clamp(hi + grow, -1.0, 1.0);
    // Corners (0,0) (1,0) (1,1) | (0,0) (1,1) (0,1).
    bool right = corner == 1 || corner == 2 || corner == 4;
    bool top = corner == 2 || corner == 4 || corner == 5;
    vec2 world = vec2(right ? hi.x : lo.x, top ? hi.y : lo.y);
    vec2 texel = vec2(voxTileOrigin(slice)) + (world + 1.0) * 0.5 * vec2(u_params.volume.xy);
    return vec4(texel * (2.0 / float(u_params.atlas.x)) - 1.0, 0.0, 1.0);
}
