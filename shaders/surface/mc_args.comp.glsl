#version 450
// Marching cubes, pass 3 (engine/surface/mc_expander.h; every row of mc_method_table.h ends with it): one
// invocation turns the total vertex count (the pyramid's top, the scan's last entry or the atomic counter; it
// stays on the GPU) into the expansion's indirect dispatch (a triangle an invocation) and the view's indirect draw,
// both clamped to the vertex buffer's capacity (whole triangles); the total itself is kept unclamped for the
// count ring (a few frames late, to grow the buffer) and the tests.
#include "mc_common.glsl"

layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McLevel1 { uint b_level1[]; };
layout(std430, binding = MC_BIND_UPPER) readonly buffer McUpper { uint b_upper[]; };
layout(std430, binding = MC_BIND_HEADER) buffer McHeader { uint b_header[]; };
// x: where the total is: its index in the upper buffer, MC_TOTAL_IN_LEVEL1 (level 1's entry 0) or
// MC_TOTAL_IN_HEADER (already at MC_HEADER_TOTAL: the atomic counter)
layout(location = MC_LOC_LEVEL) uniform uvec4 u_level;

void main() {
    if (mcInvocation() != 0u) return; // one invocation (a group of MC_LOCAL_SIZE is dispatched)
    uint total = u_level.x == MC_TOTAL_IN_LEVEL1   ? b_level1[0]
                 : u_level.x == MC_TOTAL_IN_HEADER ? b_header[MC_HEADER_TOTAL]
                                                   : b_upper[u_level.x];
    uint capacity = b_header[MC_HEADER_CAPACITY];
    uint n = min(total, capacity - capacity % 3u);
    // hp_mc's expansion: one invocation a triangle (its 3 vertices lie in one cell: one descent for the three)
    uint groups = (n / 3u + uint(MC_LOCAL_SIZE) - 1u) / uint(MC_LOCAL_SIZE);
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
