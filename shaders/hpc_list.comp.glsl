#version 450
// Compute HistoPyramid traversal (GPU-resident PointList): dispatched indirectly with the count turned into
// arguments on the GPU. Entry k descends from the top with one fetch per level (texels hold their children's
// sums); at level 1 the 4-bit mask of active base cells picks the cell, so the atlas is not read again.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), "PointList builder".
#include "dicer_shared.h"
#include "hp_points.glsl"

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
// One texture per storage format, its levels side by side (level l starts at x = u_levelOffset[l]).
layout(binding = HPC_UNIT_MASKS) uniform usampler2D u_masks;
layout(binding = HPC_UNIT_SUMS8) uniform usampler2D u_sums8;
layout(binding = HPC_UNIT_SUMS16) uniform usampler2D u_sums16;
layout(binding = HPC_UNIT_SUMS32) uniform usampler2D u_sums32;
layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HPC_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPC_MAX_LEVELS + 1];
layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };

// Child order (0,0), (1,0), (0,1), (1,1), as every HistoPyramid here.
ivec2 hpcPick(ivec2 parent, uvec4 sums, inout uint k) {
    ivec2 base = 2 * parent;
    if (k < sums.x) return base;
    k -= sums.x;
    if (k < sums.y) return base + ivec2(1, 0);
    k -= sums.y;
    if (k < sums.z) return base + ivec2(0, 1);
    k -= sums.z;
    return base + ivec2(1, 1);
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
    uint key = k;
    ivec2 p = ivec2(0);
    // One loop per format (no branch on the level inside a loop): 32-bit sums, 16-bit sums, 8-bit sums.
    int level = u_levels;
    for (; level >= 9; --level) p = hpcPick(p, texelFetch(u_sums32, p + ivec2(u_levelOffset[level], 0), 0), key);
    for (; level >= 5; --level) p = hpcPick(p, texelFetch(u_sums16, p + ivec2(u_levelOffset[level], 0), 0), key);
    for (; level >= 2; --level) p = hpcPick(p, texelFetch(u_sums8, p + ivec2(u_levelOffset[level], 0), 0), key);
    uint mask = texelFetch(u_masks, p, 0).r;
    p = hpcPick(p, (uvec4(mask) >> uvec4(0u, 1u, 2u, 3u)) & 1u, key);
    hpWritePoint(k, p);
}
