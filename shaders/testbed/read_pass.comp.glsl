#version 450
// The read pass: every 32-bit word of a buffer (READ_FROM_BUFFER) or every texel of an RGBA8 texture
// (READ_FROM_TEXTURE) is read once and XORed into a sink, so nothing can be optimised away; one atomic per group.
// The compute yardstick beside the copy pass (a fragment pass: raster throughput, which on GPUs with few
// graphics units is far below their memory bandwidth): a build that reads its input once cannot beat it.
#include "testbed_shared.h"

layout(local_size_x = READ_LOCAL_SIZE) in;
layout(location = READ_LOC_WORDS) uniform uint u_words;
layout(std430, binding = READ_BIND_SINK) buffer ReadSink { uint u_sink[]; };
#ifdef READ_FROM_TEXTURE
// Texture mode: a group reads READ_LOCAL_SIZE texels of a row x READ_WORDS_PER_INVOCATION rows (2D dispatch over
// the texture, no integer division: llvmpipe scalarises it). texelFetch, not an r32ui image: on llvmpipe
// imageLoad is slower than the texture path the builds use, and a floor slower than a build is no floor.
// packUnorm4x8 of an RGBA8 texel gives back its four bytes exactly.
layout(binding = READ_UNIT_SOURCE) uniform sampler2D u_source;
layout(location = READ_LOC_SIZE) uniform ivec2 u_size;
#else
// Buffer mode: 16-byte loads (uvec4), the widest a shader has; a tail of 1-3 words is read as uints.
layout(std430, binding = READ_BIND_SOURCE) readonly buffer ReadSource { uint u_source[]; };
layout(std430, binding = READ_BIND_SOURCE) readonly buffer ReadSource4 { uvec4 u_source4[]; };
#endif

shared uint s_sink;

void main() {
    if (gl_LocalInvocationIndex == 0u) s_sink = 0u;
    barrier();
    uint x = 0u;
#ifdef READ_FROM_TEXTURE
    ivec2 t = ivec2(gl_WorkGroupID.xy) * ivec2(READ_LOCAL_SIZE, READ_WORDS_PER_INVOCATION) +
              ivec2(gl_LocalInvocationID.x, 0);
    if (t.x < u_size.x)
        for (int j = 0; j < READ_WORDS_PER_INVOCATION; ++j)
            if (t.y + j < u_size.y) x ^= packUnorm4x8(texelFetch(u_source, ivec2(t.x, t.y + j), 0));
#else
    // A group reads READ_WORDS_PER_GROUP words as READ_WORDS_PER_GROUP / 4 uvec4s, consecutive invocations on
    // consecutive uvec4s.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; // folded to 2D beyond 65535
    uint first = group * uint(READ_WORDS_PER_GROUP / 4) + gl_LocalInvocationID.x;
    uint quads = u_words / 4u;
    uvec4 v = uvec4(0u);
    for (int j = 0; j < READ_WORDS_PER_INVOCATION / 4; ++j) {
        uint i = first + uint(j * READ_LOCAL_SIZE);
        if (i < quads) v ^= u_source4[i];
    }
    x = v.x ^ v.y ^ v.z ^ v.w;
    uint tail = quads * 4u + gl_LocalInvocationID.x; // the last 1-3 words, by the first group's invocations
    if (group == 0u && tail < u_words) x ^= u_source[tail];
#endif
    atomicXor(s_sink, x);
    barrier();
    if (gl_LocalInvocationIndex == 0u) atomicXor(u_sink[0], s_sink);
}
