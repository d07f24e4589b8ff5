#version 450
// Voxelizer triangle setup, one thread per triangle, every frame (the model matrix may change):
//  - transforms the triangle into volume space and picks its sampling axis (the dominant axis of its
//    normal, or z for the 2006 slicing rule);
//  - stores the barycentric edge equations of its projection, so the fragment test needs no division;
//  - bins it: the conservative range of slices whose candidate quads may hold one of its voxels.
// Dominant-axis sampling after Schwarz & Seidel, "Fast Parallel Surface and Solid Voxelization on GPUs"
// (SIGGRAPH Asia 2010) and Crassin & Green, "Octree-Based Sparse Voxelization" (OpenGL Insights, 2012).
#include "voxelize_common.glsl"

layout(local_size_x = VOX_SETUP_LOCAL_SIZE) in;


layout(std430, binding = VOX_BIND_SETUP) restrict writeonly buffer VoxSetup { VoxTriangle b_setup[]; };
layout(std430, binding = VOX_BIND_BINS) restrict writeonly buffer VoxBins { uvec4 b_bins[]; };

float cross2(vec2 a, vec2 b) {
    return a.x * b.y - a.y * b.x;
}

void main() {
    // 2D dispatch past 65535 groups (4M triangles): rows of gl_NumWorkGroups.x groups.
    uint t = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * VOX_SETUP_LOCAL_SIZE + gl_GlobalInvocationID.x;
    if (t >= voxTriangleCount()) return;
    uvec4 tri = b_triangles[t];
    vec3 p[3];
    for (int i = 0; i < 3; ++i)
        p[i] = (u_params.model * vec4(b_vertices[tri[i]].position.xyz, 1.0)).xyz;

    vec3 n = abs(cross(p[1] - p[0], p[2] - p[0]));
    // Ties go to z, then y: a deterministic choice, so a 45-degree triangle is never sampled twice.
    int axis = (n.z >= n.x && n.z >= n.y) ? 2 : (n.y >= n.x ? 1 : 0);
    if (u_params.atlas.z == VOX_RULE_SLICE_AXIS) axis = 2;
    ivec2 uv = voxProjectionAxes(axis);
    // Projected vertices relative to the first one: the edge equations are then evaluated on small
    // differences, which keeps barycentrics of small triangles accurate to float precision.
    vec2 origin = vec2(p[0][uv.x], p[0][uv.y]);
    vec2 q[3];
    for (int i = 0; i < 3; ++i)
        q[i] = vec2(p[i][uv.x], p[i][uv.y]) - origin;
    float area2 = cross2(q[1] - q[0], q[2] - q[0]);

    VoxTriangle s;
    for (int e = 0; e < 3; ++e) {
        // Edge opposite vertex e, from a to b: its edge function divided by the doubled area is the
        // barycentric weight of vertex e (1 at q[e], 0 on the edge), whatever the winding.
        vec2 a = q[(e + 1) % 3], b = q[(e + 2) % 3];
        vec3 f = vec3(a.y - b.y, b.x - a.x, cross2(a, b));
        s.edge[e] = vec4(area2 != 0.0 ? f / area2 : vec3(0.0), e < 2 ? origin[e] : 0.0);
        s.world[e] = vec4(p[e], 0.0);
    }
    bool finite = !any(isnan(p[0] + p[1] + p[2])) && !any(isinf(p[0] + p[1] + p[2]));
    bool usable = finite && area2 != 0.0 && !isinf(1.0 / area2);
    s.depth = vec4(p[0][axis], p[1][axis], p[2][axis], usable ? float(axis) : -1.0);
    b_setup[t] = s;

    // Bins: the slices whose slab, widened by 0.3 slice, meets the triangle's z-range. The candidate quads
    // widen slabs by only 0.25 slice (voxelize_rule.glsl), so every slice where a quad is not empty is
    // binned, whatever the rounding. A triangle one voxel or more outside the volume gets no slice at all.
    vec3 lo = min(min(p[0], p[1]), p[2]), hi = max(max(p[0], p[1]), p[2]);
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
