// The particles' state (particles_shared.h PS_BIND_POSITIONS / PS_BIND_VELOCITIES): two arrays of vec4, one
// per point each, read and written only through these accessors. Each array is one buffer bound as
// ENTRY_BLOCKS storage blocks, as the point list is (entry_blocks.glsl: the block choice, and the
// ENTRY_ONE_BLOCK build).
// Define PS_STATE_WRITES before including to write the state (the update); otherwise it is read only.
// Define PS_STATE_VELOCITIES to declare the velocities too (only the update needs them).
#pragma once
#include "entry_blocks.glsl"
#include "particle_step.h"

#ifdef PS_STATE_WRITES
#define PS_STATE_ACCESS
#else
#define PS_STATE_ACCESS readonly
#endif

ENTRY_BLOCKS_DECLARE(PS_BIND_POSITIONS, PS_STATE_ACCESS, vec4, PsPositions, u_positions)
ENTRY_BLOCKS_LOAD(vec4, psLoadPosition, u_positions)
#ifdef PS_STATE_WRITES
ENTRY_BLOCKS_STORE(vec4, psStorePosition, u_positions)
#endif

#ifdef PS_STATE_VELOCITIES
ENTRY_BLOCKS_DECLARE(PS_BIND_VELOCITIES, PS_STATE_ACCESS, vec4, PsVelocities, u_velocities)
ENTRY_BLOCKS_LOAD(vec4, psLoadVelocity, u_velocities)
Particle psLoadParticle(uint k) { return Particle(psLoadPosition(k), psLoadVelocity(k)); }
#ifdef PS_STATE_WRITES
ENTRY_BLOCKS_STORE(vec4, psStoreVelocity, u_velocities)
void psStoreParticle(uint k, Particle p) {
    psStorePosition(k, p.position);
    psStoreVelocity(k, p.velocity);
}
#endif
#endif
