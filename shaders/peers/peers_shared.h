// The peers (engine/peers): the stream-compaction methods the HistoPyramid is measured against. Bindings,
// locations and work-group sizes of Horn's scan and the atomic append, shared by C++ and GLSL. Every peer
// writes the HistoPyramid's point buffer, counters and arguments (hp_shared.h). Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"

// --- Horn's scan and the atomic append ---------------------------------------------------------------------
#define PEER_BIND_DATA 3       // Horn: the scan level being worked on (uint per element, inclusive prefix sums)
#define PEER_BIND_SUMS 4       // Horn: one total per block of that level (scanned in turn one level up)
#define PEER_LOC_ELEMENTS 12   // uint: elements in the scan level (level 0: atlas width x height)
#define PEER_LOC_WRITE_TOTAL 13 // uint: 1 on the pass that finalises level 0, which then writes the count
// Horn's X-ray levels (horn_xray_levels.comp.glsl): the scan levels as the elements they scan
#define HORN_XRAY_MAX_LEVELS 8      // scan levels + the top's total: 3 levels hold 2^30 elements
#define HORN_LOC_XRAY_WIDTH 20      // int: level 0's width (the atlas's; its elements are rows of it)
#define HORN_LOC_XRAY_OFFSETS 21    // uint[HORN_XRAY_MAX_LEVELS]: level l >= 1's first uint in the upper range
#define HORN_LOC_XRAY_ELEMENTS (HORN_LOC_XRAY_OFFSETS + HORN_XRAY_MAX_LEVELS) // uint[]: level l's elements

// Horn's scan: 64 invocations (a power of two, for Blelloch's tree) x 16 elements = 1024 per block. Sixteen
// elements per invocation shrink the shared-memory sweep to 64 entries; 1024 per block keeps 16M cells (4096^2)
// to three scan levels.
#define HORN_SCAN_LOCAL_SIZE 64 // invocations per block (measured on llvmpipe, 4096^2: 256 x 4 took 2x the CPU time)
#define HORN_SCAN_PER_INVOCATION 16 // consecutive elements summed in registers before the shared-memory sweep
#define HORN_SCAN_BLOCK 1024 // HORN_SCAN_LOCAL_SIZE * HORN_SCAN_PER_INVOCATION
#define PEER_MAX_GROUPS_X 65535 // GL's guaranteed minimum of GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]: fold to 2D

// Atomic append: 8x8 invocations, APPEND_GATHERS^2 textureGathers (2x2 cells each) per invocation, so a group
// makes one global atomicAdd for (16 APPEND_GATHERS)^2 cells (work-group aggregation keeps the counter from
// serialising).
#define APPEND_LOCAL_SIZE 8
#define APPEND_GATHERS 2 // per side: 4x4 cells per invocation (at most 2: their bits fit one uint)

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({PEER_BUFFERS_FIRST, PEER_BUFFERS_END}, PEER_BIND_DATA, PEER_BIND_SUMS));
} // namespace dicer::bindings
#endif
