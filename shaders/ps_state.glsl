// The particles' state (particles_shared.h PS_BIND_POSITIONS / PS_BIND_VELOCITIES): two arrays of vec4, one
// per point each, read and written only through these accessors. Each array is one buffer bound as
// ENTRY_BLOCKS storage blocks, chosen as the point list's are (hp_point_blocks.glsl: block 0's length n, entry
// k in block k / n at k mod n, the blocks named apart because k is not dynamically uniform).
// Define PS_STATE_WRITES before including to write the state (the update); otherwise it is read only.
// Define PS_STATE_VELOCITIES to declare the velocities too (only the update needs them). ENTRY_ONE_BLOCK: a build
// of its own (storage_blocks.h BlockedProgram) for a state within block 0.
#pragma once
#include "particle_step.h"

#ifdef PS_STATE_WRITES
#define PS_STATE_ACCESS
#else
#define PS_STATE_ACCESS readonly
#endif

#ifdef ENTRY_ONE_BLOCK // the state lies in block 0 (storage_blocks.h BlockedProgram: why a build of its own)
layout(std430, binding = PS_BIND_POSITIONS + 0) PS_STATE_ACCESS buffer PsPositions0 { vec4 u_positions0[]; };
vec4 psLoadPosition(uint k) { return u_positions0[k]; }
#ifdef PS_STATE_WRITES
void psStorePosition(uint k, vec4 position) { u_positions0[k] = position; }
#endif
#ifdef PS_STATE_VELOCITIES
layout(std430, binding = PS_BIND_VELOCITIES + 0) PS_STATE_ACCESS buffer PsVelocities0 { vec4 u_velocities0[]; };
Particle psLoadParticle(uint k) { return Particle(u_positions0[k], u_velocities0[k]); }
#ifdef PS_STATE_WRITES
void psStoreParticle(uint k, Particle p) {
    u_positions0[k] = p.position;
    u_velocities0[k] = p.velocity;
}
#endif
#endif
#else
layout(std430, binding = PS_BIND_POSITIONS + 0) PS_STATE_ACCESS buffer PsPositions0 { vec4 u_positions0[]; };
layout(std430, binding = PS_BIND_POSITIONS + 1) PS_STATE_ACCESS buffer PsPositions1 { vec4 u_positions1[]; };
layout(std430, binding = PS_BIND_POSITIONS + 2) PS_STATE_ACCESS buffer PsPositions2 { vec4 u_positions2[]; };
layout(std430, binding = PS_BIND_POSITIONS + 3) PS_STATE_ACCESS buffer PsPositions3 { vec4 u_positions3[]; };

vec4 psLoadPosition(uint k) {
    uint n = uint(u_positions0.length());
    if (k < n) return u_positions0[k];
    if (k < 2u * n) return u_positions1[k - n];
    if (k < 3u * n) return u_positions2[k - 2u * n];
    return u_positions3[k - 3u * n];
}

#ifdef PS_STATE_WRITES
void psStorePosition(uint k, vec4 position) {
    uint n = uint(u_positions0.length());
    if (k < n)
        u_positions0[k] = position;
    else if (k < 2u * n)
        u_positions1[k - n] = position;
    else if (k < 3u * n)
        u_positions2[k - 2u * n] = position;
    else
        u_positions3[k - 3u * n] = position;
}
#endif

#ifdef PS_STATE_VELOCITIES
layout(std430, binding = PS_BIND_VELOCITIES + 0) PS_STATE_ACCESS buffer PsVelocities0 { vec4 u_velocities0[]; };
layout(std430, binding = PS_BIND_VELOCITIES + 1) PS_STATE_ACCESS buffer PsVelocities1 { vec4 u_velocities1[]; };
layout(std430, binding = PS_BIND_VELOCITIES + 2) PS_STATE_ACCESS buffer PsVelocities2 { vec4 u_velocities2[]; };
layout(std430, binding = PS_BIND_VELOCITIES + 3) PS_STATE_ACCESS buffer PsVelocities3 { vec4 u_velocities3[]; };

vec4 psLoadVelocity(uint k) {
    uint n = uint(u_velocities0.length());
    if (k < n) return u_velocities0[k];
    if (k < 2u * n) return u_velocities1[k - n];
    if (k < 3u * n) return u_velocities2[k - 2u * n];
    return u_velocities3[k - 3u * n];
}

Particle psLoadParticle(uint k) { return Particle(psLoadPosition(k), psLoadVelocity(k)); }

#ifdef PS_STATE_WRITES
// Both arrays are bound with the same block length (ParticleSystem binds both with its capacity).
void psStoreParticle(uint k, Particle p) {
    uint n = uint(u_positions0.length());
    if (k < n) {
        u_positions0[k] = p.position;
        u_velocities0[k] = p.velocity;
    } else if (k < 2u * n) {
        u_positions1[k - n] = p.position;
        u_velocities1[k - n] = p.velocity;
    } else if (k < 3u * n) {
        u_positions2[k - 2u * n] = p.position;
        u_velocities2[k - 2u * n] = p.velocity;
    } else {
        u_positions3[k - 3u * n] = p.position;
        u_velocities3[k - 3u * n] = p.velocity;
    }
}
#endif
#endif
#endif // ENTRY_ONE_BLOCK
