// Shared by the voxelizer's passes: the parameter block, the mesh and per-triangle buffers (their structs,
// VoxParams, VoxVertex and VoxTriangle, are in voxel_shared.h, shared with C++), and the
// voxel rule. Conventions: engine/voxel/volume_layout.h (voxel v covers [-1 + v*2/n, -1 + (v+1)*2/n) per
// axis, slice k is tile (k % tilesX, k / tilesX)). The rule itself is documented in engine/voxel/voxelizer.h.
#pragma once
#include "hp_point.h" // hpQuotient
#include "voxel_shared.h"

layout(std140, binding = VOX_UBO_PARAMS) uniform VoxParamsBlock {
    VoxParams u_params;
};

layout(std430, binding = VOX_BIND_VERTICES) restrict readonly buffer VoxVertices { VoxVertex b_vertices[]; };
layout(std430, binding = VOX_BIND_TRIANGLES) restrict readonly buffer VoxTriangles { uvec4 b_triangles[]; };

// The two axes a triangle is projected onto, for its sampling axis (cyclic: z -> (x, y), x -> (y, z),
// y -> (z, x)).
ivec2 voxProjectionAxes(int axis) {
    return axis == 2 ? ivec2(0, 1) : (axis == 0 ? ivec2(1, 2) : ivec2(2, 0));
}

// Triangles of the bound mesh chunk (voxel_mesh.h); buffers are indexed by the chunk-local id.
uint voxTriangleCount() {
    return uint(u_params.atlas.y);
}

// The mesh-wide id of chunk-local triangle t: owner ids must not depend on the chunking.
uint voxGlobalTriangle(uint t) {
    return uint(u_params.chunk.x) + t;
}

ivec2 voxTileOrigin(int slice) {
    int row = hpQuotient(slice, u_params.volume.w); // not `/` and `%`: hp_point.h says why
    return ivec2(slice - row * u_params.volume.w, row) * u_params.volume.xy;
}

vec3 voxVoxelSize() {
    return 2.0 / vec3(u_params.volume.xyz);
}
