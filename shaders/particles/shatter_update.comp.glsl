#version 450
// HeartBreaker for surfaces: one step of every live triangle's piece (dispatched indirectly with the arguments of
// shatter_args.comp.glsl). Piece t follows the source's triangle t (vertices 3t .. 3t + 2); the maths is
// shatter_step.h, the same text the CPU tests run.
#include "shatter_step.h"

layout(local_size_x = SHATTER_LOCAL_SIZE) in;
layout(std140, binding = SHATTER_BIND_PARAMS) uniform ShParams { ShatterParams u_params; };
layout(std430, binding = SHATTER_BIND_STATE) buffer ShState { ShatterPiece u_pieces[]; };
layout(std430, binding = SHATTER_BIND_VERTICES) readonly buffer ShVertices { vec4 u_vertices[]; };
layout(std430, binding = SHATTER_BIND_CONTROL) readonly buffer ShControl { uint u_control[]; };

// Vertex k's position in world: the first three floats of its first vec4 (the fourth is the cell index's bits).
vec3 worldVertex(uint k) {
    return shToWorld(vec3(u_vertices[k * SHATTER_VERTEX_VEC4S]), u_params);
}

void main() {
    // 2D work-group grid: one dimension holds at most 65535 groups.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint t = group * SHATTER_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (t >= u_control[SHATTER_CTRL_LIVE]) return; // beyond the surface: not stepped (retired)
    vec3 a = worldVertex(3u * t);
    vec3 b = worldVertex(3u * t + 1u);
    vec3 c = worldVertex(3u * t + 2u);
    if (t >= u_control[SHATTER_CTRL_PREV])
        u_pieces[t] = shRest((a + b + c) / 3.0f); // the surface grew: new triangles appear in place, at rest
    else
        u_pieces[t] = shStep(u_pieces[t], a, b, c, u_params, t);
}
