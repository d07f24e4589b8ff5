#version 450
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_gpu_shader_int64 : require
// "hp5" (engine/hp/hp5.h), pass 1 where the driver has subgroup ballot: the same occupancy words as
// hp5_words.comp.glsl (bit i = texel 32 w + i of a row, rows padded to whole words, row after row), made as
// Dyken's HP5 makes its 32:1 base: neighbouring invocations classify neighbouring 2 x 2 quads (textureGather, the
// discriminator fused in) and ballot the quads' bits, so a subgroup's lanes become a word's bits at once.
// HP5_BALLOT_QUADS (the C++ defines it: 16 / lanes a word) quads a lane: a word column of a row pair is
// HP5_BALLOT_LANES neighbouring invocations, at most a subgroup (NVIDIA's 32 lanes hold two words of 16 lanes
// of one quad; llvmpipe's 8 one word of 8 lanes of two quads), and lane l takes quads l, l + lanes, ...: the j-th
// quads of the word's lanes are one ballot's neighbouring bits, spread to the even (left texel) and odd (right
// texel) bits of the word's j-th 2 x lanes texels. No shared memory, no barrier: the word's first lane writes it.
// The lanes of a subgroup must be consecutive invocations, aligned to the subgroup size: the C++ probes that
// once (hp5_subgroups.comp.glsl), and chooses this pass at one quad a lane (subgroups of 16 lanes or more).
#include "hp5_shared.h"
#include "hp_discriminator.glsl"

#define HP5_BALLOT_LANES (HP5_QUADS_PER_WORD / HP5_BALLOT_QUADS)

layout(local_size_x = HP5_BALLOT_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) writeonly buffer Hp5Base { uint b_base[]; };
layout(location = HP5_LOC_WORDS_PER_ROW) uniform uint u_wordsPerRow;

// Bits 0..15 of `bits` to the even bits 0, 2, .., 30.
uint hp5Spread(uint bits) {
    bits = (bits | bits << 8) & 0x00ff00ffu;
    bits = (bits | bits << 4) & 0x0f0f0f0fu;
    bits = (bits | bits << 2) & 0x33333333u;
    return (bits | bits << 1) & 0x55555555u;
}

// Lanes at .. at + HP5_BALLOT_LANES - 1 of a ballot: one quad of each of the word's lanes, 2 x lanes texels of a
// row; `right`: the quads' right texels, the odd bits.
uint hp5Row(uint64_t left, uint64_t right, uint at) {
    const uint lanes = (1u << HP5_BALLOT_LANES) - 1u;
    return hp5Spread(uint(left >> at) & lanes) | hp5Spread(uint(right >> at) & lanes) << 1;
}

void main() {
    uint local = gl_LocalInvocationIndex;
    uint lane = local % uint(HP5_BALLOT_LANES);
    uint column = gl_WorkGroupID.x * uint(HP5_BALLOT_LOCAL_SIZE / HP5_BALLOT_LANES) + local / uint(HP5_BALLOT_LANES);
    int y = 2 * int(gl_WorkGroupID.y);
    uint at = (local - lane) % gl_SubGroupSizeARB; // the word's first lane in the subgroup
    uint lower = 0u, upper = 0u;                   // rows y and y + 1
    // Every invocation takes part in every ballot (none returns early): quads past the input classify as 0.
    for (int j = 0; j < HP5_BALLOT_QUADS; ++j) {
        int quad = int(lane) + j * HP5_BALLOT_LANES;
        uvec4 on = hpActiveQuad(ivec2(int(column) * HP5_WORD_CELLS + 2 * quad, y)); // (0,0) (1,0) (0,1) (1,1)
        uint64_t left = ballotARB(on.x != 0u), right = ballotARB(on.y != 0u);
        uint64_t leftAbove = ballotARB(on.z != 0u), rightAbove = ballotARB(on.w != 0u);
        lower |= hp5Row(left, right, at) << (2 * j * HP5_BALLOT_LANES);
        upper |= hp5Row(leftAbove, rightAbove, at) << (2 * j * HP5_BALLOT_LANES);
    }
    if (lane != 0u || column >= u_wordsPerRow || y >= u_inputSize.y) return;
    b_base[uint(y) * u_wordsPerRow + column] = lower;
    if (y + 1 < u_inputSize.y) b_base[uint(y + 1) * u_wordsPerRow + column] = upper;
}
