#version 450
// Solid mode, pass 1: the whole mesh once, projected along z onto a volume.x x volume.y viewport (one
// pixel per voxel column). Vertex pulling like the surface passes; no vertex buffers.
#include "voxelize_common.glsl"


void main() {
    uint t = uint(gl_VertexID) / 3u;
    uint v = b_triangles[t][gl_VertexID % 3];
    vec3 p = (u_params.model * vec4(b_vertices[v].position.xyz, 1.0)).xyz;
    // Orthographic along z: volume x/y are clip x/y, z is depth. Depth clamping (enabled by the caller)
    // keeps the surface beyond z = +-1, so crossings outside the volume still count.
    gl_Position = vec4(p, 1.0);
}
