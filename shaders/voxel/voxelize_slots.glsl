// Colours of the occupancy-bits output per point slot (voxelizer.h, "colours in bits mode"): the buffers of
// the second phase, and the slot function's declaration. The function itself is linked in as a second shader
// object of the same stage (Voxelizer::enableSlotColors), so these programs do not depend on who defines it:
// the HistoPyramid's rank of the voxel's atlas texel in the frame path, voxelize_slot_dense.glsl in tests.
#pragma once
#include "voxel_shared.h"

// VOX_SLOTS_HEADER uints (indirect dispatch x, y, z of the clear; the slot count), then one owner per slot:
// the highest mesh-wide triangle id + 1 that marks the slot's voxel (0: none, an inside voxel).
layout(std430, binding = VOX_BIND_SLOT_OWNERS) restrict coherent buffer VoxSlotOwners { uint b_slotOwners[]; };
// RGBA8 per slot (packUnorm4x8), what the atlas output stores at the voxel's texel.
layout(std430, binding = VOX_BIND_SLOT_COLORS) restrict buffer VoxSlotColors { uint b_slotColors[]; };

#define VOX_SLOTS

// The slot of an active voxel (its atlas texel given too): slots >= voxSlotCount() are skipped.
uint voxColorSlot(ivec3 voxel, ivec3 volume, ivec2 texel);

uint voxSlotCount() {
    return b_slotOwners[3];
}
