#version 450
// HeartBreaker for surfaces: one step of every piece (dispatched indirectly over the live triangles with the
// arguments of shatter_args.comp.glsl; a piece is stepped by the invocation of its first triangle). The maths
// is shatter_step.h, the same text the CPU tests run. Three variants of this file, one per pass:
//  - default: the flight (or the return) of each piece, and its lowest vertex reset;
//  - SHATTER_LOWEST, per triangle: its lowest vertex as drawn, into its piece's (an atomicMin);
//  - SHATTER_FLOOR, per piece: the floor against that vertex (exploding only).
#include "dispatch_groups.glsl"
#include "shatter_step.h"

layout(local_size_x = SHATTER_LOCAL_SIZE) in;
layout(std140, binding = SHATTER_BIND_PARAMS) uniform ShParams { ShatterParams u_params; };
#include "shatter_state.glsl"
#include "shatter_vertices.glsl"
layout(std430, binding = SHATTER_BIND_CONTROL) readonly buffer ShControl { uint u_control[]; };

// Vertex k's position in world: decoded as the surface view decodes it (mc_vertex.h), so that a piece at rest
// lies where the view draws the surface, bit for bit.
vec3 worldVertex(uint k) {
    return shToWorld(mcVertexIndex(shVertex(k), ivec3(u_params.grid.xyz)) * u_params.spacing.xyz, u_params);
}

void main() {
    uint t = dispatchIndex(SHATTER_LOCAL_SIZE);
    uint live = u_control[SHATTER_CTRL_LIVE];
    if (t >= live) return; // beyond the surface: not stepped (retired)
    uint piece = u_shLinks[t].x;
#if defined(SHATTER_LOWEST)
    if (piece >= live) return;
    float lowest = shLowest(shLoadPose(piece), worldVertex(3u * t), worldVertex(3u * t + 1u),
                            worldVertex(3u * t + 2u));
    atomicMin(u_shLinks[piece].y, shOrderedKey(lowest));
#elif defined(SHATTER_FLOOR)
    if (piece != t || u_shLinks[t].y == 0xffffffffu) return;
    shStorePiece(t, shFloor(shLoadPiece(t), shFromOrderedKey(u_shLinks[t].y), u_params));
#else
    if (piece != t) return; // not a piece's first triangle: its piece is stepped by that one
    ShatterPiece s = shLoadPiece(t);
    vec3 a = worldVertex(3u * t);
    vec3 b = worldVertex(3u * t + 1u);
    vec3 c = worldVertex(3u * t + 2u);
    uint cell = shVertex(3u * t).x;
    s = shStep(s, shPiecePivot(s.link.z, cell, u_params), shFaceNormal(a, b, c), u_params, t);
    s.link.y = 0xffffffffu;
    shStorePiece(t, s);
#endif
}
