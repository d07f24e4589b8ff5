#version 450
// Marching cubes, pass 2 (engine/surface/mc_expander.h): one level of the 4:1 pyramid, entry i = the sum of
// entries 4i .. 4i + 3 of the level below (those past its size count 0), over the level's stored entries (its
// padding to a multiple of 4 so: 0). Level 1 is its own buffer (the largest level, a storage block of its own),
// levels 2 .. top follow one another in the upper buffer.
#include "mc_common.glsl"

layout(std430, binding = MC_BIND_LEVEL1) readonly buffer McLevel1 { uint b_level1[]; };
layout(std430, binding = MC_BIND_UPPER) buffer McUpper { uint b_upper[]; };
// (offset of the level written, its stored entries, offset of the level below or 0xffffffff for level 1, its size)
layout(location = MC_LOC_LEVEL) uniform uvec4 u_level;

uint mcBelow(uint i) {
    if (i >= u_level.w) return 0u;
    return u_level.z == 0xffffffffu ? b_level1[i] : b_upper[u_level.z + i];
}

void main() {
    uint i = mcInvocation();
    if (i >= u_level.y) return;
    uint first = uint(MC_FAN_IN) * i;
    b_upper[u_level.x + i] = mcBelow(first) + mcBelow(first + 1u) + mcBelow(first + 2u) + mcBelow(first + 3u);
}
