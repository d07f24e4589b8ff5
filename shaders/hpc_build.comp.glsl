#version 450
// Compute HistoPyramid build: six levels per dispatch. Each invocation reduces a 4x4 block of its input level
// in registers (levels s+1 and s+2), then the work group halves its 16x16 level-(s+2) sums through shared memory
// four times (levels s+3 .. s+6). With HPC_FROM_ATLAS the input is the atlas through the fused discriminator.
// Storage (packed integers): level 1 holds a 4-bit mask of its active base cells; every higher texel holds its
// four children's sums (x: (0,0), y: (1,0), z: (0,1), w: (1,1)) in the smallest integer format that fits them,
// so the traversal takes one fetch per level. Levels of one format sit side by side in one texture.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006) (HistoPyramid, vec4 layout);
// Dyken, Ziegler, Theobalt, Seidel, "High-speed Marching Cubes using HistoPyramids" (2008) (several levels
// per pass, child sums per texel).
#include "dicer_shared.h"

#ifdef HPC_FROM_ATLAS
#include "hp_discriminator.glsl"
#else
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize;
layout(binding = HPC_UNIT_SOURCE) uniform usampler2D u_source; // holds level HPC_START_LEVEL (child sums)
#endif
layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HPC_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPC_MAX_LEVELS + 1];
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };

layout(local_size_x = HPC_LOCAL_SIZE, local_size_y = HPC_LOCAL_SIZE) in;
// HPC_FORMAT_j: the format of level HPC_START_LEVEL + j, chosen in C++ (computeLevelFormatName); slot j is bound
// to the texture of that format, and the level is written at its x offset there.
layout(binding = 0, HPC_FORMAT_1) uniform writeonly uimage2D u_out1;
layout(binding = 1, HPC_FORMAT_2) uniform writeonly uimage2D u_out2;
layout(binding = 2, HPC_FORMAT_3) uniform writeonly uimage2D u_out3;
layout(binding = 3, HPC_FORMAT_4) uniform writeonly uimage2D u_out4;
layout(binding = 4, HPC_FORMAT_5) uniform writeonly uimage2D u_out5;
layout(binding = 5, HPC_FORMAT_6) uniform writeonly uimage2D u_out6;

shared uint s_sums[HPC_LOCAL_SIZE * HPC_LOCAL_SIZE];

// No padding: level l has ceil(input / 2^l) cells a side; children beyond a level's edge count 0.
ivec2 hpcLevelSize(int level) { return (u_inputSize + ((1 << level) - 1)) >> level; }

// Writes the texel of level HPC_START_LEVEL + j if that level exists and holds `cell`; the single cell of the
// top level also hands its total to the counter buffer (no separate count pass).
void hpcStore(int j, ivec2 cell, uvec4 texel, uint total) {
    int level = HPC_START_LEVEL + j;
    if (level > u_levels || any(greaterThanEqual(cell, hpcLevelSize(level)))) return;
    cell.x += u_levelOffset[level];
    if (j == 1) imageStore(u_out1, cell, texel);
    else if (j == 2) imageStore(u_out2, cell, texel);
    else if (j == 3) imageStore(u_out3, cell, texel);
    else if (j == 4) imageStore(u_out4, cell, texel);
    else if (j == 5) imageStore(u_out5, cell, texel);
    else imageStore(u_out6, cell, texel);
    if (level == u_levels) u_counters[0] = total;
}

#ifndef HPC_FROM_ATLAS
uint hpcSourceTotal(ivec2 cell) {
    // texelFetch outside the texture is undefined without robust access: cells beyond the edge are empty.
    if (any(greaterThanEqual(cell, hpcLevelSize(HPC_START_LEVEL)))) return 0u;
    uvec4 v = texelFetch(u_source, cell + ivec2(u_levelOffset[HPC_START_LEVEL], 0), 0);
    return v.x + v.y + v.z + v.w;
}
#endif

void main() {
    ivec2 t = ivec2(gl_LocalInvocationID.xy);
    ivec2 group = ivec2(gl_WorkGroupID.xy);
    ivec2 cell2 = group * HPC_LOCAL_SIZE + t; // this invocation's cell of level s+2
    uvec4 sums2;
    for (int q = 0; q < 4; ++q) {
        ivec2 cell1 = 2 * cell2 + ivec2(q & 1, q >> 1); // child q of cell2, in child order
        ivec2 b = 2 * cell1;
#ifdef HPC_FROM_ATLAS
        uvec4 isOn = hpActiveQuad(b); // one textureGather: the four base cells of cell1
        uint mask = isOn.x | (isOn.y << 1) | (isOn.z << 2) | (isOn.w << 3);
        uint total = uint(bitCount(mask));
        hpcStore(1, cell1, uvec4(mask), total);
#else
        uvec4 children = uvec4(hpcSourceTotal(b), hpcSourceTotal(b + ivec2(1, 0)), hpcSourceTotal(b + ivec2(0, 1)),
                               hpcSourceTotal(b + ivec2(1, 1)));
        uint total = children.x + children.y + children.z + children.w;
        hpcStore(1, cell1, children, total);
#endif
        sums2[q] = total;
    }
    uint total2 = sums2.x + sums2.y + sums2.z + sums2.w;
    hpcStore(2, cell2, sums2, total2);
    s_sums[t.y * HPC_LOCAL_SIZE + t.x] = total2;

    // Levels s+3 .. s+6: the lower-left n x n invocations each reduce 2x2 sums of the level below.
    int n = HPC_LOCAL_SIZE / 2;
    for (int j = 3; j <= HPC_LEVELS_PER_DISPATCH; ++j, n /= 2) {
        if (HPC_START_LEVEL + j > u_levels) break; // uniform: every invocation leaves together
        barrier(); // the level below is complete in s_sums (barrier() also orders shared memory)
        bool mine = all(lessThan(t, ivec2(n)));
        uvec4 children = uvec4(0u);
        if (mine) {
            int i = 2 * t.y * HPC_LOCAL_SIZE + 2 * t.x;
            children = uvec4(s_sums[i], s_sums[i + 1], s_sums[i + HPC_LOCAL_SIZE], s_sums[i + HPC_LOCAL_SIZE + 1]);
        }
        barrier(); // every read of this level's inputs is done before they are overwritten
        if (mine) {
            uint total = children.x + children.y + children.z + children.w;
            hpcStore(j, group * n + t, children, total);
            s_sums[t.y * HPC_LOCAL_SIZE + t.x] = total;
        }
    }
}
