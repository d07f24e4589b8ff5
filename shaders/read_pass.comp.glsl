#version 450
// The read pass: every 32-bit word of a buffer (READ_FROM_BUFFER) or of an RGBA8 texture seen as r32ui
// (READ_FROM_IMAGE) is read once and XORed into a sink, so nothing can be optimised away; one atomic per group.
// The compute yardstick beside the copy pass (a fragment pass: raster throughput, which on GPUs with few
// graphics units is far below their memory bandwidth): a build that reads its input once cannot beat it.
#include "testbed_shared.h"

layout(local_size_x = READ_LOCAL_SIZE) in;
layout(location = READ_LOC_WORDS) uniform uint u_words;
layout(std430, binding = READ_BIND_SINK) buffer ReadSink { uint u_sink[]; };
#ifdef READ_FROM_IMAGE
layout(binding = READ_IMAGE_SOURCE, r32ui) uniform readonly uimage2D u_source;
layout(location = READ_LOC_WIDTH) uniform int u_width;
uint readWord(uint i) { return imageLoad(u_source, ivec2(int(i % uint(u_width)), int(i / uint(u_width)))).x; }
#else
layout(std430, binding = READ_BIND_SOURCE) readonly buffer ReadSource { uint u_source[]; };
uint readWord(uint i) { return u_source[i]; }
#endif

shared uint s_sink;

void main() {
    if (gl_LocalInvocationIndex == 0u) s_sink = 0u;
    barrier();
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint first = group * uint(READ_WORDS_PER_GROUP) + gl_LocalInvocationID.x;
    uint x = 0u;
    for (int j = 0; j < READ_WORDS_PER_INVOCATION; ++j) {
        uint i = first + uint(j * READ_LOCAL_SIZE);
        if (i < u_words) x ^= readWord(i);
    }
    atomicXor(s_sink, x);
    barrier();
    if (gl_LocalInvocationIndex == 0u) atomicXor(u_sink[0], s_sink);
}
