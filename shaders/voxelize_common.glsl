// Shared by the voxelizer's passes: the parameter block (VoxParams in dicer_shared.h), the mesh and per-triangle buffers, and the
// voxel rule. Conventions: engine/volume_layout.h (voxel v covers [-1 + v*2/n, -1 + (v+1)*2/n) per axis,
// slice k is tile (k % tilesX, k / tilesX)). The rule itself is documented in engine/voxelizer.h.
#pragma once
#include "dicer_shared.h"

layout(std140, binding = VOX_UBO_PARAMS) uniform VoxParamsBlock {
    VoxParams u_params;
};

struct VoxVertex {
    vec4 position; // object space, w = 1
    vec4 color;    // vertex colour x material Kd
    vec4 texcoord; // xy
};

// Written by voxelize_setup.comp.glsl once per frame; everything later reads only this, so every method
// tests voxels with bit-identical inputs.
struct VoxTriangle {
    // edge[e].xyz = (A, B, C): barycentric_e = A*(u - u0) + B*(v - v0) + C in the projection plane (u, v)
    // of `axis`, relative to the origin (u0, v0) = (edge[0].w, edge[1].w).
    vec4 edge[3];
    vec4 depth;    // xyz: the three vertices' coordinate along `axis`; w: axis (0,1,2), -1 = no voxels
    vec4 world[3]; // the vertices in volume space (xyz), for the candidate quads
};

layout(std430, binding = VOX_BIND_VERTICES) restrict readonly buffer VoxVertices { VoxVertex b_vertices[]; };
layout(std430, binding = VOX_BIND_TRIANGLES) restrict readonly buffer VoxTriangles { uvec4 b_triangles[]; };

// The two axes a triangle is projected onto, for its sampling axis (cyclic: z -> (x, y), x -> (y, z),
// y -> (z, x)).
ivec2 voxProjectionAxes(int axis) {
    return axis == 2 ? ivec2(0, 1) : (axis == 0 ? ivec2(1, 2) : ivec2(2, 0));
}

uint voxTriangleCount() {
    return uint(u_params.atlas.y);
}

ivec2 voxTileOrigin(int slice) {
    return ivec2(slice % u_params.volume.w, slice / u_params.volume.w) * u_params.volume.xy;
}

vec3 voxVoxelSize() {
    return 2.0 / vec3(u_params.volume.xyz);
}
