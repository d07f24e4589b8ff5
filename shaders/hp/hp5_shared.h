// HP5, the 5:1 HistoPyramid over a 1D stream of counts (engine/hp/hp5_pyramid.h): one structure shared by the
// point list ("hp5", over 32-cell occupancy words of the atlas) and marching cubes ("hp5_mc", over the count
// pass's vertex counts). Bindings, uniform locations and work groups, shared by C++ and GLSL. Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"

// --- the pyramid -------------------------------------------------------------------------------------------
// Level 0 is the base: one count per element, in the caller's buffer (HP5_BIND_BASE). Level l >= 1 has
// ceil(size(l - 1) / 5) nodes; node j covers elements 5j .. 5j + 4 of the level below and stores, as one uvec4,
// the running sums of its first four children (c0, c0+c1, c0+c1+c2, c0+c1+c2+c3), so the descent takes one
// 16-byte fetch and four compares a level, with no branch. The fifth child's count is never needed going down
// (the key falls in it when it is past the fourth sum); the build keeps every node's total (HP5_BIND_TOTALS)
// for the level above, and the top node's total is the count. Level 1, the largest, is packed: a base element
// counts at most HP5_MAX_BASE_COUNT (a word's 32 cells; the marching cubes' 4 cells x 15 vertices), so its four
// running sums are bytes of one uint (4 bytes a node instead of 16: the build writes 1/4 as much there), a
// storage block of its own; levels 2 .. top are uvec4s in another.
#define HP5_FAN_IN 5
#define HP5_MAX_BASE_COUNT 63 // 4 x 63 = 252: level 1's running sums fit a byte
#define HP5_MAX_LEVELS 15 // levels 1 .. 14: 5^14 > 2^32 base elements; index 0 unused
#define HP5_LOCAL_SIZE 64 // every HP5 pass: 1D groups of 64, rows of HP5_GROUPS_X groups past that
#define HP5_GROUPS_X 65535

// --- storage buffer bindings -------------------------------------------------------------------------------
#define HP5_BIND_BASE 73   // uint[]: the base's counts (or 32-cell occupancy words: HP5_BASE_WORDS)
#define HP5_BIND_NODES 74  // uvec4[]: the nodes of levels 2 .. top, level after level (offsets: HP5_LOC_OFFSETS)
#define HP5_BIND_TOTALS 75 // uint[]: every level's node totals, level 1 first (offsets: the nodes' + level 1's size)
#define HP5_BIND_LEVEL1 76 // uint[]: level 1's nodes, the four running sums as bytes (x lowest)
// The descent's reads, through views of the two above (gl/buffer_view.h, Hp5Pyramid::bindForDescent)
#define HP5_IMAGE_NODES 4  // rgba32ui: a node of levels 2 .. top a texel
#define HP5_IMAGE_LEVEL1 5 // rgba32ui: 4 of level 1's packed nodes a texel

// --- uniform locations (from 300: above every location of the passes HP5 joins, the marching cubes' up to 299) ---
// uvec4 (build): the written level's offset in the totals and its size, the level below's offset in the totals
// (HP5_BELOW_IS_BASE: the base) and size
#define HP5_LOC_LEVEL 301
#define HP5_LOC_NODE_SHIFT 318 // uint (build, levels 2 ..): the written level's node offset = its totals offset - this
#define HP5_LOC_XRAY_SIZES 320   // uint[HP5_MAX_LEVELS] (X-ray): level l's entries, [0] the base's
#define HP5_LOC_XRAY_OFFSETS 335 // uint[HP5_MAX_LEVELS] (X-ray): level l's offset in the totals
#define HP5_BELOW_IS_BASE 0xffffffffu
#define HP5_LOC_LEVELS 302  // uint (descent): the levels above the base, 1 .. HP5_MAX_LEVELS - 1
#define HP5_LOC_OFFSETS 303 // uint[HP5_MAX_LEVELS] (descent): level l's offset in the nodes of levels 2 .. top

// --- "hp5", the point list over the atlas (engine/hp/hp5.h) ------------------------------------------------
// The base: one uint a row segment of 32 texels (bit i = texel 32 w + i of the row; rows padded to whole words),
// row after row, so the list comes out row-major. The word pass reads 2 rows x 32 texels an invocation
// (16 textureGathers), 8 x 8 invocations a group.
#define HP5_WORD_CELLS 32
#define HP5_WORDS_LOCAL_SIZE 8
#define HP5_LOC_WORDS_PER_ROW 300 // uint (words, list): base words a row, ceil(atlas width / 32)
// The same words by subgroup ballot (hp5_words_ballot.comp.glsl, where the driver's subgroups allow it, hp5.h): a
// word column of a row pair is HP5_QUADS_PER_WORD 2 x 2 quads, 16 / q neighbouring invocations of q quads each
// (q = HP5_BALLOT_QUADS, the C++'s define: as few as the subgroup allows), HP5_BALLOT_LOCAL_SIZE invocations a group.
#define HP5_QUADS_PER_WORD 16
#define HP5_BALLOT_LOCAL_SIZE 64

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(HP5_BUFFERS_FIRST == HP5_BIND_BASE && HP5_BIND_LEVEL1 + 1 == HP5_BUFFERS_END);
static_assert(allInside({HP5_VIEW_IMAGES_FIRST, HP5_VIEW_IMAGES_END}, HP5_IMAGE_NODES, HP5_IMAGE_LEVEL1));
static_assert(HP5_LOC_NODE_SHIFT >= HP5_LOC_OFFSETS + HP5_MAX_LEVELS &&
              HP5_LOC_XRAY_SIZES > HP5_LOC_NODE_SHIFT && HP5_LOC_XRAY_OFFSETS >= HP5_LOC_XRAY_SIZES + HP5_MAX_LEVELS);
static_assert(HP5_QUADS_PER_WORD * 2 == HP5_WORD_CELLS && HP5_BALLOT_LOCAL_SIZE % HP5_QUADS_PER_WORD == 0);
static_assert(HP5_LOC_WORDS_PER_ROW >= 300 && HP5_LOC_OFFSETS + HP5_MAX_LEVELS < 1024,
              "above every location the programs HP5 joins use; GL guarantees 1024");
} // namespace dicer::bindings
#endif
