// The X-ray's path record (engine/hp/xray.h): a method's own traversal, compiled with HP_XRAY, follows one
// output index k and writes what it did at every level into a small buffer, instead of writing the point. Valid
// C++ and GLSL.
//
// THE RECORD (uints): a header of 4 (steps recorded, the cell found x and y, 1 when it was found), then per step
// HP_XRAY_STEP_WORDS: (level, the visited cell x, y, the key at it), (its four children's partial sums in the
// child order, or at a mask level the 64-bit mask's two words and two zeros), (the child taken: 0..3, or the
// bit's index 0..63 at a mask level; the key passed down; 0; 0).
#pragma once
#include "binding_ranges.h"

#define HP_BIND_XRAY 62         // uint[]: the path record (one traversal a record)
#define HP_LOC_XRAY_KEY 60      // uint: the output index k the traversal follows
#define HP_XRAY_HEADER_WORDS 4
#define HP_XRAY_STEP_WORDS 12
#define HP_XRAY_MAX_STEPS 20    // levels 1 .. HPC_MAX_LEVELS and more than any pyramid here
#define HP_XRAY_WORDS (HP_XRAY_HEADER_WORDS + HP_XRAY_MAX_STEPS * HP_XRAY_STEP_WORDS)

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(HP_BIND_XRAY, {HP_XRAY_BUFFERS_FIRST, HP_XRAY_BUFFERS_END}));
} // namespace dicer::bindings
#endif
