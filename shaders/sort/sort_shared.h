// The GPU sorts (engine/sort): bindings, uniform locations, work-group sizes and the layout of the status
// word, shared by C++ and GLSL. Keys are uints in [0, m); every sort writes n sorted keys and the permutation
// (output slot -> input index). Valid C++ and GLSL (#defines only).
#pragma once
#include "binding_ranges.h"

// --- storage buffers (inside [SORT_BUFFERS_FIRST, SORT_BUFFERS_END)) ---------------------------------------
#define SORT_BIND_KEYS 13     // the input keys (uint[n]); the radix passes read the previous pass's keys here
#define SORT_BIND_OUT_KEYS 14 // the sorted keys (uint[n])
#define SORT_BIND_OUT_PERM 15 // the permutation: slot k holds the input index of sorted key k (uint[n])
#define SORT_BIND_COUNTS 16   // histogram = pyramid level 0 (HP), or the scan's level 0 (scan-based sorts)
#define SORT_BIND_RANKS 17    // per key: its rank within its bucket, the return of the histogram's atomicAdd
#define SORT_BIND_STATUS 18   // SortStatus below: validation word, count, indirect dispatch arguments
#define SORT_BIND_IN_PERM 19  // radix: the permutation of the previous pass; HP: the bucket starts (uint[m])

// --- the status buffer (uint[SORT_STATUS_WORDS]) -------------------------------------------------------------
// Keys >= m are never written anywhere: the histogram/validation pass skips them and records them here; the
// caller reads this (Sorter::checkStatus) and reports "key K at index I is >= m".
#define SORT_STATUS_BAD 0        // number of keys >= m
#define SORT_STATUS_FIRST_BAD 1  // the lowest index of such a key (0xFFFFFFFF: none)
#define SORT_STATUS_COUNT 2      // keys the pyramid holds (its top): the count the descent is dispatched from
#define SORT_STATUS_ARGS 4       // uvec3 indirect dispatch arguments for one invocation per output slot
#define SORT_STATUS_WORDS 8      // 32 bytes: ARGS at a 16-byte offset

// --- uniform locations ---------------------------------------------------------------------------------------
#define SORT_LOC_N 0            // uint: keys
#define SORT_LOC_M 1            // uint: key range [0, m)
#define SORT_LOC_IN_OFFSET 2    // uint: first element of the level read (pyramid reduce), in uints
#define SORT_LOC_OUT_OFFSET 3   // uint: first element of the level written
#define SORT_LOC_OUT_SIZE 4     // uint: elements of the level written
#define SORT_LOC_LEVELS 5       // uint: pyramid levels (descent), or the radix bit
#define SORT_LOC_FIRST_PASS 6   // uint: radix pass 0 (identity permutation in, validate keys)
#define SORT_LOC_OFFSETS 8      // uint[SORT_MAX_LEVELS]: first element of pyramid level l
#define SORT_MAX_LEVELS 21      // m up to 2^20: levels 2^20 .. 1
#define SORT_LOC_XRAY_SIZES (SORT_LOC_OFFSETS + SORT_MAX_LEVELS) // uint[SORT_MAX_LEVELS]: level l's entries (X-ray)

// --- work groups -----------------------------------------------------------------------------------------------
#define SORT_LOCAL_SIZE 256       // one invocation per key / output slot / pyramid cell
#define SORT_MAX_GROUPS_X 65535   // GL's guaranteed GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]: more groups fold to 2D
#define SORT_MAX_KEY_RANGE 1048576 // m <= 2^20: the pyramid is 2m uints (8 MiB)

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({SORT_BUFFERS_FIRST, SORT_BUFFERS_END}, SORT_BIND_KEYS, SORT_BIND_IN_PERM));
static_assert(SORT_STATUS_ARGS * 4 % 16 == 0 && SORT_STATUS_ARGS + 3 <= SORT_STATUS_WORDS);
static_assert((1u << (SORT_MAX_LEVELS - 1)) == SORT_MAX_KEY_RANGE);
} // namespace dicer::bindings
#endif
