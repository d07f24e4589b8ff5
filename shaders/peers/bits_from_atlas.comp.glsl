#version 450
// Atlas -> occupancy bits (occupancy_bits.h): one invocation per 8x8 block of the virtual atlas writes its two
// words; a texel's bit is the discriminator's verdict (hp_discriminator.glsl: inside the volume and alpha >=
// threshold), texels beyond the atlas are 0. What the GL tests and dicer-bench feed the bits rows of the method
// table when they have an atlas (the modern voxelizer writes the bits itself).
#include "hpc_shared.h"
#include "hp_discriminator.glsl"
#include "occupancy_bits.h"

layout(local_size_x = HPB_LOCAL_SIZE, local_size_y = HPB_LOCAL_SIZE) in;
layout(std430, binding = HPB_BIND_BITS) writeonly buffer HpBits { uint u_bits[]; };
layout(location = HPB_LOC_SIDE) uniform int u_side;

void main() {
    ivec2 block = ivec2(gl_GlobalInvocationID.xy);
    int blocksX = hpBitsBlocksX(u_side);
    if (any(greaterThanEqual(block, ivec2(blocksX)))) return;
    uvec2 mask = uvec2(0u);
    for (int i = 0; i < HP_BITS_BLOCK * HP_BITS_BLOCK; ++i) {
        ivec2 texel = block * HP_BITS_BLOCK + ivec2(i % HP_BITS_BLOCK, i / HP_BITS_BLOCK);
        if (any(greaterThanEqual(texel, u_inputSize)) || hpActiveTexel(texel) == 0u) continue;
        uint m = hpBitsMorton(texel);
        if (m < 32u) mask.x |= 1u << m;
        else mask.y |= 1u << (m - 32u);
    }
    uint w = hpBitsWord(block * HP_BITS_BLOCK, blocksX);
    u_bits[w] = mask.x;
    u_bits[w + 1u] = mask.y;
}
