// Triangle setup (voxel_shared.h VoxTriangle): volume-space vertices, sampling axis, barycentric edge
// equations of the projection. Written to a buffer by the setup pass (voxelize_setup.comp.glsl) for the
// raster methods; the compute method evaluates it in registers in each of its passes. `precise`
// throughout: the programs must compute bit-identical records (no fused multiply-adds in one and not in
// another), or their atlases could differ.
// Dominant-axis sampling after Schwarz & Seidel, "Fast Parallel Surface and Solid Voxelization on GPUs"
// (SIGGRAPH Asia 2010) and Crassin & Green, "Octree-Based Sparse Voxelization" (OpenGL Insights, 2012).
#pragma once
#include "voxelize_common.glsl"

float voxCross2(vec2 a, vec2 b) {
    precise float c = a.x * b.y - a.y * b.x;
    return c;
}

// Setup of chunk-local triangle t; `usable` is false for degenerate or non-finite triangles (depth.w = -1).
VoxTriangle voxSetupTriangle(uint t, out bool usable) {
    uvec4 tri = b_triangles[t];
    vec3 p[3];
    for (int i = 0; i < 3; ++i) {
        precise vec3 v = (u_params.model * vec4(b_vertices[tri[i]].position.xyz, 1.0)).xyz;
        p[i] = v;
    }
    precise vec3 n = abs(cross(p[1] - p[0], p[2] - p[0]));
    // Ties go to z, then y: a deterministic choice, so a 45-degree triangle is never sampled twice.
    int axis = (n.z >= n.x && n.z >= n.y) ? 2 : (n.y >= n.x ? 1 : 0);
    if (u_params.atlas.z == VOX_RULE_SLICE_AXIS) axis = 2;
    ivec2 uv = voxProjectionAxes(axis);
    // Projected vertices relative to the first one: the edge equations are then evaluated on small
    // differences, which keeps barycentrics of small triangles accurate to float precision.
    vec2 origin = vec2(p[0][uv.x], p[0][uv.y]);
    vec2 q[3];
    for (int i = 0; i < 3; ++i) {
        precise vec2 d = vec2(p[i][uv.x], p[i][uv.y]) - origin;
        q[i] = d;
    }
    precise float area2 = voxCross2(q[1] - q[0], q[2] - q[0]);

    VoxTriangle s;
    for (int e = 0; e < 3; ++e) {
        // Edge opposite vertex e, from a to b: its edge function divided by the doubled area is the
        // barycentric weight of vertex e (1 at q[e], 0 on the edge), whatever the winding.
        vec2 a = q[(e + 1) % 3], b = q[(e + 2) % 3];
        precise vec3 f = vec3(a.y - b.y, b.x - a.x, voxCross2(a, b));
        precise vec3 g = area2 != 0.0 ? f / area2 : vec3(0.0);
        s.edge[e] = vec4(g, e < 2 ? origin[e] : 0.0);
        s.world[e] = vec4(p[e], 0.0);
    }
    bool finite = !any(isnan(p[0] + p[1] + p[2])) && !any(isinf(p[0] + p[1] + p[2]));
    usable = finite && area2 != 0.0 && !isinf(1.0 / area2);
    s.depth = vec4(p[0][axis], p[1][axis], p[2][axis], usable ? float(axis) : -1.0);
    return s;
}
