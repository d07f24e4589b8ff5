#version 450
// HeartBreaker for surfaces, per frame before the update: turns the source's vertex count (the marching cubes'
// pyramid top, still on the GPU) into the update's indirect dispatch over its whole triangles, and keeps last
// frame's count so the update knows which pieces are new. One invocation: the work is a handful of uints.
#include "particles_shared.h"

layout(local_size_x = 1) in;
layout(std430, binding = SHATTER_BIND_HEADER) readonly buffer ShHeader { uint u_header[]; };
layout(std430, binding = SHATTER_BIND_CONTROL) buffer ShControl { uint u_control[]; };
layout(location = SHATTER_LOC_TOTAL_WORD) uniform uint u_totalWord;
layout(location = SHATTER_LOC_CAPACITY) uniform uint u_capacity;

const uint kMaxGroupsX = 65535u; // GL's guaranteed minimum of GL_MAX_COMPUTE_WORK_GROUP_COUNT

void main() {
    // Whole triangles only; those beyond what the vertex buffer (and the state) hold do not exist.
    uint n = min(u_header[u_totalWord] / 3u, u_capacity);
    u_control[SHATTER_CTRL_PREV] = u_control[SHATTER_CTRL_LIVE];
    u_control[SHATTER_CTRL_LIVE] = n;
    uint groups = (n + SHATTER_LOCAL_SIZE - 1u) / SHATTER_LOCAL_SIZE;
    u_control[SHATTER_CTRL_DISPATCH + 0] = max(min(groups, kMaxGroupsX), 1u);
    u_control[SHATTER_CTRL_DISPATCH + 1] = groups == 0u ? 0u : (groups + kMaxGroupsX - 1u) / kMaxGroupsX;
    u_control[SHATTER_CTRL_DISPATCH + 2] = 1u;
}
