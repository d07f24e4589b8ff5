// The scalar volume on the GPU, for the discriminator's passes (discriminate.comp.glsl,
// discriminate_colors.comp.glsl): the 3D texture in the type's own format (DISC_VALUES_INT: R8I/R16I/R32I,
// DISC_VALUES_UINT: R8UI/R16UI/R32UI, otherwise R32F), each sample read as its order key (volume_values.h), the
// colour bin by a binary search over the edges, and the texel the CPU reference writes for it
// (engine/volume/volume_reference.h), bit for bit.
#include "discriminate_shared.h"
#include "volume_values.h"

// READ AS AN IMAGE (imageLoad), not through a sampler: llvmpipe's texelFetch takes its general sampling path,
// and the marching cubes' expansion, 12 reads a vertex, took 26 % less time with image loads (metaballs:256,
// 68 -> 50.5 ms side by side). An image's format qualifier must be the texture's, so each kind declares its
// widths, each at its own unit, and u_valueBytes says which one is bound (discriminate::bindVolumeImage): a
// uniform, so every lane takes the same branch and only that load runs.
#if defined(DISC_VALUES_INT)
layout(binding = DISC_IMAGE_VOLUME_8, r8i) uniform readonly iimage3D u_volume8;
layout(binding = DISC_IMAGE_VOLUME_16, r16i) uniform readonly iimage3D u_volume16;
layout(binding = DISC_IMAGE_VOLUME_32, r32i) uniform readonly iimage3D u_volume32;
#elif defined(DISC_VALUES_UINT)
layout(binding = DISC_IMAGE_VOLUME_8, r8ui) uniform readonly uimage3D u_volume8;
layout(binding = DISC_IMAGE_VOLUME_16, r16ui) uniform readonly uimage3D u_volume16;
layout(binding = DISC_IMAGE_VOLUME_32, r32ui) uniform readonly uimage3D u_volume32;
#else
layout(binding = DISC_IMAGE_VOLUME_32, r32f) uniform readonly image3D u_volume32;
#endif
layout(location = DISC_LOC_VOLUME) uniform ivec3 u_size;
layout(location = DISC_LOC_EDGES) uniform uint u_edges[DISC_EDGES];
layout(location = DISC_LOC_VALUE_BYTES) uniform int u_valueBytes;

// The value of `voxel` as its kind holds it (8- and 16-bit integers widened, their signs kept).
#if defined(DISC_VALUES_INT)
int discValue(ivec3 voxel) {
    if (u_valueBytes == 1) return imageLoad(u_volume8, voxel).r;
    if (u_valueBytes == 2) return imageLoad(u_volume16, voxel).r;
    return imageLoad(u_volume32, voxel).r;
}
#elif defined(DISC_VALUES_UINT)
uint discValue(ivec3 voxel) {
    if (u_valueBytes == 1) return imageLoad(u_volume8, voxel).r;
    if (u_valueBytes == 2) return imageLoad(u_volume16, voxel).r;
    return imageLoad(u_volume32, voxel).r;
}
#else
float discValue(ivec3 voxel) {
    return imageLoad(u_volume32, voxel).r;
}
#endif

uint discKey(ivec3 voxel) {
#if defined(DISC_VALUES_INT)
    return volSignedKey(discValue(voxel));
#elif defined(DISC_VALUES_UINT)
    return discValue(voxel);
#else
    // The float's bits, not its value: the comparisons are on keys, so no float rule of the driver applies.
    return volFloatKey(floatBitsToUint(discValue(voxel)));
#endif
}

bool discIsNan(uint key) {
#if defined(DISC_VALUES_INT) || defined(DISC_VALUES_UINT)
    return false;
#else
    return volFloatKeyIsNan(key);
#endif
}

// The number of edges <= the value: its colour bin, 0..255 (the edges ascend; 8 steps).
uint discBin(uint key) {
    uint q = 0u;
    for (uint step = 128u; step > 0u; step >>= 1)
        if (q + step <= uint(DISC_EDGES) && key >= u_edges[q + step - 1u]) q += step;
    return q;
}

// The RGBA8 texel (packUnorm4x8 order) of a voxel: the colour map of its bin, alpha max(bin, 1) when active,
// 0 when not; 0 for NaN.
uint discTexel(uint key, bool inBand) {
    if (discIsNan(key)) return 0u;
    uint q = discBin(key);
    return volTexel(q, inBand ? max(q, 1u) : 0u);
}
