// HistoPyramid (engine/hp): texture units, uniform locations, image units, buffer bindings, work-group sizes
// and buffer layouts shared by C++ and GLSL. The point buffer, counters and indirect arguments defined here
// are also what the peers (peers_shared.h) write and the particles and views read. Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"

// --- texture units -----------------------------------------------------------------------------------------
#define HP_UNIT_INPUT 0   // the RGBA8 slice atlas (discriminator input)
#define HP_UNIT_PYRAMID 1 // the pyramid storage (mip chain or pseudo-mipmap rectangle)

// --- uniform locations (explicit, so C++ needs no glGetUniformLocation) ------------------------------------
#define HP_LOC_INPUT_SIZE 0     // ivec2: atlas size in texels; cells outside it are inactive (padding)
#define HP_LOC_THRESHOLD 1      // uint: alpha byte threshold; active = alpha8 >= threshold (256 = none)
#define HP_LOC_LEVELS 2         // int: stored levels L = log2(base size); level L is the 1x1 top
#define HP_LOC_SRC_LEVEL 3      // int: pyramid level read by a reduction pass (1-based)
#define HP_LOC_DST_OFFSET 4     // ivec2: where the pass writes (rectangle layout: level's x offset)
#define HP_LOC_BASE_SIZE 5      // int: base size N (power of two >= 2)
#define HP_LOC_LIST_WIDTH 6     // int: width of the 2D point list texture
#define HP_LOC_COUNT 7          // uint: number of active cells (paper path: known on the CPU)
#define HP_LOC_TILE_SIZE 8      // ivec2: voxel size of one slice tile in the atlas
#define HP_LOC_TILES_X 9        // int: tiles per atlas row
#define HP_LOC_CAPACITY 10      // uint: entries the point buffer holds (GPU-resident path)
#define HP_LOC_DST_SIZE 11      // ivec2: cells a compute reduction pass writes (its level's size)
#define HP_LOC_SLICES 14        // int: slices of the volume; texels of later tiles are padding (0: no volume)

// --- image units (compute build path) ----------------------------------------------------------------------
#define HP_IMAGE_DST 0 // the level a compute reduction pass writes

// Compute reduction: 8x8 cells per work group. Measured on llvmpipe (4096^2 first level): 8x8 10.6 ms,
// 64x1 11.6 ms, 16x16 19.2 ms; 64 invocations is also a good size on NVIDIA/AMD.
#define HP_REDUCE_LOCAL_SIZE 8

// --- buffer bindings ---------------------------------------------------------------------------------------
#define HP_BIND_COUNTERS 0 // HpCounters written by the count pass: [0] = total active cells
// [HP_COUNT_INCOMPLETE] of the counters: 1 when the list may miss active cells of the frame (hp_sparse: its input's
// pool overflowed, so the count covers only the bricks it held); 0 for every other method (never written).
#define HP_COUNT_INCOMPLETE 1
// uvec4 per point: (voxel.xyz, atlas texel 16:16 mod 65536), hp_point.h. The first of ENTRY_BLOCKS bindings:
// the buffer is bound as that many storage blocks (storage_blocks.h) and read and written through
// hp_point_blocks.glsl (hpLoadPoint / hpStorePoint).
#define HP_BIND_POINTS 55
#define HP_BIND_ARGS 2     // indirect draw + dispatch arguments written on the GPU

#define HP_LIST_LOCAL_SIZE 64 // list compute pass: 64 = two NVIDIA warps / one AMD wave, fine on llvmpipe
#define HP_EMPTY 0xFFFFFFFFu  // list texture value of an entry k >= count

// Layout of the indirect-arguments buffer (uints): DrawArraysIndirectCommand at 0, then
// DispatchIndirectCommand, then the clamped count and an overflow flag.
#define HP_ARGS_DRAW_OFFSET 0
#define HP_ARGS_DISPATCH_OFFSET 4
#define HP_ARGS_COUNT 7
#define HP_ARGS_OVERFLOW 8
#define HP_ARGS_UINTS 9

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({HP_UNITS_FIRST, HP_UNITS_END}, HP_UNIT_INPUT, HP_UNIT_PYRAMID));
static_assert(inside(HP_IMAGE_DST, {HP_IMAGES_FIRST, HP_IMAGES_END}));
static_assert(allInside({HP_BUFFERS_FIRST, HP_BUFFERS_END}, HP_BIND_COUNTERS, HP_BIND_ARGS) &&
              HP_BIND_POINTS == HP_POINT_BUFFERS_FIRST);
} // namespace dicer::bindings
#endif
