// The sparse occupancy: the occupancy bits (occupancy_bits.h) of only the bricks a frame touches,
// written once and compiled twice, as C++ (the CPU reference hp/sparse_reference.h, voxel/sparse_occupancy.h,
// tests) and as GLSL (the voxelizer's two sparse passes, the allocation passes, hp_sparse's build and list).
//
// Bricks. A brick is an aligned 32x32 block of the virtual slice atlas: 16 of the bits' 8x8 masks, 1024 bits,
// 32 uints. An aligned power-of-two block of the atlas is a subtree of hp_bits' quadtree (key-index order =
// the Morton code of the atlas texel, x in the even bits), so listing the bricks in the Morton order of their
// brick coordinates and, inside a brick, its masks in Morton order and each mask's bits from bit 0 up gives the
// same points in the same order as hp_bits over the dense bits (tests/hp_sparse_gltest.cpp). Inside a brick a
// texel's index is the Morton code of (texel & 31): bits 0-5 are the bits' own mask index (hpBitsMorton), bits
// 6-9 the mask's place in the brick, so brick word (index >> 5), bit (index & 31) is the dense bits' layout.
// Why 32: bricks of 8x8 (one mask) would need a coarse map and slot table as large as the marked bricks' bits
// (1024^3: 2 MiB of coarse bits + 2 MiB of slot bases against ~0.8 MiB of bits); 32x32 keeps the per-frame
// coarse map at 1/1024 of the dense bits (1024^3: 128 KiB) while a surface still fills a few % of each brick.
//
// The index buffer (uints; cleared in part each frame, sized by the virtual atlas only):
//   [0, SPARSE_HEADER)          header: the pool clear's dispatch arguments, the marked bricks, the pool's
//                               capacity, the slots used, the overflow flag (SPARSE_* below)
//   [SPARSE_HEADER, + W)                the coarse map: bit (b & 31) of word (b >> 5) = brick of Morton index b is
//                               marked; W = hpSparseCoarseWords(side), over a power-of-two grid of bricks
//   [bases, bases + W)          slot base of each coarse word: the marked bricks before it (exclusive scan)
//   [partials, partials + P)    the scan's per-group sums (SPARSE_SCAN_WORDS words a group)
// A marked brick's slot is its rank among the marked bricks in Morton order: base[word] + the marked bricks
// below it in its word. So the pool is the marked bricks' bits in key-index order.
// The pool buffer (uints, grown on the CPU when a frame overflowed): slot s of capacity C holds
//   [32 s, 32 s + 32)           the brick's bits (16 masks, occupancy_bits.h word pairs, in Morton order)
//   32 C + s                    the brick's Morton index (its coordinates: hpDemorton2)
// Slots past the capacity are not written: the frame is flagged (SPARSE_OVERFLOW) and its list is the key-index
// prefix of the true list, never presented as complete.
//
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout`, functions
// prefixed `hp`.
#ifndef DICER_OCCUPANCY_SPARSE_H
#define DICER_OCCUPANCY_SPARSE_H

#include "binding_ranges.h"
#include "hp_shared_fn.h"

// Storage buffers of the sparse occupancy and of hp_sparse (one range: the voxelizer's sparse passes, the
// allocation and hp_sparse all bind the structure at the same points).
#define SPARSE_BIND_INDEX 43   // uint[]: header, coarse map, slot bases, scan partials (the layout above)
#define SPARSE_BIND_POOL 44    // uint[]: the slots' bits, then their bricks
#define HPS_BIND_LEVELS 45     // hp_sparse: its pyramid's levels (uvec4 child sums), level 2 up
#define HPS_BIND_BUILD_ARGS 46 // hp_sparse: the build dispatches' indirect arguments, from the used slots
// Uniform locations of the allocation passes (sparse_alloc.comp.glsl, sparse_from_bits.comp.glsl).
#define SPARSE_LOC_SIDE 0     // int: the virtual atlas side
#define SPARSE_LOC_CAPACITY 1 // uint: the pool's slots

// The largest virtual atlas: 4096^3's (262144 a side: 8192^2 bricks, 2 x 8 MiB of coarse map and slot bases).
// Not the point entries' limit (hp_point.h: the voxel names the texel) nor the Morton code's (hpSpread16:
// 65536 bricks a side): the per-frame coarse map grows with the volume, and the largest preset is
// 4096^3. Each driver bounds it further by its storage block (voxel::atlasLimit).
#define HP_SPARSE_MAX_ATLAS 262144
#define SPARSE_BRICK 32       // texels a side of a brick
#define SPARSE_BRICK_LOG2 5   // log2(SPARSE_BRICK)
#define SPARSE_BRICK_WORDS 32 // uints of a brick's bits: 16 masks of 8x8
#define SPARSE_SLOT_UINTS 33  // pool uints a slot costs: its bits and its brick's Morton index

// Header of the index buffer (uints).
#define SPARSE_CLEAR_ARGS 0 // DispatchIndirectCommand of the pool clear: the used slots' words
#define SPARSE_MARKED 3     // bricks the frame marked (may exceed the capacity)
#define SPARSE_CAPACITY 4   // slots the pool held this frame
#define SPARSE_USED 5       // min(marked, capacity): the slots written
#define SPARSE_OVERFLOW 6   // 1 when marked > capacity: bricks were dropped, the list is incomplete
#define SPARSE_HEADER 8
#define SPARSE_STATUS_FIRST SPARSE_MARKED // the status a frame reports: marked, capacity, used, overflow
#define SPARSE_STATUS_UINTS 4

// The allocation (sparse_alloc.comp.glsl): an exclusive scan of the coarse words' popcounts in groups of
// SPARSE_SCAN_LOCAL_SIZE invocations x SPARSE_SCAN_PER_THREAD words; one group scans the group sums (a loop,
// any count). 256 is the smallest GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS Dicer accepts.
#define SPARSE_SCAN_LOCAL_SIZE 256
#define SPARSE_SCAN_PER_THREAD 4
#define SPARSE_SCAN_WORDS 1024 // SPARSE_SCAN_LOCAL_SIZE * SPARSE_SCAN_PER_THREAD
#define SPARSE_CLEAR_LOCAL_SIZE 256
#define SPARSE_MAX_GROUPS 65535u // GL's guaranteed minimum of GL_MAX_COMPUTE_WORK_GROUP_COUNT

// Bricks a side: the power-of-two grid the Morton order runs over (1 for a side up to 32).
HP_FN int hpSparseGrid(int side) {
    int grid = 1;
    while (grid * SPARSE_BRICK < side)
        grid *= 2;
    return grid;
}
HP_FN int hpSparseCoarseWords(int side) {
    int grid = hpSparseGrid(side);
    return (grid * grid + 31) / 32;
}
HP_FN int hpSparseScanGroups(int side) {
    return (hpSparseCoarseWords(side) + SPARSE_SCAN_WORDS - 1) / SPARSE_SCAN_WORDS;
}
HP_FN int hpSparseBaseOffset(int side) {
    return SPARSE_HEADER + hpSparseCoarseWords(side);
}
HP_FN int hpSparsePartialOffset(int side) {
    return SPARSE_HEADER + 2 * hpSparseCoarseWords(side);
}
HP_FN int hpSparseIndexUints(int side) {
    return hpSparsePartialOffset(side) + hpSparseScanGroups(side);
}

// Bits 0-15 of v to the even bits, and back: the Morton code of a brick or of a texel inside one.
HP_FN uint hpSpread16(uint v) {
    v &= 0xFFFFu;
    v = (v | (v << 8)) & 0x00FF00FFu;
    v = (v | (v << 4)) & 0x0F0F0F0Fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}
HP_FN uint hpCompact16(uint v) {
    v &= 0x55555555u;
    v = (v | (v >> 1)) & 0x33333333u;
    v = (v | (v >> 2)) & 0x0F0F0F0Fu;
    v = (v | (v >> 4)) & 0x00FF00FFu;
    v = (v | (v >> 8)) & 0x0000FFFFu;
    return v;
}
HP_FN uint hpMorton2(ivec2 c) {
    return hpSpread16(uint(c.x)) | (hpSpread16(uint(c.y)) << 1);
}
HP_FN ivec2 hpDemorton2(uint m) {
    return ivec2(int(hpCompact16(m)), int(hpCompact16(m >> 1)));
}

// The brick of an atlas texel (its Morton index) and the texel's index inside it (0..1023).
HP_FN uint hpSparseBrick(ivec2 texel) {
    return hpMorton2(ivec2(texel.x >> SPARSE_BRICK_LOG2, texel.y >> SPARSE_BRICK_LOG2));
}
HP_FN uint hpSparseInBrick(ivec2 texel) {
    return hpMorton2(ivec2(texel.x & (SPARSE_BRICK - 1), texel.y & (SPARSE_BRICK - 1)));
}
// The atlas texel of index `inBrick` of brick `brick`.
HP_FN ivec2 hpSparseTexel(uint brick, uint inBrick) {
    ivec2 b = hpDemorton2(brick);
    ivec2 t = hpDemorton2(inBrick);
    return ivec2(b.x * SPARSE_BRICK + t.x, b.y * SPARSE_BRICK + t.y);
}

// A marked brick's slot: `base` (the slot base of its coarse word) + the marked bricks below it in `coarse` (its
// coarse word). The voxelizer's bits pass and the occupancy volume look slots up with it; the CPU reference
// (hp/sparse_reference.cpp) counts the same slots with a running count instead, so it checks this formula.
HP_FN uint hpSparseSlot(uint coarse, uint base, uint brick) {
    return base + uint(bitCount(coarse & ((1u << (brick & 31u)) - 1u)));
}

#ifdef __cplusplus
static_assert(SPARSE_BRICK == 1 << SPARSE_BRICK_LOG2 &&
                  SPARSE_BRICK_WORDS * 32 == SPARSE_BRICK * SPARSE_BRICK,
              "a brick's bits are 32 uints");
static_assert(SPARSE_SLOT_UINTS == SPARSE_BRICK_WORDS + 1, "a slot: its bits and its brick");
static_assert(SPARSE_SCAN_WORDS == SPARSE_SCAN_LOCAL_SIZE * SPARSE_SCAN_PER_THREAD, "the scan's group");
static_assert(HP_SPARSE_MAX_ATLAS / SPARSE_BRICK <= 65536, "brick coordinates fit hpSpread16's 16 bits");
} // namespace dicer::hp
namespace dicer::bindings {
static_assert(allInside({SPARSE_BUFFERS_FIRST, SPARSE_BUFFERS_END}, SPARSE_BIND_INDEX, SPARSE_BIND_POOL,
                        HPS_BIND_LEVELS, HPS_BIND_BUILD_ARGS));
} // namespace dicer::bindings
#endif
#undef HP_FN
#endif
