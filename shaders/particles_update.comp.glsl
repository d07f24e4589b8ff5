#version 450
// HeartBreaker: one step of every live particle (dispatched indirectly with the arguments of
// particles_args.comp.glsl). Particle k follows point-list entry k; the maths is particle_step.h, the same text
// the CPU tests run.
#include "particle_step.h"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std140, binding = PS_BIND_PARAMS) uniform PsParams { ParticleParams u_params; };
layout(std430, binding = PS_BIND_STATE) buffer PsState { Particle u_particles[]; };
layout(std430, binding = HP_BIND_POINTS) readonly buffer HpPoints { uvec4 u_points[]; };
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };

void main() {
    // 2D work-group grid: one dimension holds at most 65535 groups.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_control[PS_CTRL_DRAW]) return; // retired: not stepped, not drawn
    vec3 target = psVoxelWorld(u_points[k].xyz, vec3(u_params.volume), vec3(u_params.shape));
    if (k >= u_control[PS_CTRL_PREV])
        u_particles[k] = psSpawn(target); // the cloud grew: new particles appear on their voxel
    else
        u_particles[k] = psStep(u_particles[k], target, u_params, k);
}
