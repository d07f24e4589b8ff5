#version 450
// "hp5" (engine/hp/hp5.h), pass 1: the base. The atlas's cells as occupancy words, one uint a row segment of 32
// texels (bit i = texel 32 w + i), rows padded to whole words, row after row: the discriminator fused in
// (hp_discriminator.glsl), an invocation two rows of one word column through 16 textureGathers.
#include "hp5_shared.h"
#include "hp_discriminator.glsl"

layout(local_size_x = HP5_WORDS_LOCAL_SIZE, local_size_y = HP5_WORDS_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) writeonly buffer Hp5Base { uint b_base[]; };
layout(location = HP5_LOC_WORDS_PER_ROW) uniform uint u_wordsPerRow;

void main() {
    uint column = gl_GlobalInvocationID.x, pair = gl_GlobalInvocationID.y;
    int y = 2 * int(pair);
    if (column >= u_wordsPerRow || y >= u_inputSize.y) return;
    uint lower = 0u, upper = 0u; // rows y and y + 1
    ivec2 origin = ivec2(int(column) * HP5_WORD_CELLS, y);
    for (int g = 0; g < HP5_WORD_CELLS / 2; ++g) {
        uvec4 on = hpActiveQuad(origin + ivec2(2 * g, 0)); // child order: (0,0) (1,0) (0,1) (1,1)
        lower |= (on.x | on.y << 1) << (2 * g);
        upper |= (on.z | on.w << 1) << (2 * g);
    }
    b_base[uint(y) * u_wordsPerRow + column] = lower;
    if (y + 1 < u_inputSize.y) b_base[uint(y + 1) * u_wordsPerRow + column] = upper;
}
