// The particles' state (particles_shared.h PS_BIND_POSITIONS / PS_BIND_VELOCITIES): two arrays of vec4, one
// per point each, read and written only through these accessors, so the storage layout lives in one place.
// Define PS_STATE_WRITES before including to write the state (the update); otherwise it is read only.
// Define PS_STATE_VELOCITIES to declare the velocities too (only the update needs them).
#pragma once
#include "particle_step.h"

#ifdef PS_STATE_WRITES
#define PS_STATE_ACCESS
#else
#define PS_STATE_ACCESS readonly
#endif

layout(std430, binding = PS_BIND_POSITIONS) PS_STATE_ACCESS buffer PsPositions { vec4 u_positions[]; };
vec4 psLoadPosition(uint k) { return u_positions[k]; }

#ifdef PS_STATE_VELOCITIES
layout(std430, binding = PS_BIND_VELOCITIES) PS_STATE_ACCESS buffer PsVelocities { vec4 u_velocities[]; };
Particle psLoadParticle(uint k) { return Particle(u_positions[k], u_velocities[k]); }
#ifdef PS_STATE_WRITES
void psStoreParticle(uint k, Particle p) {
    u_positions[k] = p.position;
    u_velocities[k] = p.velocity;
}
#endif
#endif
