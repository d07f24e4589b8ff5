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

// THE LEVELS' PICTURE (engine/hp/xray_levels.h): a method's levels drawn into one R32UI canvas, a tile a level
// in a grid of square slots; a tile's pixel holds the sum of an aligned square of `block` x `block` nodes of its
// level (so every pixel of a level reduced to fewer pixels than it has nodes still sums true), and every tile's
// total is added into its slot of the totals buffer; the canvas past the tiles is not written. One dispatch
// draws a program's tiles, each its own run of work groups of 8x8 pixels (xray_groups.glsl: a tile's first
// group in its .w, past the last tile HP_XRAY_NO_TILE; the groups folded to 2D past 65535), their uniforms:
#define HP_BIND_XRAY_TOTALS 63   // uint[]: a tile's total at its slot (cleared before the tiles are drawn)
#define HP_IMAGE_XRAY_CANVAS 7   // r32ui: the canvas
#define HP_XRAY_LOCAL_SIZE 8     // 8x8 pixels a work group
#define HP_XRAY_MAX_TILES 40     // tiles one canvas holds: more levels than any pyramid here has
#define HP_LOC_XRAY_TILE 65      // ivec4[HP_XRAY_MAX_TILES]: level, block (a power of two), slot, first work group
#define HP_LOC_XRAY_NODES (HP_LOC_XRAY_TILE + HP_XRAY_MAX_TILES)  // ivec4[]: the level's extent, the origin node
#define HP_LOC_XRAY_PIXELS (HP_LOC_XRAY_NODES + HP_XRAY_MAX_TILES) // ivec4[]: the tile's pixels, its first pixel
#define HP_XRAY_NO_TILE 0x7fffffff // the first group of the tiles past the last
#define HP_XRAY_MAX_GROUPS_X 65535 // GL's guaranteed GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]: more fold to 2D

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(HP_BIND_XRAY, {HP_XRAY_BUFFERS_FIRST, HP_XRAY_BUFFERS_END}));
static_assert(inside(HP_BIND_XRAY_TOTALS, {HP_XRAY_BUFFERS_FIRST, HP_XRAY_BUFFERS_END}));
static_assert(inside(HP_IMAGE_XRAY_CANVAS, {HP_XRAY_IMAGES_FIRST, HP_XRAY_IMAGES_END}));
} // namespace dicer::bindings
#endif
