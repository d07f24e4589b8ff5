// Voxelizer (engine/voxel): bindings, units, limits, and the structs its buffers hold (VoxVertex,
// VoxTriangle, VoxParams), shared by C++ and GLSL so the two can never disagree on a layout. Valid C++ and
// GLSL: the structs use only vec4/mat4/ivec4 members (std140 and std430 then need no padding rules), which
// the C++ section maps to glm and checks with static_assert.
#pragma once
#include "binding_ranges.h"

// --- buffer bindings ---------------------------------------------------------------------------------------
#define VOX_BIND_VERTICES 7  // VoxVertex per mesh vertex: object-space position, colour, texcoord
#define VOX_BIND_TRIANGLES 8 // uvec4 per triangle: three vertex indices, texture slot (0 = untextured)
#define VOX_BIND_TEXTURES 9  // vec4 per texture: (u scale, v scale, array layer, 0) into the texture array
#define VOX_BIND_SETUP 10    // VoxTriangle per triangle, written by the setup pass every frame
#define VOX_BIND_BINS 11     // uvec4 per triangle: (first slice, slice count, first pair, 0)
#define VOX_BIND_ARGS 12     // binned draw: DrawArraysIndirectCommand, then the saturation flag
// Occupancy-bits output (VoxelOutput::Bits): the bits, occupancy_bits.h layout, written by atomicOr.
#define VOX_BIND_BITS 20
// Colours of the bits output per point slot (voxelizer.h, "colours in bits mode", voxelize_slots.glsl): the
// slot owners (header + one uint per slot) and the slot colours (RGBA8 per slot).
#define VOX_BIND_SLOT_OWNERS 21
#define VOX_BIND_SLOT_COLORS 22
#define VOX_SLOTS_HEADER 4      // slot owners: indirect dispatch x, y, z of the clear, the slot count
#define VOX_SLOTS_LOCAL_SIZE 64 // the slot clear's work group

// --- parameters of one voxelize() call, a std140 uniform block read by every pass --------------------------
#define VOX_UBO_PARAMS 0 // uniform buffer binding of VoxParams
#define VOX_LOC_SLICE 0  // int uniform of the per-slice draw: the slice it renders

#define VOX_RULE_DOMINANT_AXIS 0 // each triangle sampled along the axis its normal points most along
#define VOX_RULE_SLICE_AXIS 1    // every triangle sampled along z, as the 2006 slicing (misses steep walls)

// --- texture and image units -------------------------------------------------------------------------------
#define VOX_UNIT_TEXTURES 8  // sampler2DArray: the mesh's map_Kd textures, one per layer
// r32ui 2D array: solid mode's crossing markers (one bit per voxel), the lowest crossing and its colour per
// column (voxelize_parity.frag.glsl); the fill passes load it read-only (voxelize_fill*.comp.glsl)
#define VOX_IMAGE_PARITY 1
// A unit of the voxel wing's, lent to OCC_UNIT_ATLAS (the fill loads the markers as images)
#define VOX_UNIT_PARITY 9
#define VOX_IMAGE_ATLAS_U32 2 // r32ui view of the atlas: projected method's owner ids then colours; solid fill
// Solid fill: 64 (column, 32-slice word) items per group, like the setup pass.
#define VOX_FILL_LOCAL_SIZE 64

// Compute method (voxelize_compute.comp.glsl): 64 triangles per group in the per-triangle pass; a triangle
// whose projection box has more than VOX_COMPUTE_LARGE_COLUMNS voxel columns is listed instead and visited
// by a whole group (8 x 8 invocations stepping over its box), so one huge triangle does not serialise.
// 128: the teapot at 256^3 on llvmpipe took 40 ms with 128, 61 ms with 32, 44 ms with 512 (load 7 on 2
// cores); a GPU may prefer a lower value (not measured).
#define VOX_COMPUTE_LOCAL_SIZE 64
#define VOX_COMPUTE_LARGE_COLUMNS 128
#define VOX_COMPUTE_TILE 8
// Compute method: the voxel list's header (indirect dispatch x, y, z, count), in uints. The owner pass lists
// every voxel once (its first marker appends it); the colour pass then visits voxels, not triangles.
#define VOX_VOXELS_HEADER 4
// Setup pass: 64 triangles per work group (one AMD wave / two NVIDIA warps; llvmpipe runs 8 lanes wide).
#define VOX_SETUP_LOCAL_SIZE 64
// Scan pass: ONE work group whose threads each sum a contiguous run of triangles (any triangle count).
// 256 is the smallest GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS Dicer accepts (gl_info.cpp).
#define VOX_SCAN_LOCAL_SIZE 256
// Binned draw: (triangle, slice) pairs beyond this are dropped and VOX_ARGS_SATURATED set; 6 vertices per
// pair must stay below 2^31 (GLsizei) even for meshes far beyond the OBJ loader's 16M-triangle limit.
#define VOX_MAX_PAIRS 0x10000000u
// The projected method stores triangle id + 1 in a texel's low 24 bits (alpha byte 0, see
// voxelize_project.frag.glsl), so meshes may have at most 2^24 - 2 triangles (the OBJ loader stops at 16M).
#define VOX_MAX_TRIANGLES 0xFFFFFEu
#define VOX_ARGS_SATURATED 4 // uint index in the args buffer: 1 when pairs were dropped
#define VOX_ARGS_UINTS 5
// A voxel centre counts as inside a triangle when each barycentric >= -VOX_EDGE_EPSILON: centres exactly
// on an edge shared by two triangles then belong to both, so rounding cannot open a pin-hole in the shell.
#define VOX_EDGE_EPSILON 1e-6

// --- the occupancy volume (occupancy_volume.h): the occupancy as an R8UI 3D texture for the marching cubes ---
// Its one pass binds what it uses right before it dispatches, as every voxel pass does, and relies on nothing
// staying bound; the voxelizer's ranges are full, so it reuses three of their bindings, each for the same kind
// of thing the voxelizer binds there.
#define OCC_BIND_BITS VOX_BIND_BITS          // uint[]: the occupancy bits it reads (where the voxelizer writes them)
#define OCC_UNIT_ATLAS VOX_UNIT_PARITY       // sampler2D: the RGBA8 atlas it reads (the solid fill's input unit)
#define OCC_IMAGE_VOLUME VOX_IMAGE_ATLAS_U32 // r8ui image3D: the texture it writes (an image like the atlas view)
#define OCC_LOC_VOLUME 0    // ivec3: the layout's voxels X, Y, Z
#define OCC_LOC_ATLAS 1     // ivec2: log2 of the tiles per atlas row (a power of two), the atlas' side
#define OCC_LOC_THRESHOLD 2 // uint: the alpha byte an occupied voxel reaches (hp::thresholdToByte)
#define OCC_BORDER 1        // empty texels on every side, so the surface closes (OccupancyVolume::kBorder)
// 8x8x1 texels a group: a group's texels are neighbours in one slice, so in one tile of the atlas and in 1-4
// blocks of the bits (8x8 texels, two words each).
#define OCC_LOCAL_SIZE 8

// --- the buffers' structs ----------------------------------------------------------------------------------
#ifdef __cplusplus
#include <glm/glm.hpp>
namespace dicer::voxel::shared {
using vec4 = glm::vec4;
using mat4 = glm::mat4;
using ivec4 = glm::ivec4;
#endif

// One mesh vertex as the passes read it (VOX_BIND_VERTICES, std430); packed by packVertices (voxel_mesh.h).
struct VoxVertex {
    vec4 position; // object space, w = 1
    vec4 color;    // vertex colour x material Kd
    vec4 texcoord; // xy
};

// Written by voxelize_setup.comp.glsl once per frame (VOX_BIND_SETUP, std430); everything later reads only
// this, so every method tests voxels with bit-identical inputs.
struct VoxTriangle {
    // edge[e].xyz = (A, B, C): barycentric_e = A*(u - u0) + B*(v - v0) + C in the projection plane (u, v)
    // of `axis`, relative to the origin (u0, v0) = (edge[0].w, edge[1].w).
    vec4 edge[3];
    vec4 depth;    // xyz: the three vertices' coordinate along `axis`; w: axis (0,1,2), -1 = no voxels
    vec4 world[3]; // the vertices in volume space (xyz), for the candidate quads
};

// The parameters of one voxelize() call (VOX_UBO_PARAMS, std140).
struct VoxParams {
    mat4 model;   // object -> volume space ([-1,1]^3)
    ivec4 volume; // xyz: voxels along x, y, z; w: tiles per atlas row (slice k = tile (k % w, k / w))
    ivec4 atlas;  // x: atlas edge in texels, y: the chunk's triangle count, z: VOX_RULE_*, w: max(volume)
                  // (column viewport)
    ivec4 chunk;  // x: global id of the chunk's first triangle (voxel_mesh.h: one block per mesh chunk)
};

#ifdef __cplusplus
static_assert(sizeof(VoxVertex) == 48, "std430 layout of VoxVertex");
static_assert(sizeof(VoxTriangle) == 7 * 16, "std430 layout of VoxTriangle: 3 edges, depths, 3 vertices");
static_assert(sizeof(VoxParams) == 112, "std140 layout of VoxParams");
} // namespace dicer::voxel::shared

namespace dicer::bindings {
static_assert(allInside({VOX_UNITS_FIRST, VOX_UNITS_END}, VOX_UNIT_TEXTURES, VOX_UNIT_PARITY));
static_assert(allInside({VOX_IMAGES_FIRST, VOX_IMAGES_END}, VOX_IMAGE_PARITY, VOX_IMAGE_ATLAS_U32));
static_assert(allInside({VOX_BUFFERS_FIRST, VOX_BUFFERS_END}, VOX_BIND_VERTICES, VOX_BIND_TRIANGLES,
                        VOX_BIND_TEXTURES, VOX_BIND_SETUP, VOX_BIND_BINS, VOX_BIND_ARGS));
static_assert(allInside({VOX_OUT_BUFFERS_FIRST, VOX_OUT_BUFFERS_END}, VOX_BIND_BITS, VOX_BIND_SLOT_OWNERS,
                        VOX_BIND_SLOT_COLORS));
static_assert(inside(VOX_UBO_PARAMS, {VOX_UBOS_FIRST, VOX_UBOS_END}));
static_assert(inside(OCC_BIND_BITS, {VOX_OUT_BUFFERS_FIRST, VOX_OUT_BUFFERS_END}) &&
              inside(OCC_UNIT_ATLAS, {VOX_UNITS_FIRST, VOX_UNITS_END}) &&
              inside(OCC_IMAGE_VOLUME, {VOX_IMAGES_FIRST, VOX_IMAGES_END}));
} // namespace dicer::bindings
#endif
