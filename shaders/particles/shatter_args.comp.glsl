#version 450
// HeartBreaker for surfaces: the indirect dispatches of the passes, from counts still on the GPU. One invocation:
// the work is a handful of uints.
//  - default (per frame, before everything): the source's vertex count (the marching cubes' pyramid top) as
//    whole triangles, the dispatch over them, and last frame's count kept;
//  - SHATTER_ARGS_BRICKS (finding the pieces, after the binning): one work group per brick with triangles for
//    the labelling, one invocation per such brick for the placement.
#include "dispatch_groups.glsl"
#include "particles_shared.h"

layout(local_size_x = 1) in;
layout(std430, binding = SHATTER_BIND_CONTROL) buffer ShControl { uint u_control[]; };

#ifdef SHATTER_ARGS_BRICKS

void main() {
    uint bricks = u_control[SHATTER_CTRL_ACTIVE];
    WRITE_DISPATCH_ARGS(u_control, SHATTER_CTRL_LABEL, bricks, 1u);
    WRITE_DISPATCH_ARGS(u_control, SHATTER_CTRL_PLACE, bricks, SHATTER_LOCAL_SIZE);
}

#else

layout(std430, binding = SHATTER_BIND_HEADER) readonly buffer ShHeader { uint u_header[]; };
layout(location = SHATTER_LOC_TOTAL_WORD) uniform uint u_totalWord;
layout(location = SHATTER_LOC_CAPACITY) uniform uint u_capacity;

void main() {
    // Whole triangles only; those beyond what the vertex buffer (and the state) hold do not exist.
    uint n = min(u_header[u_totalWord] / 3u, u_capacity);
    u_control[SHATTER_CTRL_PREV] = u_control[SHATTER_CTRL_LIVE];
    u_control[SHATTER_CTRL_LIVE] = n;
    WRITE_DISPATCH_ARGS(u_control, SHATTER_CTRL_DISPATCH, n, SHATTER_LOCAL_SIZE);
}

#endif
