// Particles (HeartBreaker, engine/particles): bindings, control-buffer layout, phases and splatting
// constants shared by C++ and GLSL (particle_step.h holds the per-particle maths). The particles read the
// HistoPyramid's point buffer and counters (hp_shared.h). Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"

// The state, as two arrays of 16 bytes a point (structure of arrays, ps_state.glsl): every per-point buffer is
// then at most the point entry's 16 bytes, so the particles hold as many points as the point buffer (a 32-byte
// Particle per point ran past llvmpipe's 128 MiB storage block at half the points).
// Each is the first of ENTRY_BLOCKS bindings: one buffer bound as that many storage blocks (storage_blocks.h).
#define PS_BIND_POSITIONS 47  // SSBO: vec4 position per point (xyz world, w 1)
#define PS_BIND_VELOCITIES 51 // SSBO: vec4 velocity per point (xyz world units per second, w 0)
#define PS_STATE_ENTRY_BYTES 16
#define PS_BIND_CONTROL 6 // SSBO: PS_CTRL_* uints (indirect draw/dispatch arguments + counts)
#define PS_BIND_PARAMS 1  // UBO: ParticleParams (particle_step.h), one per update
#define PS_UNIT_ATLAS 7   // the slice atlas, sampled for the model-colour mode (never HP_UNIT_*: both may be bound)

#define PS_LOC_VIEW_PROJ 0   // mat4: world -> clip for the particle draw
#define PS_LOC_POINT_SCALE 1 // float: sprite diameter in pixels at distance 1 (world-sized sprites)
#define PS_LOC_COLOR_MODE 2  // int: PS_COLOR_*
#define PS_LOC_VOLUME 3      // ivec3: voxels per axis, to turn voxel coordinates into colours
#define PS_LOC_CAPACITY 4    // uint: particles every per-point buffer holds (args pass clamps the count to it)
#define PS_LOC_VIEWPORT 5    // ivec2: splat target size in pixels
#define PS_LOC_OPACITY 6     // float: sorted blending, alpha at a sprite's centre
#define PS_LOC_DEPTH_ROW 7   // vec4: depth keys: view depth = dot(row, p) (the view matrix's z row, negated)
#define PS_LOC_DEPTH_RANGE 8 // vec2: depth keys: view depths of the far (key 0) and near end of the range
#define PS_LOC_BUCKETS 9     // uint: depth keys: buckets (also the key of a retired particle)
#define PS_LOC_SLOTS 10      // uint: depth keys: particle slots keyed (live + retired)

// Sorted blending (depth_order.h): a key per particle, its quantized view depth (far -> 0), sorted by the
// HistoPyramid counting sort (engine/sort) every frame; the draw reads the particles in that order.
#define PS_BIND_DEPTH_KEYS 23 // SSBO: a uint key per particle slot
#define PS_BIND_ORDER 24      // SSBO: the sort's permutation, slot k -> particle index (back to front)
// Bits output (no atlas): the model colour of point k, RGBA8 (packUnorm4x8) at index k, which the voxelizer's
// slot colour pass writes (Voxelizer::colorSlots with the HistoPyramid's rank as the slot).
#define PS_BIND_SLOT_COLORS 28

// Compute splatting (the default particle renderer): Mesa llvmpipe spends ~1 us per GL point in its
// single-threaded front end whatever the point size (75k points: 75 ms), while a compute pass per particle
// runs 8-wide on every core. Pass 1 keeps the nearest depth per pixel (atomicMin), pass 2 writes the colour of
// the particle that won, a full-screen pass resolves both into the framebuffer with gl_FragDepth.
#define PS_IMAGE_SPLAT_DEPTH 3  // r32ui: window depth bits of the nearest particle (floats >= 0 order as uints)
#define PS_IMAGE_SPLAT_COLOR 4  // rgba8: colour of that particle
#define PS_SPLAT_MAX_RADIUS 16  // pixels: splats are at most 33 px wide (the loop is per particle)
#define PS_SPLAT_EMPTY 0xFFFFFFFFu

// Control buffer (uints): DrawArraysIndirectCommand first so glDrawArraysIndirect reads it at offset 0,
// then the DispatchIndirectCommand of the update pass, then last frame's particle count.
#define PS_CTRL_DRAW 0     // {count, instanceCount = 1, first = 0, baseInstance = 0}
#define PS_CTRL_DISPATCH 4 // {groupsX, groupsY, 1}
#define PS_CTRL_PREV 7     // particles alive last frame: indices at or above it are new and spawn at their target
#define PS_CTRL_BOUNDS 8   // {minX, minY, maxX, maxY}: pixels the splats touched (the resolve covers only these)
#define PS_CTRL_UINTS 12

#define PS_LOCAL_SIZE 64 // update pass: same reasoning as HP_LIST_LOCAL_SIZE

// The pick (point_pick.h): the particle drawn nearest a window pixel. Pass 0 keeps the smallest key (the screen
// distance in 1/8 pixels, then the window depth), pass 1 the lowest index with that key.
#define PS_BIND_PICK 64          // SSBO: uint[2]: the best key, the index
#define PS_LOC_PICK_PIXEL 11     // vec2: the pixel, window coordinates, y down
#define PS_LOC_PICK_DISPLAY 12   // vec2: the window's size in the same units
#define PS_LOC_PICK_RADIUS 13    // float: pixels around it a particle's centre may lie
#define PS_LOC_PICK_PASS 14      // int: 0 or 1
#define PS_PICK_NONE 0xFFFFFFFFu

// Phases of the HeartBreaker animation (the CPU steps through them, the GPU applies them per particle).
#define PS_PHASE_ASSEMBLED 0u // every particle sits on its voxel (follows the live cloud exactly)
#define PS_PHASE_EXPLODING 1u // free flight: gravity, drag, bouncing on the floor
#define PS_PHASE_RETURNING 2u // a critically damped spring pulls each particle back to its voxel

#define PS_COLOR_FALSE 0 // the paper's false colours: the voxel's 3D texture coordinate as rgb
#define PS_COLOR_MODEL 1 // the model's colour, stored in the atlas texel's rgb by the voxelizer
#define PS_COLOR_SLOTS 2 // the model's colour of point k in the slot colours (PS_BIND_SLOT_COLORS; bits output)
#define PS_COLOR_HEIGHT 3 // the voxel's height through viridis (volume_values.h): the colour-blind-safe false colours

// HeartBreaker for surfaces (surface_shatter.h, shatter_step.h): the marching cubes' triangles broken into
// pieces. Triangle t is the source's vertices 3t, 3t + 1, 3t + 2; its entry in the state is entry t of two arrays
// (shatter_state.glsl): its link, which names its piece, and its motion (the piece's own entries are its first
// triangle's). The draw binds only SHATTER_BIND_LINKS and the SHATTER_BIND_MOTION blocks (shatter_apply.glsl),
// next to whatever the surface's own draw binds.
#define SHATTER_BIND_LINKS 77   // SSBO: uvec4 per triangle (ShatterPiece's link, shatter_step.h), one block
#define SHATTER_BIND_CONTROL 78 // SSBO: SHATTER_CTRL_* uints (the passes' indirect dispatches + counts)
// SSBO: the source's vertices, one uvec4 each (read only), ENTRY_BLOCKS blocks from here on
// (shatter_vertices.glsl)
#define SHATTER_BIND_VERTICES PS_SHATTER_VERTEX_BUFFERS_FIRST
#define SHATTER_BIND_HEADER 79 // SSBO: the source's header, its vertex count at word SHATTER_LOC_TOTAL_WORD
// SSBO: the pieces' motion, SHATTER_MOTION_VEC4S vec4 per triangle (ShatterPiece's first five fields),
// ENTRY_BLOCKS blocks from here on: 80 bytes a triangle outgrow one block before the source's vertices do
#define SHATTER_BIND_MOTION PS_SHATTER_MOTION_BUFFERS_FIRST
#define SHATTER_MOTION_VEC4S 5
#define SHATTER_BIND_PARAMS 2    // UBO: ShatterParams (shatter_step.h), one per update
// Finding the pieces (shatter_bricks.comp.glsl, shatter_label.comp.glsl): a counting sort of the triangles by
// brick, then one work group per brick that has triangles.
#define SHATTER_BIND_BRICKS 59    // SSBO: uvec2 per brick: its triangle count, its first slot in the order
#define SHATTER_BIND_TRIANGLES 60 // SSBO: 2 uints per triangle: its slot within its brick; the brick order
#define SHATTER_BIND_ACTIVE 61    // SSBO: the bricks that have triangles (any order)

#define SHATTER_LOC_TOTAL_WORD 0 // uint (args): the vertex count's index in the header, in uints
#define SHATTER_LOC_CAPACITY 1   // uint (args): triangles the vertex buffer and the state both hold
#define SHATTER_LOC_PROBE 0      // mat4 (the test's probe vertex shader): physical units -> world

// The source vertex: the marching cubes' 16 bytes (mc_vertex.h, MC_VERTEX_BYTES), one 16-byte entry of the
// blocks: uvec4 (cell, ids, t, normal), the edge at bits SHATTER_EDGE_SHIFT .. + 3 of the ids.
#define SHATTER_EDGE_SHIFT 8 // mc_shared.h MC_ID_EDGE_SHIFT

// A piece lies within one brick of SHATTER_BRICK^3 cells: at most 5 triangles a cell, and (SHATTER_BRICK + 1)^3
// grid points with 3 edges each (the brick-local edge numbering of shatter_label.comp.glsl).
#define SHATTER_BRICK 8
#define SHATTER_BRICK_TRIANGLES 2560
#define SHATTER_BRICK_EDGES 2187

// Control buffer (uints): the passes' DispatchIndirectCommands, the live and last frame's triangle counts, the
// bricks with triangles and the slots placed so far (the counting sort's counters).
#define SHATTER_CTRL_DISPATCH 0 // {groupsX, groupsY, 1}: one invocation per live triangle
#define SHATTER_CTRL_LIVE 3     // triangles stepped (and meant to be drawn) this frame
#define SHATTER_CTRL_PREV 4     // triangles live last frame
#define SHATTER_CTRL_ACTIVE 5   // bricks with triangles (the labelling's work groups)
#define SHATTER_CTRL_PLACED 6   // slots of the brick order handed out
#define SHATTER_CTRL_LABEL 8    // {groupsX, groupsY, 1}: one work group per brick with triangles
#define SHATTER_CTRL_PLACE 11   // {groupsX, groupsY, 1}: one invocation per brick with triangles
#define SHATTER_CTRL_UINTS 16

#define SHATTER_LOCAL_SIZE 64 // every pass: one invocation per triangle or brick; the labelling's group size

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(PS_UNIT_ATLAS, {PS_UNITS_FIRST, PS_UNITS_END}));
static_assert(allInside({PS_IMAGES_FIRST, PS_IMAGES_END}, PS_IMAGE_SPLAT_DEPTH, PS_IMAGE_SPLAT_COLOR));
static_assert(inside(PS_BIND_CONTROL, {PS_BUFFERS_FIRST, PS_BUFFERS_END}));
static_assert(inside(PS_BIND_PICK, {PS_PICK_BUFFERS_FIRST, PS_PICK_BUFFERS_END}));
static_assert(PS_BIND_POSITIONS == PS_STATE_BUFFERS_FIRST &&
              PS_BIND_VELOCITIES == PS_STATE_BUFFERS_FIRST + ENTRY_BLOCKS &&
              PS_BIND_VELOCITIES + ENTRY_BLOCKS == PS_STATE_BUFFERS_END);
static_assert(allInside({PS_SORT_BUFFERS_FIRST, PS_SORT_BUFFERS_END}, PS_BIND_DEPTH_KEYS, PS_BIND_ORDER));
static_assert(inside(PS_BIND_SLOT_COLORS, {PS_COLOR_BUFFERS_FIRST, PS_COLOR_BUFFERS_END}));
static_assert(allInside({PS_UBOS_FIRST, PS_UBOS_END}, PS_BIND_PARAMS, SHATTER_BIND_PARAMS) &&
              PS_BIND_PARAMS != SHATTER_BIND_PARAMS);
static_assert(allInside({PS_SHATTER_BUFFERS_FIRST, PS_SHATTER_BUFFERS_END}, SHATTER_BIND_LINKS,
                        SHATTER_BIND_CONTROL, SHATTER_BIND_HEADER));
static_assert(SHATTER_BIND_VERTICES + ENTRY_BLOCKS == PS_SHATTER_VERTEX_BUFFERS_END);
static_assert(SHATTER_BIND_MOTION + ENTRY_BLOCKS == PS_SHATTER_MOTION_BUFFERS_END);
static_assert(allInside({PS_SHATTER_PIECE_BUFFERS_FIRST, PS_SHATTER_PIECE_BUFFERS_END}, SHATTER_BIND_BRICKS,
                        SHATTER_BIND_TRIANGLES, SHATTER_BIND_ACTIVE));
static_assert(SHATTER_BRICK_TRIANGLES == 5 * SHATTER_BRICK * SHATTER_BRICK * SHATTER_BRICK &&
              SHATTER_BRICK_EDGES == 3 * (SHATTER_BRICK + 1) * (SHATTER_BRICK + 1) * (SHATTER_BRICK + 1) &&
              SHATTER_BRICK <= 8, "a cell mask holds 8 cells an axis");
} // namespace dicer::bindings
#endif
