// The binding map: which texture units, image units, storage-buffer and uniform-buffer bindings each
// subsystem owns. Binding points are context-wide state, so subsystems get NON-OVERLAPPING ranges
// [FIRST, END): one never clobbers a binding another still relies on, and a stray constant is caught at
// compile time. Each wing's shared header (hp_shared.h, hpc_shared.h, peers_shared.h, voxel_shared.h,
// discriminate_shared.h, mc_shared.h, particles_shared.h, view_shared.h, testbed_shared.h, sort_shared.h)
// defines its constants inside its ranges and static_asserts that; the C++ section below asserts that the
// ranges are disjoint and fit GL's guaranteed minimums. Valid C++ and GLSL (#defines only).
// Uniform locations are per program, so they need no ranges.
#pragma once

// --- texture units (GL 4.5 guarantees 80 combined, 16 per stage) -------------------------------------------
#define HP_UNITS_FIRST 0 // HistoPyramid: input atlas, pyramid storage
#define HP_UNITS_END 2
#define HPC_UNITS_FIRST 2 // compute HistoPyramids (hp_compute, hp_bits): four level textures, a build source
#define HPC_UNITS_END 7
#define PS_UNITS_FIRST 7 // particles: the atlas for model colours
#define PS_UNITS_END 8
#define VOX_UNITS_FIRST 8 // voxelizer: mesh textures, parity markers
#define VOX_UNITS_END 10
#define VIEW_UNITS_FIRST 10 // demo views: atlas panel, mesh texture
#define VIEW_UNITS_END 12
#define TESTBED_UNITS_FIRST 12 // yardsticks: the copy pass' and the read pass' sources
#define TESTBED_UNITS_END 14

// --- image units (GL guarantees 8, and NVIDIA exposes exactly 8) -------------------------------------------
// Six owners fit disjointly. The exception is the compute HistoPyramid: one build dispatch writes six levels
// through six images, so it takes [HPC_IMAGES_FIRST, HPC_IMAGES_END) across the others. That is safe because
// image bindings are transient: every pass binds its images right before it runs and nothing relies on an
// image binding afterwards.
#define HP_IMAGES_FIRST 0 // HistoPyramid: the level a compute reduction writes
#define HP_IMAGES_END 1
#define VOX_IMAGES_FIRST 1 // voxelizer: parity markers, the atlas as r32ui
#define VOX_IMAGES_END 3
#define PS_IMAGES_FIRST 3 // particles: splat depth and colour
#define PS_IMAGES_END 5
#define VIEW_IMAGES_FIRST 5 // demo views: the list view's display image
#define VIEW_IMAGES_END 6
#define VOXVOL_IMAGES_FIRST 6 // voxel wing, scalar-volume discriminator: the RGBA8 atlas it writes
#define VOXVOL_IMAGES_END 7
#define HP_XRAY_IMAGES_FIRST 7 // the X-ray view: the canvas its levels are summed into (hp_xray.h)
#define HP_XRAY_IMAGES_END 8
#define HPC_IMAGES_FIRST 0 // compute HistoPyramid build: six output levels (the documented exception)
#define HPC_IMAGES_END 6
// A scalar volume read by imageLoad (discriminate_values.glsl: the discriminator, the marching cubes), a unit
// per texel width (8, 16, 32 bits): transient in the same way, bound by each pass that reads the volume.
#define VOLUME_READ_IMAGES_FIRST 0
#define VOLUME_READ_IMAGES_END 3
// The marching cubes' reads through buffer views (engine/gl/buffer_view.h: the case table, hp_mc's pyramid):
// transient in the same way, bound by each pass that reads them, beside the volume's units.
#define MC_VIEW_IMAGES_FIRST 3
#define MC_VIEW_IMAGES_END 7
// HP5's descent through views of its nodes (hp5_descend.glsl: the hp5 point list, hp5_mc), transient the same way;
// beside the volume's units and the marching cubes' table (hp5_mc reads all three), over hp_mc's pyramid views.
#define HP5_VIEW_IMAGES_FIRST 4
#define HP5_VIEW_IMAGES_END 6
// hp_bits' build, list and X-ray read the occupancy bits through a view (hpc_masks.glsl), transient the same way;
// above the six levels one build dispatch writes (HPC_IMAGES_*).
#define HPB_VIEW_IMAGES_FIRST 6
#define HPB_VIEW_IMAGES_END 7

// --- shader storage buffer bindings ------------------------------------------------------------------------
// GL guarantees only 8; Mesa offers 80, NVIDIA 96. tests/gl_foundation_gltest.cpp checks the context's limit.
// A per-point array of 16-byte entries (the points, the particles' positions and velocities) and the marching
// cubes' vertices (two entries each) are one buffer bound as ENTRY_BLOCKS storage blocks, one binding each
// (storage_blocks.h, entry_blocks.glsl).
#define ENTRY_BLOCKS 4
#define HP_BUFFERS_FIRST 0 // HistoPyramid: counters, indirect arguments (peers write them too); 1 was the points
#define HP_BUFFERS_END 3
#define PEER_BUFFERS_FIRST 3 // Horn's scan: the level being scanned, its block sums
#define PEER_BUFFERS_END 5
#define PS_BUFFERS_FIRST 6 // particles: control (5 held the state before it became PS_STATE_BUFFERS)
#define PS_BUFFERS_END 7
#define VOX_BUFFERS_FIRST 7 // voxelizer: vertices, triangles, texture slots, setup, bins, arguments
#define VOX_BUFFERS_END 13
#define SORT_BUFFERS_FIRST 13 // GPU sorts: keys in/out, permutation in/out, histogram/pyramid, ranks, status
#define SORT_BUFFERS_END 20
#define VOX_OUT_BUFFERS_FIRST 20 // voxelizer, occupancy-bits output: the bits; the colours per point slot
#define VOX_OUT_BUFFERS_END 23
#define PS_SORT_BUFFERS_FIRST 23 // particles, sorted blending: depth keys, the back-to-front order
#define PS_SORT_BUFFERS_END 25
#define BITS_BUFFERS_FIRST 25 // occupancy bits (occupancy_bits.h): the one-bit volume hp_bits reads and ranks
#define BITS_BUFFERS_END 26
#define TESTBED_BUFFERS_FIRST 26 // read-pass yardstick: the bytes it reads, its sink
#define TESTBED_BUFFERS_END 28
#define PS_COLOR_BUFFERS_FIRST 28 // particles, bits output: the model colour per point
#define PS_COLOR_BUFFERS_END 29
#define VOXVOL_BUFFERS_FIRST 29 // voxel wing, volume discriminator: bits, points, colours, arguments
#define VOXVOL_BUFFERS_END 33
#define MC_BUFFERS_FIRST 33 // surface, GPU marching cubes: table, cases, levels, header, column ranges
#define MC_BUFFERS_END 39
#define PS_SHATTER_MOTION_BUFFERS_FIRST 39 // particles, a surface shattered: its pieces' motion's blocks
#define PS_SHATTER_MOTION_BUFFERS_END 43
#define SPARSE_BUFFERS_FIRST 43 // sparse occupancy (occupancy_sparse.h): index, pool; hp_sparse's levels, args
#define SPARSE_BUFFERS_END 47
#define PS_STATE_BUFFERS_FIRST 47 // particles' state, 16 bytes a point: positions, velocities (4 blocks each)
#define PS_STATE_BUFFERS_END 55
#define HP_POINT_BUFFERS_FIRST 55 // the point list (every method writes it): its ENTRY_BLOCKS blocks
#define HP_POINT_BUFFERS_END 59
#define PS_SHATTER_PIECE_BUFFERS_FIRST 59 // particles, a surface shattered: finding its pieces (bricks, order)
#define PS_SHATTER_PIECE_BUFFERS_END 62
#define HP_XRAY_BUFFERS_FIRST 62 // the X-ray: a traversal's path record, the drawn levels' totals (hp_xray.h)
#define HP_XRAY_BUFFERS_END 64
#define PS_PICK_BUFFERS_FIRST 64 // particles: a click's pick (point_pick.h)
#define PS_PICK_BUFFERS_END 65
#define MC_VERTEX_BUFFERS_FIRST 65 // GPU marching cubes: the triangle list's ENTRY_BLOCKS blocks
#define MC_VERTEX_BUFFERS_END 69
#define PS_SHATTER_VERTEX_BUFFERS_FIRST 69 // particles, a surface shattered: its vertices' ENTRY_BLOCKS blocks
#define PS_SHATTER_VERTEX_BUFFERS_END 73
#define HP5_BUFFERS_FIRST 73 // HP5, the 5:1 HistoPyramid (hp5, hp5_mc): its base, nodes, node totals, level 1
#define HP5_BUFFERS_END 77
#define PS_SHATTER_BUFFERS_FIRST 77 // particles, a surface shattered: its pieces' links, control, header
#define PS_SHATTER_BUFFERS_END 80   // llvmpipe's last: GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS is 80 there

// --- uniform buffer bindings (GL guarantees 72) ------------------------------------------------------------
#define VOX_UBOS_FIRST 0 // voxelizer: VoxParams
#define VOX_UBOS_END 1
#define PS_UBOS_FIRST 1 // particles: ParticleParams, ShatterParams
#define PS_UBOS_END 3

#ifdef __cplusplus
namespace dicer::bindings {
struct Range {
    int first, end;
};
constexpr bool disjoint(Range a, Range b) {
    return a.end <= b.first || b.end <= a.first;
}
template <int N> constexpr bool allDisjoint(const Range (&r)[N]) {
    for (int i = 0; i < N; ++i)
        for (int j = i + 1; j < N; ++j)
            if (!disjoint(r[i], r[j])) return false;
    return true;
}
constexpr bool inside(int value, Range r) {
    return value >= r.first && value < r.end;
}
// Several constants of one wing in its range: one assert a range, each constant named once.
template <class... Values> constexpr bool allInside(Range r, Values... values) {
    return (inside(values, r) && ...);
}
// One range a line, as the #defines above.
// clang-format off
constexpr Range kTextureUnits[] = {{HP_UNITS_FIRST, HP_UNITS_END},
                                   {HPC_UNITS_FIRST, HPC_UNITS_END},
                                   {PS_UNITS_FIRST, PS_UNITS_END},
                                   {VOX_UNITS_FIRST, VOX_UNITS_END},
                                   {VIEW_UNITS_FIRST, VIEW_UNITS_END},
                                   {TESTBED_UNITS_FIRST, TESTBED_UNITS_END}};
constexpr Range kImageUnits[] = {{HP_IMAGES_FIRST, HP_IMAGES_END},
                                 {VOX_IMAGES_FIRST, VOX_IMAGES_END},
                                 {PS_IMAGES_FIRST, PS_IMAGES_END},
                                 {VIEW_IMAGES_FIRST, VIEW_IMAGES_END},
                                 {VOXVOL_IMAGES_FIRST, VOXVOL_IMAGES_END},
                                 {HP_XRAY_IMAGES_FIRST, HP_XRAY_IMAGES_END}}; // HPC_IMAGES_* overlaps by design
constexpr Range kStorageBuffers[] = {{HP_BUFFERS_FIRST, HP_BUFFERS_END},
                                     {PEER_BUFFERS_FIRST, PEER_BUFFERS_END},
                                     {PS_BUFFERS_FIRST, PS_BUFFERS_END},
                                     {VOX_BUFFERS_FIRST, VOX_BUFFERS_END},
                                     {SORT_BUFFERS_FIRST, SORT_BUFFERS_END},
                                     {VOX_OUT_BUFFERS_FIRST, VOX_OUT_BUFFERS_END},
                                     {PS_SORT_BUFFERS_FIRST, PS_SORT_BUFFERS_END},
                                     {BITS_BUFFERS_FIRST, BITS_BUFFERS_END},
                                     {TESTBED_BUFFERS_FIRST, TESTBED_BUFFERS_END},
                                     {PS_COLOR_BUFFERS_FIRST, PS_COLOR_BUFFERS_END},
                                     {VOXVOL_BUFFERS_FIRST, VOXVOL_BUFFERS_END},
                                     {MC_BUFFERS_FIRST, MC_BUFFERS_END},
                                     {PS_SHATTER_MOTION_BUFFERS_FIRST, PS_SHATTER_MOTION_BUFFERS_END},
                                     {SPARSE_BUFFERS_FIRST, SPARSE_BUFFERS_END},
                                     {PS_STATE_BUFFERS_FIRST, PS_STATE_BUFFERS_END},
                                     {HP_POINT_BUFFERS_FIRST, HP_POINT_BUFFERS_END},
                                     {PS_SHATTER_PIECE_BUFFERS_FIRST, PS_SHATTER_PIECE_BUFFERS_END},
                                     {HP_XRAY_BUFFERS_FIRST, HP_XRAY_BUFFERS_END},
                                     {PS_PICK_BUFFERS_FIRST, PS_PICK_BUFFERS_END},
                                     {MC_VERTEX_BUFFERS_FIRST, MC_VERTEX_BUFFERS_END},
                                     {PS_SHATTER_VERTEX_BUFFERS_FIRST, PS_SHATTER_VERTEX_BUFFERS_END},
                                     {HP5_BUFFERS_FIRST, HP5_BUFFERS_END},
                                     {PS_SHATTER_BUFFERS_FIRST, PS_SHATTER_BUFFERS_END}};
// clang-format on
constexpr Range kUniformBuffers[] = {{VOX_UBOS_FIRST, VOX_UBOS_END}, {PS_UBOS_FIRST, PS_UBOS_END}};
static_assert(allDisjoint(kTextureUnits), "two subsystems share a texture unit range");
static_assert(allDisjoint(kImageUnits), "two subsystems share an image unit range");
static_assert(allDisjoint(kStorageBuffers), "two subsystems share a storage buffer binding range");
static_assert(allDisjoint(kUniformBuffers), "two subsystems share a uniform buffer binding range");
static_assert(PS_STATE_BUFFERS_END - PS_STATE_BUFFERS_FIRST == 2 * ENTRY_BLOCKS &&
                  HP_POINT_BUFFERS_END - HP_POINT_BUFFERS_FIRST == ENTRY_BLOCKS &&
                  MC_VERTEX_BUFFERS_END - MC_VERTEX_BUFFERS_FIRST == ENTRY_BLOCKS &&
                  PS_SHATTER_VERTEX_BUFFERS_END - PS_SHATTER_VERTEX_BUFFERS_FIRST == ENTRY_BLOCKS &&
                  PS_SHATTER_MOTION_BUFFERS_END - PS_SHATTER_MOTION_BUFFERS_FIRST == ENTRY_BLOCKS,
              "a blocked array takes ENTRY_BLOCKS bindings");
// hp5_mc reads the volume, the case table (the marching cubes' first view unit) and HP5's views in one program.
static_assert(disjoint({HP5_VIEW_IMAGES_FIRST, HP5_VIEW_IMAGES_END},
                       {VOLUME_READ_IMAGES_FIRST, VOLUME_READ_IMAGES_END}) &&
                  disjoint({HP5_VIEW_IMAGES_FIRST, HP5_VIEW_IMAGES_END},
                           {MC_VIEW_IMAGES_FIRST, MC_VIEW_IMAGES_FIRST + 1}),
              "hp5_mc's images overlap");
static_assert(TESTBED_UNITS_END <= 16, "texture units beyond GL's 16 per stage");
static_assert(HP_XRAY_IMAGES_END <= 8 && VOXVOL_IMAGES_END <= 8 && HPC_IMAGES_END <= 8 &&
                  VOLUME_READ_IMAGES_END <= 8 && MC_VIEW_IMAGES_END <= 8 && HP5_VIEW_IMAGES_END <= 8 &&
                  HPB_VIEW_IMAGES_END <= 8 &&
                  disjoint({HPB_VIEW_IMAGES_FIRST, HPB_VIEW_IMAGES_END},
                           {HPC_IMAGES_FIRST, HPC_IMAGES_END}) &&
                  disjoint({VOLUME_READ_IMAGES_FIRST, VOLUME_READ_IMAGES_END},
                           {MC_VIEW_IMAGES_FIRST, MC_VIEW_IMAGES_END}),
              "image units beyond GL's guaranteed 8");
} // namespace dicer::bindings
#endif
