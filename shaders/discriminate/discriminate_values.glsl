// The scalar volume on the GPU, for the discriminator's passes (discriminate.comp.glsl,
// discriminate_colors.comp.glsl): the 3D texture in the type's own format (DISC_VALUES_INT: R8I/R16I/R32I,
// DISC_VALUES_UINT: R8UI/R16UI/R32UI, otherwise R32F), each sample read as its order key (volume_values.h), the
// colour bin by a binary search over the edges, and the texel the CPU reference writes for it
// (engine/volume/volume_reference.h), bit for bit.
#include "discriminate_shared.h"
#include "volume_values.h"

#if defined(DISC_VALUES_INT)
layout(binding = DISC_UNIT_VOLUME) uniform isampler3D u_volume;
#elif defined(DISC_VALUES_UINT)
layout(binding = DISC_UNIT_VOLUME) uniform usampler3D u_volume;
#else
layout(binding = DISC_UNIT_VOLUME) uniform sampler3D u_volume;
#endif
layout(location = DISC_LOC_VOLUME) uniform ivec3 u_size;
layout(location = DISC_LOC_EDGES) uniform uint u_edges[DISC_EDGES];

uint discKey(ivec3 voxel) {
#if defined(DISC_VALUES_INT)
    return volSignedKey(texelFetch(u_volume, voxel, 0).r);
#elif defined(DISC_VALUES_UINT)
    return texelFetch(u_volume, voxel, 0).r;
#else
    // The float's bits, not its value: the comparisons are on keys, so no float rule of the driver applies.
    return volFloatKey(floatBitsToUint(texelFetch(u_volume, voxel, 0).r));
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
