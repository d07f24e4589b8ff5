#version 450
// The discriminator over a scalar volume: active = the voxel's value in the band [lo, hi], compared
// as order keys (volume_values.h), written in one pass into the output the HistoPyramids read, never
// resampled (the volume's X x Y x Z in tiles of X x Y, volume_layout.h). Based on the discriminator of Ziegler,
// Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), which thresholds the atlas' alpha in the first reduction;
// here the band is decided once, into the input every method shares.
//  - DISC_OUT_BITS: one invocation per 8x8 block of the virtual atlas builds the block's 64-bit Morton mask
//    (occupancy_bits.h) from its 64 texels and writes both words: every word of the bits once, padding 0, so
//    no clear pass is needed.
//  - otherwise (the atlas): one invocation per texel of the RGBA8 atlas: rgb = the colour map of the value,
//    alpha = max(bin, 1) in the band, 0 out of it; padding texels 0. The paper variants then list exactly the
//    band with a threshold of 1/255.
#include "discriminate_values.glsl"
#include "hp_point.h"
#if defined(DISC_OUT_BITS)
#include "occupancy_bits.h"
#endif

layout(local_size_x = DISC_LOCAL_SIZE, local_size_y = DISC_LOCAL_SIZE) in;

layout(location = DISC_LOC_ATLAS) uniform ivec2 u_atlas; // tiles per atlas row, the atlas' side
layout(location = DISC_LOC_BAND) uniform uvec2 u_band;   // keys, inclusive

// Whether atlas texel `texel` holds a voxel (inside the tile grid, a slice < z), and which.
bool discVoxelAt(ivec2 texel, out ivec3 voxel) {
    voxel = ivec3(0);
    if (!hpInVolume(texel, u_size.xy, u_atlas.x, u_size.z)) return false;
    voxel = ivec3(hpVoxel(texel, u_size.xy, u_atlas.x));
    return true;
}

bool discInBand(uint key) {
    return key >= u_band.x && key <= u_band.y; // never for NaN: its key lies outside every band
}

#if defined(DISC_OUT_BITS)
layout(std430, binding = DISC_BIND_BITS) writeonly buffer DiscBits { uint b_bits[]; };

void main() {
    ivec2 block = ivec2(gl_GlobalInvocationID.xy);
    int blocksX = hpBitsBlocksX(u_atlas.y);
    if (block.x >= blocksX || block.y >= blocksX) return;
    uint low = 0u, high = 0u; // Morton bits 0-31, 32-63
    ivec2 origin = block * HP_BITS_BLOCK;
    if (u_size.x % HP_BITS_BLOCK == 0 && u_size.y % HP_BITS_BLOCK == 0) {
        // Tiles of whole blocks (every 8x8 block lies in one tile, or outside the grid): the block's voxel is
        // found once, its 64 voxels are neighbours in one slice, and each texel's Morton bit is a constant of
        // the unrolled loops. The same bits as the general loop below, without its two divisions per texel.
        ivec3 base;
        if (discVoxelAt(origin, base))
            for (int y = 0; y < HP_BITS_BLOCK; ++y)
                for (int x = 0; x < HP_BITS_BLOCK; ++x) {
                    uint on = uint(discInBand(discKey(base + ivec3(x, y, 0))));
                    uint m = hpBitsMorton(ivec2(x, y));
                    if (m < 32u)
                        low |= on << m;
                    else
                        high |= on << (m - 32u);
                }
    } else {
        for (int y = 0; y < HP_BITS_BLOCK; ++y)
            for (int x = 0; x < HP_BITS_BLOCK; ++x) {
                ivec2 texel = origin + ivec2(x, y);
                ivec3 voxel;
                if (!discVoxelAt(texel, voxel) || !discInBand(discKey(voxel))) continue;
                uint m = hpBitsMorton(texel);
                if (m < 32u)
                    low |= 1u << m;
                else
                    high |= 1u << (m - 32u);
            }
    }
    uint word = uint(HP_BITS_WORDS_PER_BLOCK) * uint(block.y * blocksX + block.x);
    b_bits[word] = low;
    b_bits[word + 1u] = high;
}

#else
layout(binding = DISC_IMAGE_ATLAS, rgba8) uniform writeonly image2D u_out;

void main() {
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    if (texel.x >= u_atlas.y || texel.y >= u_atlas.y) return;
    uint rgba = 0u;
    ivec3 voxel;
    if (discVoxelAt(texel, voxel)) {
        uint key = discKey(voxel);
        rgba = discTexel(key, discInBand(key));
    }
    // c / 255 converts back to the byte c exactly (unorm rounding), so the atlas holds the packed bytes.
    imageStore(u_out, texel, unpackUnorm4x8(rgba));
}
#endif
