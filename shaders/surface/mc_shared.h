// GPU marching cubes (engine/surface/mc_method.h: hp_mc, hp5_mc, scan_mc, atomic_mc): their bindings,
// uniform locations, work-group sizes and buffer layouts, shared by C++ and GLSL. The volume is read through
// discriminate_values.glsl (the discriminator's images DISC_IMAGE_VOLUME_*, its uniform u_size at location 0,
// its colour edges at 8 .. 8 + DISC_EDGES, unused here, and u_valueBytes at 263): so the MC_LOC_* below avoid
// 0 and 8 .. 263.
#pragma once
#include "binding_ranges.h"

// --- storage buffer bindings -------------------------------------------------------------------------------
// uint[]: the count's listed columns (mc_count.comp.glsl): the count pass's indirect dispatch (MC_COLUMNS_DISPATCH),
// how many are listed (MC_COLUMNS_COUNT), then the list, a column index each (MC_COLUMNS_LIST on)
#define MC_BIND_COLUMNS 33
#define MC_BIND_CASES 34  // uint[]: the base level, 4 cells' cases a word, row-aligned (mc_volume.glsl)
// uint[]: level 1, the vertex count of the 4 cells of each base word (0..60); scan_mc: its inclusive scan
#define MC_BIND_LEVEL1 35
#define MC_BIND_UPPER 36  // uint[]: levels 2 .. top, one after another (offsets in MC_LOC_OFFSETS)
#define MC_BIND_HEADER 37 // uint[MC_HEADER_WORDS]: indirect dispatch, total, indirect draw, capacity
#define MC_BIND_RANGES 38 // uvec2[]: each count column's smallest and largest key (mc_column_range.comp.glsl)
// McGpuVertex[]: the triangle list, 3 vertices per triangle, one buffer bound as ENTRY_BLOCKS storage blocks from
// here on (entry_blocks.glsl, McMethod::bindVertexOutput), each a whole number of vertices
#define MC_BIND_VERTICES MC_VERTEX_BUFFERS_FIRST

// --- image units: read-only views of the buffers above (engine/gl/buffer_view.h), read where each invocation
// computes the place (a descent, a table lookup), bound by the pass that reads them ----------------------------
#define MC_IMAGE_TABLE 3  // rg32ui: the packed case table (mc_table.h, McTable::packed), a case a texel
#define MC_IMAGE_UPPER 4  // rgba32ui (hp_mc's descent): MC_BIND_UPPER, a node (4 entries) a texel
#define MC_IMAGE_LEVEL1 5 // rgba32ui (hp_mc's descent): level 1, a node a texel
#define MC_IMAGE_CASES 6  // rgba32ui (hp_mc's descent): MC_BIND_CASES, 4 words a texel

// --- uniforms (locations; glProgramUniform before each pass) -----------------------------------------------
#define MC_LOC_BAND_KEYS 1 // uvec2: the band as order keys of the type, inclusive (volume_values.h)
#define MC_LOC_BAND_LO 2   // vec2: lo as a float pair hi + lo (t is taken from a double's two halves)
#define MC_LOC_BAND_HI 3   // vec2: hi, the same way
#define MC_LOC_SPACING 4   // vec3: physical units per sample step along x, y, z
#define MC_LOC_BINARY 5    // int: 1 = the field is binary (every vertex at its edge's midpoint), from the CPU
#define MC_LOC_WORDS 6     // uint: the base's words, (Y-1)(Z-1) rows of ceil((X-1) / 4) (mc_volume.glsl)
// uvec4 (reduce): the written level's offset and stored entries, the level below's offset in the buffer viewed at
// MC_IMAGE_UPPER (level 1's own, or the upper one) and its stored entries; (args): the total's index in the
// upper buffer, or one of the two below
#define MC_LOC_LEVEL 7
#define MC_TOTAL_IN_LEVEL1 0xffffffffu // (args) the total is level 1's entry 0 (level 1 is the top)
#define MC_TOTAL_IN_HEADER 0xfffffffeu // (args) the total is at MC_HEADER_TOTAL already (atomic_mc's counter)
#define MC_LOC_LEVELS 264  // uint (descent): levels above the base, 1 .. MC_MAX_LEVELS
#define MC_LOC_OFFSETS 265 // uint[MC_MAX_LEVELS] (descent): level l's offset in the upper buffer (l >= 2)
#define MC_MAX_LEVELS 17   // levels 1 .. 16 at most (2^32 cells = 2^30 words, / 4 a level); index 0 unused
#define MC_LOC_XRAY_KEY 282   // uint (expand with HP_XRAY): the vertex the traversal follows
#define MC_LOC_XRAY_SIZES 283 // uint[MC_MAX_LEVELS] (expand with HP_XRAY): level l's entries
// uvec3 (count): (lo, hi, 1) = the cases and counts hold the words of the band with these keys (McMethod::countWords),
// so a column uniform under both bands (the same way) keeps its words; (.., 0) = not known. Past HP5's locations
// (300 .. 349, hp5_shared.h), which hp5_mc's programs declare beside these.
#define MC_LOC_KEPT_BAND 350
#define MC_LOC_LISTED 351 // uint (count): 1 = count the listed columns, 0 = every column (no exact ranges)
// uint (classification): the count's groups a row of its grid: MC_GROUPS_X, fewer where GlInfo says so (tests)
#define MC_LOC_ROW_GROUPS 352

// --- the grid-edge weld (engine/surface/grid_edge_weld.h, mc_weld_*.comp.glsl) ----------------------------
// It runs after a method's passes and binds its buffers before each of its own, at the count pass's bindings
// (every marching-cubes pass binds what it reads before it runs, so nothing relies on them in between); its
// input is the list at MC_BIND_VERTICES, the table at MC_IMAGE_TABLE.
#define MC_BIND_WELD_STARTS MC_BIND_CASES    // uint[]: the first list vertex of each group of 2^shift cells
#define MC_BIND_WELD_SCAN MC_BIND_LEVEL1     // uint[]: the first-use flags, then their inclusive scan
#define MC_BIND_WELD_INDICES MC_BIND_UPPER   // uint[]: list vertex k's welded vertex
#define MC_BIND_WELD_VERTICES MC_BIND_RANGES // uvec4[]: the welded vertices (mc_vertex.h)
// Its programs' own uniforms (they read no volume: no location to avoid).
#define MC_LOC_WELD_CELLS 1 // ivec3: cells per axis
#define MC_LOC_WELD_LIST 2  // uint: the list's vertices
#define MC_LOC_WELD_SHIFT 3 // uint: a start's group is 2^shift cells

// --- work groups -------------------------------------------------------------------------------------------
#define MC_LOCAL_SIZE 64  // every pass: 1D groups of 64 invocations, rows of groups past 65535 (2D grid)
#define MC_GROUPS_X 65535 // the smallest GL_MAX_COMPUTE_WORK_GROUP_COUNT: a grid's row of groups
#define MC_FAN_IN 4       // 4:1 pyramid: a base word is 4 cells, every level above sums 4 entries
// The count pass (mc_count.comp.glsl): one invocation a column of base words, MC_COUNT_ROWS rows (y) by
// MC_COUNT_SLICES slices (z), marching along z with the slice below kept, so a sample is read
// (1 + 1/4)(1 + 1/MC_COUNT_ROWS)(1 + 1/MC_COUNT_SLICES) = 1.95 times instead of 5 (a word's 20 corners alone).
// Measured on llvmpipe (metaballs:128, count pass): 4 x 4 17-18 ms, 8 x 4 17-22, 4 x 2 22, 4 x 16 77-105 (long
// serial columns starve its threads), 20 corners a word 29-42, side by side; 4 x 4 also keeps 262 k invocations
// at 256^3 for a GPU.
#define MC_COUNT_ROWS 4
#define MC_COUNT_SLICES 4
// The listed columns' buffer (MC_BIND_COLUMNS), in uints: the indirect dispatch's 3, the count of listed columns,
// the list. MC_LOCAL_SIZE a power of two: the classification counts whole groups by a mask.
#define MC_COLUMNS_DISPATCH 0
#define MC_COLUMNS_COUNT 3
#define MC_COLUMNS_LIST 4

// --- the header: one buffer, written on the GPU by the arguments pass --------------------------------------
#define MC_HEADER_DISPATCH 0 // uint[3]: the expansion's indirect dispatch (glDispatchComputeIndirect)
#define MC_HEADER_TOTAL 3    // uint: the total vertex count (never clamped); atomic_mc's counter
#define MC_HEADER_DRAW 4     // uint[4]: DrawArraysIndirectCommand {count, instances 1, first 0, base 0}
#define MC_HEADER_CAPACITY 8 // uint: vertices the vertex buffer holds (written by the CPU at reserve)
#define MC_HEADER_WORDS 12   // padded to 48 bytes

// --- one output vertex: 16 bytes ---------------------------------------------------------------------------
// uvec4 (cell, ids, t, normal), mc_vertex.h: the cell's linear index (x fastest), ids = case | edge << 8 |
// vertex-in-cell << 12 | normal fallback << 16 | crossing (0 lo, 1 hi, 2 none) << 20, t along the edge (float
// bits), the unit normal (out of the band region) as two octahedral snorm16. The position is decoded from the
// cell, the edge and t (mcVertexIndex, times the spacing).
#define MC_VERTEX_BYTES 16
#define MC_ID_EDGE_SHIFT 8
#define MC_ID_INDEX_SHIFT 12
#define MC_ID_FALLBACK_SHIFT 16
#define MC_ID_CROSSING_SHIFT 20

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({MC_BUFFERS_FIRST, MC_BUFFERS_END}, MC_BIND_COLUMNS, MC_BIND_CASES, MC_BIND_LEVEL1,
                        MC_BIND_UPPER, MC_BIND_HEADER, MC_BIND_RANGES));
static_assert((MC_LOCAL_SIZE & (MC_LOCAL_SIZE - 1)) == 0);
static_assert(MC_BIND_VERTICES + ENTRY_BLOCKS == MC_VERTEX_BUFFERS_END);
static_assert(MC_IMAGE_TABLE ==
              MC_VIEW_IMAGES_FIRST); // below HP5's views (binding_ranges.h: hp5_mc reads both)
static_assert(allInside({MC_VIEW_IMAGES_FIRST, MC_VIEW_IMAGES_END}, MC_IMAGE_TABLE, MC_IMAGE_UPPER,
                        MC_IMAGE_LEVEL1, MC_IMAGE_CASES));
static_assert(
    MC_LOC_BAND_KEYS > 0 && MC_LOC_LEVEL < 8 && MC_LOC_LEVELS >= 8 + 255 + 1,
    "MC_LOC_* avoid discriminate_values.glsl's u_size (0), u_edges (8 .. 262) and u_valueBytes (263)");
static_assert(MC_LOC_XRAY_KEY >= MC_LOC_OFFSETS + MC_MAX_LEVELS, "the X-ray's locations follow the offsets");
static_assert(MC_LOC_KEPT_BAND >= MC_LOC_XRAY_SIZES + MC_MAX_LEVELS,
              "the count's flag follows the X-ray's sizes");
static_assert(MC_HEADER_DRAW * 4 % 4 == 0 && MC_HEADER_WORDS >= MC_HEADER_CAPACITY + 1);
} // namespace dicer::bindings
#endif
