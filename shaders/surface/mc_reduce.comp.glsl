#version 450
// Marching cubes, pass 2 (engine/surface/mc_expander.h): one level of the 4:1 pyramid, entry i = the sum of
// entries 4i .. 4i + 3 of the level below, over the level's stored entries (its padding to a multiple of 4 so: 0).
// Level 1 is its own buffer (the largest level, a storage block of its own), levels 2 .. top follow one another in
// the upper buffer, written through MC_BIND_UPPER. An invocation writes 4 entries from 16 below, each 4 one texel of the level below's view (McExpander's level-1
// or upper view at MC_IMAGE_UPPER): a level's stored entries and offsets are multiples of 4, so every texel lies in
// one level, and llvmpipe gathers an image load's lanes at once where it loops over them for a storage-buffer load
// (gl/buffer_view.h).
#include "mc_common.glsl"

layout(binding = MC_IMAGE_UPPER, rgba32ui) uniform readonly uimageBuffer u_below;
layout(std430, binding = MC_BIND_UPPER) writeonly buffer McUpper { uvec4 b_upper[]; };
// (offset of the level written, its stored entries, offset of the level below in its buffer, its stored entries)
layout(location = MC_LOC_LEVEL) uniform uvec4 u_level;

void main() {
    uint i = mcInvocation();
    if (4u * i >= u_level.y) return;
    uint first = u_level.z / 4u + 4u * i, last = (u_level.z + u_level.w) / 4u - 1u;
    uvec4 sums;
    for (uint j = 0u; j < 4u; ++j) {
        uvec4 v = imageLoad(u_below, int(min(first + j, last))); // past the level below's end: counted 0
        sums[j] = first + j <= last ? v.x + v.y + v.z + v.w : 0u;
    }
    b_upper[u_level.x / 4u + i] = sums;
}
