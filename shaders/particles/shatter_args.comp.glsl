#version 450
// HeartBreaker for surfaces, per frame before the update: turns the source's vertex count (the marching cubes'
// pyramid top, still on the GPU) into the update's indirect dispatch over its whole triangles, and keeps last
// frame's count so the update knows which pieces are new. One invocation: the work is a handful of uints.
#include "dispatch_groups.glsl"
#include "particles_shared.h"

layout(local_size_x = 1) in;
layout(std430, binding = SHATTER_BIND_HEADER) readonly buffer ShHeader { uint u_header[]; };
layout(std430, binding = SHATTER_BIND_CONTROL) buffer ShControl { uint u_control[]; };
layout(location = SHATTER_LOC_TOTAL_WORD) uniform uint u_totalWord;
layout(location = SHATTER_LOC_CAPACITY) uniform uint u_capacity;


void main() {
    // Whole triangles only; those beyond what the vertex buffer (and the state) hold do not exist.
    uint n = min(u_header[u_totalWord] / 3u, u_capacity);
    u_control[SHATTER_CTRL_PREV] = u_control[SHATTER_CTRL_LIVE];
    u_control[SHATTER_CTRL_LIVE] = n;
    WRITE_DISPATCH_ARGS(u_control, SHATTER_CTRL_DISPATCH, n, SHATTER_LOCAL_SIZE);
}
