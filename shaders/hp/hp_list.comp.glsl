#version 450
// GPU-resident PointList builder: dispatched indirectly with arguments computed on the GPU, so the count never
// reaches the CPU. Work groups are laid out 2D because one dimension holds at most 65535 groups. With HP_XRAY:
// the X-ray's path of one output (histopyramid_xray.cpp); the fragment list pass runs the same hpFind.
#include "hp_traverse.glsl"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };

void main() {
#ifdef HP_XRAY // one invocation follows u_xrayKey and records its descent (hp_descend.glsl) instead of a point
    if (gl_GlobalInvocationID.x == 0u) xrayFound(hpFind(u_xrayKey));
    return;
#endif
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
    hpWritePoint(k, hpFind(k));
}
