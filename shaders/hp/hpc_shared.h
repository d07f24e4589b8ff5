// The compute HistoPyramids (engine/hp/hp_compute.h): "hp_compute" over the atlas and "hp_bits" over the
// occupancy bits (the demo's default). Work-group sizes, level layout, texture units, images and locations of
// their build, list and rank passes, shared by C++ and GLSL. They write the HistoPyramid's point buffer,
// counters and arguments (hp_shared.h). Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"

// --- compute HistoPyramid (hp_compute.h) -------------------------------------------------------------------
// 8x8 invocations, each reducing an 8x8 block of its input level in registers (three levels), then three more
// levels through shared memory: six levels per dispatch, so 4096^2 is built in two dispatches. (Measured on
// llvmpipe, 4096^2: 16x16 invocations x 4x4 cells took 1.8x the CPU time of 8x8 x 8x8.)
#define HPC_LOCAL_SIZE 8 // 64 invocations: the shared-memory square halves three times (8 -> 1)
#define HPC_REGISTER_LEVELS 3 // levels reduced in registers: an invocation reads 8x8 input cells
#define HPC_LEVELS_PER_DISPATCH 6 // HPC_REGISTER_LEVELS + log2(HPC_LOCAL_SIZE)
#define HPC_GROUP_CELLS 64 // input cells per group side: HPC_LOCAL_SIZE << HPC_REGISTER_LEVELS
#define HPC_MASK_LEVEL 3 // the first stored level: a 64-bit Morton-ordered mask of 8x8 base cells (RG32UI)
// Levels are grouped by storage format into four textures, levels of one format side by side (x offsets in
// HPC_LOC_LEVEL_OFFSETS): the list pass loads them as images (HPC_IMAGE_LEVELS); the X-ray's tiles and the rank
// sample them, a fixed sampler per format, because Mesa 22.3 llvmpipe returns wrong texels for sampler arrays in
// compute shaders (measured: only the first invocation of a group reads correctly).
#define HPC_UNIT_MASKS 2  // RG32UI: level 3, the 8x8 base-cell masks
#define HPC_UNIT_SUMS8 3  // RGBA8UI: level 4 (child sums <= 64; hp_compute's: hp_bits reads it from the bits)
#define HPC_UNIT_SUMS16 4 // RGBA16UI: levels 5-8 (child sums <= 16384)
#define HPC_UNIT_SUMS32 5 // RGBA32UI: levels 9 and up
#define HPC_UNIT_SOURCE 6 // a build dispatch that starts above the atlas reads its source level here
#define HPC_IMAGE_OUT 0   // images HPC_IMAGE_OUT + 0..5: the six levels one build dispatch writes
// The list pass reads the level textures as images (imageLoad: llvmpipe's texelFetch takes its general sampling
// path), texture t (masks, 8-, 16-, 32-bit sums) at HPC_IMAGE_LEVELS + t, read-only
#define HPC_IMAGE_LEVELS 0
#define HPC_MAX_LEVELS 16 // inputs up to 65536 texels a side (hp_bits' virtual atlas: HP_BITS_MAX_ATLAS)
#define HPC_LOC_LEVEL_OFFSETS 16 // int[HPC_MAX_LEVELS + 1]: x offset of level l in its format's texture

// --- HistoPyramid over bits (hp_bits, hp_compute.h) ---------------------------------------------------------
// Level 3 is the occupancy-bits buffer itself (occupancy_bits.h): the build reads it instead of the atlas and
// stores levels 5 and up as hp_compute does; the list, the rank and the X-ray read the masks from it, and level 4
// too (a cell's four children's sums: the popcounts of the 2x2 masks under it, four adjacent words in two rows
// of blocks). Level 4 was most of the bits' build on llvmpipe, its texels 4/5 of those stored, and image stores
// its slow path there (256^3 to 1024^3: the build 40 % shorter without it); the list reads it once a point.
#define HPB_FIRST_STORED_LEVEL 5
#define HPB_BIND_BITS 25 // readonly uint[]: the occupancy bits (two uints per 8x8 block)
// The same bits through a view (gl/buffer_view.h), as the build, the list and the X-ray read them: rg32ui, a
// block a texel; with HPC_BITS_PAIRS rgba32ui, two blocks of a row a texel
#define HPB_IMAGE_BITS 6
#define HPB_LOC_SIDE 15  // int: the virtual atlas side (bits_from_atlas.comp.glsl)
#define HPB_LOCAL_SIZE 8 // bits_from_atlas: 8x8 invocations, one 8x8 block (two words) each
// The rank (hpb_rank.glsl) in a foreign shader: its own locations, so it can join a program whose other
// uniforms sit at the usual low ones. ComputeHistoPyramid::bindForRank() sets them and binds the levels.
#define HPB_LOC_RANK_SIDE 40    // int: the virtual atlas side
#define HPB_LOC_RANK_LEVELS 41  // int: the pyramid's levels (its top)
#define HPB_LOC_RANK_OFFSETS 42 // int[HPC_MAX_LEVELS + 1]: x offset of level l in its format's texture

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(HPB_BIND_BITS, {BITS_BUFFERS_FIRST, BITS_BUFFERS_END}) &&
              inside(HPB_IMAGE_BITS, {HPB_VIEW_IMAGES_FIRST, HPB_VIEW_IMAGES_END}));
static_assert(HPB_LOC_RANK_OFFSETS > HPC_LOC_LEVEL_OFFSETS + HPC_MAX_LEVELS, "rank locations overlap the list's");
static_assert(allInside({HPC_UNITS_FIRST, HPC_UNITS_END}, HPC_UNIT_MASKS, HPC_UNIT_SUMS32, HPC_UNIT_SOURCE));
static_assert(HPC_UNIT_SUMS8 == HPC_UNIT_MASKS + 1 && HPC_UNIT_SUMS16 == HPC_UNIT_MASKS + 2 &&
                  HPC_UNIT_SUMS32 == HPC_UNIT_MASKS + 3,
              "hp_compute.cpp binds level texture t at HPC_UNIT_MASKS + t");
static_assert(HPC_IMAGE_OUT >= HPC_IMAGES_FIRST && HPC_IMAGE_OUT + HPC_LEVELS_PER_DISPATCH <= HPC_IMAGES_END);
static_assert(HPC_IMAGE_LEVELS >= HPC_IMAGES_FIRST && HPC_IMAGE_LEVELS + 4 <= HPC_IMAGES_END);
} // namespace dicer::bindings
#endif
