// The scalar-volume discriminator (engine/voxel/volume_discriminator.h): its bindings, uniform
// locations and work-group sizes, shared by C++ and GLSL. Its ranges are the voxel wing's second set
// (VOXVOL_* in binding_ranges.h): the voxelizer's own are full, and the discriminator is the voxel wing's other
// source of the same outputs (the RGBA8 atlas, the occupancy bits, colours per point). The value keys and the
// colour map are volume_values.h.
#pragma once
#include "binding_ranges.h"

// --- image units, buffer bindings --------------------------------------------------------------------------
// The volume, read-only, at the unit of its texel width: iimage3D / uimage3D / image3D by its type
// (DISC_VALUES_*)
#define DISC_IMAGE_VOLUME_8 0
#define DISC_IMAGE_VOLUME_16 1
#define DISC_IMAGE_VOLUME_32 2
#define DISC_IMAGE_ATLAS 6      // rgba8 image2D: the atlas output
#define DISC_BIND_BITS 29       // uint[]: the occupancy bits output (occupancy_bits.h layout)
#define DISC_BIND_POINTS 30     // uvec4[]: the point entries to colour (hp_point.h), read
#define DISC_BIND_COLORS 31     // uint[]: RGBA8 colour per point (packUnorm4x8), the particles' slot colours
#define DISC_BIND_COLOR_ARGS 32 // uint[DISC_COLOR_HEADER]: the colour pass' indirect dispatch, then its count

// --- uniforms (locations; set with glProgramUniform before each pass) --------------------------------------
#define DISC_LOC_VOLUME 0 // ivec3: voxels along x, y, z (the atlas' tiles are x by y, z slices)
#define DISC_LOC_ATLAS 1  // ivec2: tiles per atlas row, the atlas' side in texels
#define DISC_LOC_BAND 2   // uvec2: the band as order keys, inclusive (lo > hi: empty)
#define DISC_LOC_COLOR_LIMIT 3 // uint: the colour pass' most points (its colours and the points buffer's, set in C++)
#define DISC_LOC_EDGES 8  // uint[DISC_EDGES]: the colour map's bin edges as order keys, ascending
#define DISC_EDGES 255    // VOL_COLOR_BINS - 1
#define DISC_LOC_VALUE_BYTES 263 // int: bytes a value (1, 2 or 4): which DISC_IMAGE_VOLUME_* is bound

// --- work groups -------------------------------------------------------------------------------------------
// Bits: an invocation builds one 8x8 block's 64-bit mask (its 64 voxels), so every word is written once and
// no clear pass is needed; 8x8 invocations a group = 64x64 texels. Atlas: one invocation per texel, 8x8.
#define DISC_LOCAL_SIZE 8
// Colours: 64 points per group, rows of groups past 65535 (the smallest GL_MAX_COMPUTE_WORK_GROUP_COUNT).
#define DISC_COLOR_LOCAL_SIZE 64
#define DISC_COLOR_HEADER 4 // colour arguments: indirect dispatch x, y, z, then the point count

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({VOLUME_READ_IMAGES_FIRST, VOLUME_READ_IMAGES_END}, DISC_IMAGE_VOLUME_8,
                        DISC_IMAGE_VOLUME_16, DISC_IMAGE_VOLUME_32));
static_assert(DISC_LOC_VALUE_BYTES == DISC_LOC_EDGES + DISC_EDGES, "after the edges");
static_assert(inside(DISC_IMAGE_ATLAS, {VOXVOL_IMAGES_FIRST, VOXVOL_IMAGES_END}));
static_assert(allInside({VOXVOL_BUFFERS_FIRST, VOXVOL_BUFFERS_END}, DISC_BIND_BITS, DISC_BIND_POINTS,
                        DISC_BIND_COLORS, DISC_BIND_COLOR_ARGS));
} // namespace dicer::bindings
#endif
