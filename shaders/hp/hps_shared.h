// hp_sparse (engine/hp/hp_sparse.h): the HistoPyramid over the sparse occupancy (occupancy_sparse.h). Its
// leaves are the pool's 64-bit masks in slot order (16 a slot, the brick's Morton order), so the pool read in
// order is the key-index order of hp_bits; every level above holds, per node, its four children's sums (uvec4),
// like hp_compute's levels, but in one dimension: node j of level l has children 4j .. 4j + 3 of level l - 1.
// Level 1 (4 masks: a 16x16 quadrant of a brick) is not stored: the list popcounts its masks; level 2 is one
// node per slot (the brick's four quadrants). Valid C++ and GLSL.
#pragma once
#include "hp_shared.h"
#include "occupancy_sparse.h"

// A build dispatch reduces HPS_LEVELS_PER_DISPATCH levels: an invocation sums 16 items of its start level in
// registers (two levels), the group of HPS_LOCAL_SIZE its 64 totals through shared memory (three levels). The
// first starts at the masks, so it writes the slots' level-2 nodes and levels 3-5; the dispatches are indirect,
// sized on the GPU from the used slots: the build follows the marked bricks, not the volume.
#define HPS_LOCAL_SIZE 64
#define HPS_LEVELS_PER_DISPATCH 5
#define HPS_ITEMS_PER_INVOCATION 16
#define HPS_FIRST_STORED_LEVEL 2
#define HPS_MAX_LEVELS 18    // 16 masks a slot: 4^16 slots would be past any storage block
#define HPS_MAX_DISPATCHES 4 // ceil(HPS_MAX_LEVELS / HPS_LEVELS_PER_DISPATCH)
#define HPS_ARGS_UINTS 15    // HPS_MAX_DISPATCHES DispatchIndirectCommands, then the list's (HPS_LIST_ARGS)
#define HPS_LIST_ARGS 12     // the list's DispatchIndirectCommand: one invocation per quadrant of a used slot
#define HPS_LOC_LEVEL_OFFSETS 16 // int[HPS_MAX_LEVELS + 1]: node offset of level l in the levels buffer
#define HPS_LOC_DISPATCHES 3     // int: the build's dispatch count (the args pass)
#define HPS_LOC_XRAY_SIDE 36        // int: the virtual atlas side (the X-ray's brick map: hps_xray_levels.comp.glsl)
#define HPS_LOC_XRAY_BRICK_LEVEL 37 // int: the brick map's tile level (past the top)
// The rank (hps_rank.glsl) runs in a foreign program (the voxelizer's slot colour passes): its uniforms sit at
// locations that program leaves free, past the list's (SparseHistoPyramid::bindForRank sets them).
#define HPS_LOC_RANK_SIDE 40    // int: the virtual atlas side (where the slot bases start in the index)
#define HPS_LOC_RANK_LEVELS 41  // int: the pyramid's top level L
#define HPS_LOC_RANK_OFFSETS 42 // int[HPS_MAX_LEVELS + 1]: node offset of level l in the levels buffer
#define HPS_NO_RANK 0xFFFFFFFFu // hpsRank of a texel the list does not hold: past every slot count

#ifdef __cplusplus
static_assert(HPS_MAX_DISPATCHES * HPS_LEVELS_PER_DISPATCH >= HPS_MAX_LEVELS, "dispatches cover every level");
static_assert(HPS_LIST_ARGS == 3 * HPS_MAX_DISPATCHES && HPS_ARGS_UINTS == HPS_LIST_ARGS + 3,
              "one DispatchIndirectCommand a build dispatch, then the list's");
static_assert(HPS_LOC_LEVEL_OFFSETS > HP_LOC_SLICES && HPS_LOC_DISPATCHES != HP_LOC_LEVELS &&
                  HPS_LOC_DISPATCHES != HP_LOC_CAPACITY,
              "hp_sparse's locations overlap the shared ones");
static_assert(HPS_LOC_RANK_SIDE > HPS_LOC_LEVEL_OFFSETS + HPS_MAX_LEVELS &&
                  HPS_LOC_RANK_LEVELS > HPS_LOC_RANK_SIDE && HPS_LOC_RANK_OFFSETS > HPS_LOC_RANK_LEVELS,
              "the rank's locations overlap the list's");
#endif
