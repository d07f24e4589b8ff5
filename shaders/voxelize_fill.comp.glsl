#version 450
// Solid mode, pass 2: one thread per voxel column. Walks up z, XOR-accumulating the parity pass's
// markers; a voxel with odd parity (its centre is inside the closed mesh) that the surface pass left
// empty becomes occupied with the colour of the nearest surface voxel below it in the column (the first
// one above it where nothing lies below). Shell voxels are kept as they are.
#include "voxelize_common.glsl"

layout(local_size_x = VOX_FILL_LOCAL_SIZE, local_size_y = VOX_FILL_LOCAL_SIZE) in;

layout(binding = VOX_IMAGE_PARITY, r32ui) uniform restrict readonly uimage2DArray u_parity;
layout(binding = VOX_IMAGE_ATLAS, rgba8) uniform restrict image2D u_atlas;

void main() {
    ivec2 column = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(column, u_params.volume.xy))) return;
    int words = (u_params.volume.z + 31) / 32;
    bool crossed = false;
    for (int w = 0; w < words; ++w)
        crossed = crossed || imageLoad(u_parity, ivec3(column, w)).x != 0u;
    if (!crossed) return; // no crossing: the column has no inside (most columns of most models)

    // Colour for inside voxels below the column's first surface voxel (white if it has none).
    vec3 carry = vec3(1.0);
    for (int k = 0; k < u_params.volume.z; ++k) {
        vec4 texel = imageLoad(u_atlas, voxTileOrigin(k) + column);
        if (texel.a > 0.5) {
            carry = texel.rgb;
            break;
        }
    }
    uint parity = 0u, word = 0u;
    for (int k = 0; k < u_params.volume.z; ++k) {
        if (k % 32 == 0) word = imageLoad(u_parity, ivec3(column, k / 32)).x;
        parity ^= (word >> uint(k % 32)) & 1u;
        ivec2 texel = voxTileOrigin(k) + column;
        vec4 value = imageLoad(u_atlas, texel);
        if (value.a > 0.5)
            carry = value.rgb;
        else if (parity != 0u)
            imageStore(u_atlas, texel, vec4(carry, 1.0));
    }
}
