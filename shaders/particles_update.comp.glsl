#version 450
// HeartBreaker: one step of every live particle (dispatched indirectly with the arguments of
// particles_args.comp.glsl). Particle k follows point-list entry k; the maths is particle_step.h, the same text
// the CPU tests run.
#define PS_STATE_WRITES
#define PS_STATE_VELOCITIES
#include "ps_state.glsl"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std140, binding = PS_BIND_PARAMS) uniform PsParams { ParticleParams u_params; };
layout(std430, binding = HP_BIND_POINTS) readonly buffer HpPoints { uvec4 u_points[]; };
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };

void main() {
    // 2D work-group grid: one dimension holds at most 65535 groups.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_control[PS_CTRL_DRAW]) return; // retired: not stepped, not drawn
    vec3 target = psVoxelWorld(u_points[k].xyz, vec3(u_params.volume), vec3(u_params.shape));
    if (k >= u_control[PS_CTRL_PREV])
        psStoreParticle(k, psSpawn(target)); // the cloud grew: new particles appear on their voxel
    else
        psStoreParticle(k, psStep(psLoadParticle(k), target, u_params, k));
}
