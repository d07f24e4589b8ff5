#version 450
// Sorted blending, step 1: the sort key of every particle slot. A live particle (index below this frame's
// count, on the GPU) gets its quantized view depth, far -> small (psDepthKey, particle_step.h); a retired one
// (index in [count, slots)) gets `buckets`, one past every live key, so it sorts behind them and the live
// particles are exactly the first `count` sorted slots, which the indirect draw covers.
#include "ps_state.glsl"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };
layout(std430, binding = PS_BIND_DEPTH_KEYS) writeonly buffer PsKeys { uint u_keys[]; };
layout(location = PS_LOC_DEPTH_ROW) uniform vec4 u_depthRow;
layout(location = PS_LOC_DEPTH_RANGE) uniform vec2 u_depthRange; // far, near
layout(location = PS_LOC_BUCKETS) uniform uint u_buckets;
layout(location = PS_LOC_SLOTS) uniform uint u_slots;

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_slots) return;
    if (k >= u_control[PS_CTRL_DRAW]) {
        u_keys[k] = u_buckets;
        return;
    }
    float depth = dot(u_depthRow, vec4(vec3(psLoadPosition(k)), 1.0));
    u_keys[k] = psDepthKey(depth, u_depthRange.x, u_depthRange.y, u_buckets);
}
