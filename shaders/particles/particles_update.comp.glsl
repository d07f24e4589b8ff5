#version 450
// HeartBreaker: one step of every live particle (dispatched indirectly with the arguments of
// particles_args.comp.glsl). Particle k follows point-list entry k; the maths is particle_step.h, the same text
// the CPU tests run. One program per phase (PS_UPDATE_PHASE, the PS_PHASE_* this frame's step is in): llvmpipe
// runs both sides of every branch under a lane mask, even a uniform one, so a phase chosen at run time paid for
// the other phases' arithmetic (the assembled cloud's update at 1024^3: 19 -> 7 ms; docs/SPARSE.md).
#define PS_STATE_WRITES
#define PS_STATE_VELOCITIES
#include "ps_state.glsl"

layout(local_size_x = PS_LOCAL_SIZE) in;
layout(std140, binding = PS_BIND_PARAMS) uniform PsParams { ParticleParams u_params; };
#define HP_POINTS_READONLY
#include "hp_point_blocks.glsl"
layout(std430, binding = PS_BIND_CONTROL) readonly buffer PsControl { uint u_control[]; };

void main() {
    // 2D work-group grid: one dimension holds at most 65535 groups.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * PS_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_control[PS_CTRL_DRAW]) return; // retired: not stepped, not drawn
    vec3 target = psVoxelWorld(hpLoadPoint(k).xyz, vec3(u_params.volume), vec3(u_params.shape));
    if (k >= u_control[PS_CTRL_PREV]) {
        psStoreParticle(k, psSpawn(target)); // the cloud grew: new particles appear on their voxel, at rest
    } else {
#ifdef PS_UPDATE_ASSEMBLED // (PS_UPDATE_PHASE is PS_PHASE_ASSEMBLED)
        // psStep's assembled case without its reads and its zero velocity: 32 of the 80 bytes a particle moves,
        // the position the splats read. The velocity keeps what its spawn or its flight left (the next launch sets
        // it; a return that starts without one starts from it).
        psStorePosition(k, psSpawn(target).position);
#else
        ParticleParams params = u_params;
        params.control.x = PS_UPDATE_PHASE; // a constant: psStep's other phases fold away
        psStoreParticle(k, psStep(psLoadParticle(k), target, params, k));
#endif
    }
}
