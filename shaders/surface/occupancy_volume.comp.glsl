#version 450
// A mesh's occupancy -> an R8UI 3D texture of 0/1 (engine/voxel/occupancy_volume.h), the
// scalar volume the marching cubes remesh. One invocation per texel of the (X+2) x (Y+2) x (Z+2) texture:
// texel t holds voxel t - OCC_BORDER, the border texels 0, so the whole texture is written and never cleared.
//  - OCC_FROM_ATLAS: the RGBA8 slice atlas; occupied = the alpha byte >= u_threshold, the HistoPyramid
//    discriminator's rule (hp_discriminator.glsl, hpActiveTexel: a voxel's texel is always inside the volume).
//  - OCC_FROM_SPARSE: the sparse occupancy (occupancy_sparse.h): the voxel's brick in the coarse map, its slot
//    (the brick's rank among the marked ones), the bit in the slot; a brick past the used slots (an overflowed
//    frame dropped it, so its voxels are not listed either) is empty.
//  - otherwise: the occupancy bits (occupancy_bits.h), the voxel's bit.
// Voxel (x, y, z) is atlas texel ((z % tilesX) X + x, (z / tilesX) Y + y): volume_layout.h, tileOrigin.
// Measured (llvmpipe, the teapot at 256^3 from its bits, under load): the image stores alone take ~35 % of
// the pass, the bits' reads and the texel arithmetic the rest.
#include "voxel_shared.h"
#if defined(OCC_FROM_SPARSE)
#include "occupancy_sparse.h"
#elif !defined(OCC_FROM_ATLAS)
#include "occupancy_bits.h"
#endif

layout(local_size_x = OCC_LOCAL_SIZE, local_size_y = OCC_LOCAL_SIZE) in;

layout(binding = OCC_IMAGE_VOLUME, r8ui) uniform writeonly uimage3D u_volume;
layout(location = OCC_LOC_VOLUME) uniform ivec3 u_voxels; // the layout's voxels X, Y, Z
layout(location = OCC_LOC_ATLAS) uniform ivec2 u_atlas;   // log2(tiles per atlas row), the atlas' side

#if defined(OCC_FROM_ATLAS)
layout(binding = OCC_UNIT_ATLAS) uniform sampler2D u_atlasTexture;
layout(location = OCC_LOC_THRESHOLD) uniform uint u_threshold; // the alpha byte, hp::thresholdToByte
#elif defined(OCC_FROM_SPARSE)
layout(std430, binding = SPARSE_BIND_INDEX) readonly buffer SparseIndex { uint b_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) readonly buffer SparsePool { uint b_pool[]; };

uint occSparseBit(ivec2 texel) {
    uint brick = hpSparseBrick(texel), word = brick >> 5, bit = brick & 31u;
    uint coarse = b_index[SPARSE_HEADER + word];
    if ((coarse & (1u << bit)) == 0u) return 0u;
    uint slot = hpSparseSlot(coarse, b_index[hpSparseBaseOffset(u_atlas.y) + int(word)], brick);
    if (slot >= b_index[SPARSE_USED]) return 0u;
    uint inBrick = hpSparseInBrick(texel);
    return (b_pool[slot * uint(SPARSE_BRICK_WORDS) + (inBrick >> 5)] >> (inBrick & 31u)) & 1u;
}
#else
layout(std430, binding = OCC_BIND_BITS) readonly buffer OccBits { uint b_bits[]; };
#endif

uint occOccupied(ivec3 voxel) {
    // Tiles per row are a power of two (VolumeLayout::make): a mask and a shift, not a vector division, which
    // llvmpipe runs lane by lane (this pass at 256^3: 25 % faster).
    ivec2 tile = ivec2(voxel.z & ((1 << u_atlas.x) - 1), voxel.z >> u_atlas.x);
    ivec2 texel = tile * u_voxels.xy + voxel.xy;
#if defined(OCC_FROM_ATLAS)
    // The unorm byte back exactly (k / 255 * 255 + 0.5 truncates to k), compared as bytes like hpActiveTexel.
    uint alpha8 = uint(texelFetch(u_atlasTexture, texel, 0).a * 255.0 + 0.5);
    return uint(alpha8 >= u_threshold);
#elif defined(OCC_FROM_SPARSE)
    return occSparseBit(texel);
#else
    return uint((b_bits[hpBitsWord(texel, hpBitsBlocksX(u_atlas.y))] & hpBitsMask(texel)) != 0u);
#endif
}

void main() {
    ivec3 texel = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(texel, u_voxels + 2 * OCC_BORDER))) return;
    ivec3 voxel = texel - OCC_BORDER;
    bool inside = all(greaterThanEqual(voxel, ivec3(0))) && all(lessThan(voxel, u_voxels));
    imageStore(u_volume, texel, uvec4(inside ? occOccupied(voxel) : 0u));
}
