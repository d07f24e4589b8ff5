#version 450
// Solid mode, crossing passes: the whole mesh once, projected along z onto a volume.x x volume.y viewport
// (one pixel per voxel column). Vertex pulling like the surface passes; no vertex buffers.
#include "voxelize_common.glsl"

out vec3 v_color;
out vec2 v_uv;
flat out uint v_slot;

void main() {
    uint t = uint(gl_VertexID) / 3u;
    uvec4 tri = b_triangles[t];
    VoxVertex vertex = b_vertices[tri[gl_VertexID % 3]];
    v_color = vertex.color.rgb;
    v_uv = vertex.texcoord.xy;
    v_slot = tri.w;
    // Orthographic along z: volume x/y are clip x/y, z is depth. Depth clamping (enabled by the caller)
    // keeps the surface beyond z = +-1, so crossings outside the volume still count.
    gl_Position = vec4((u_params.model * vec4(vertex.position.xyz, 1.0)).xyz, 1.0);
}
