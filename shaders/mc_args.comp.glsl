#version 450
// Marching cubes, pass 3 (engine/surface/mc_expander.h): one invocation turns the pyramid's top (the total
// vertex count, which stays on the GPU) into the expansion's indirect dispatch and the view's indirect draw,
// both clamped to the vertex buffer's capacity (whole triangles); the total itself is kept unclamped for the
// count ring (a few frames late, to grow the buffer) and the tests.
#include "mc_common.glsl"

layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McLevel1 { uint b_level1[]; };
layout(std430, binding = MC_BIND_UPPER) readonly buffer McUpper { uint b_upper[]; };
layout(std430, binding = MC_BIND_HEADER) buffer McHeader { uint b_header[]; };
// x: the top's offset in the upper buffer, or 0xffffffff when level 1 is the top
layout(location = MC_LOC_LEVEL) uniform uvec4 u_level;

void main() {
    if (mcInvocation() != 0u) return; // one invocation (a group of MC_LOCAL_SIZE is dispatched)
    uint total = u_level.x == 0xffffffffu ? b_level1[0] : b_upper[u_level.x];
    uint capacity = b_header[MC_HEADER_CAPACITY];
    uint n = min(total, capacity - capacity % 3u);
    uint groups = (n + uint(MC_LOCAL_SIZE) - 1u) / uint(MC_LOCAL_SIZE);
    uint x = min(groups, uint(MC_GROUPS_X));
    b_header[MC_HEADER_DISPATCH] = x;
    b_header[MC_HEADER_DISPATCH + 1] = x == 0u ? 1u : (groups + x - 1u) / x;
    b_header[MC_HEADER_DISPATCH + 2] = 1u;
    b_header[MC_HEADER_TOTAL] = total;
    b_header[MC_HEADER_DRAW] = n;
    b_header[MC_HEADER_DRAW + 1] = 1u;
    b_header[MC_HEADER_DRAW + 2] = 0u;
    b_header[MC_HEADER_DRAW + 3] = 0u;
}
