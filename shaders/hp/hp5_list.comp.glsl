#version 450
// "hp5" (engine/hp/hp5.h), the list: dispatched indirectly with the count turned into arguments on the GPU. Entry
// k descends the 5:1 pyramid (hp5_descend.glsl) to its occupancy word, whose k-th set bit is its texel; words
// lie row after row, so the entries come out row-major (y, then x), the order of the input stream.
#include "hp5_descend.glsl"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) readonly buffer Hp5Base { uint b_base[]; };
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };
layout(location = HP5_LOC_WORDS_PER_ROW) uniform uint u_wordsPerRow;

// Index (0..31) of the k-th set bit of `word` (k < its popcount): halve the window five times by popcount.
uint hp5SelectBit(uint word, uint k) {
    uint index = 0u;
    for (uint width = 16u; width >= 1u; width >>= 1) {
        uint count = uint(bitCount(word & ((1u << width) - 1u)));
        bool above = k >= count;
        word = above ? word >> width : word;
        index += above ? width : 0u;
        k -= above ? count : 0u;
    }
    return index;
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
    uint rest = k;
    uint word = hp5Descend(rest);
    uint bit = hp5SelectBit(b_base[word], rest);
    uint row = word / u_wordsPerRow;
    hpWritePoint(k, ivec2(int((word - row * u_wordsPerRow) * uint(HP5_WORD_CELLS) + bit), int(row)));
}
