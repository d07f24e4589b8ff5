#version 450
// Marching cubes, pass 1 (engine/surface/mc_expander.h): one invocation per base word = 4 consecutive cells
// of a row (mc_volume.glsl, THE BASE'S WORDS), whose 20 corners it reads once. Each cell's case from its 8
// corners (band test on exact keys), its vertex count from the packed table; the word of 4 cases (byte j =
// the word's cell j; cells past the row's end: case 0, count 0) is the
// pyramid's base, and the sum of the 4 counts (0..60) its level 1, written here so the base is never read
// again to build. Based on: Dyken, Ziegler, Theobalt, Seidel, "High-speed marching cubes using HistoPyramids"
// (2008).
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_CASES) writeonly buffer McCases { uint b_cases[]; };
layout(std430, binding = MC_BIND_LEVEL1) writeonly buffer McLevel1 { uint b_level1[]; };

void main() {
    uint word = mcInvocation();
    if (word >= u_words) return;
    ivec3 first = mcWordCell(word);
    int cellsHere = min(4, u_size.x - 1 - first.x);
    // The band bits of the word's 5 x 2 x 2 corners (of fewer columns at a row's end): bit x + 5 (y + 2 z).
    uint inside = 0u;
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x <= cellsHere; ++x)
                if (mcInBand(discKey(first + ivec3(x, y, z)))) inside |= 1u << uint(x + 5 * (y + 2 * z));
    uint cases = 0u, sum = 0u;
    for (int j = 0; j < cellsHere; ++j) {
        uint corners = inside >> uint(j);
        // corner i = (i & 1, i >> 1 & 1, i >> 2 & 1): bits 0, 1, 5, 6, 10, 11, 15, 16 of `corners`
        uint mcCase =
            (corners & 3u) | (corners >> 3 & 0xcu) | (corners >> 6 & 0x30u) | (corners >> 9 & 0xc0u);
        cases |= mcCase << (8u * uint(j));
        sum += mcCount(mcCase);
    }
    b_cases[word] = cases;
    b_level1[word] = sum;
}
