#version 450
// Compute HistoPyramid build: six levels per dispatch. Each invocation reduces an 8x8 block of its input level in
// registers (levels s+1 .. s+3), then the 8x8 work group halves its level-(s+3) sums through shared memory three
// times (levels s+4 .. s+6). With HPC_FROM_ATLAS the input is the atlas through the fused discriminator, and the
// first three levels are one 64-bit mask per 8x8 base cells, in Morton order: bit 16 q2 + 4 q1 + c is base cell c
// of level-1 child q1 of level-2 child q2, each in child order (0,0), (1,0), (0,1), (1,1). Key-index order is
// Morton order, so a level-1 or level-2 sum is a popcount of 4 or 16 consecutive bits. Above, every texel holds
// its four children's sums (x: (0,0), y: (1,0), z: (0,1), w: (1,1)) in the smallest integer format that fits.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006) (HistoPyramid, vec4 layout);
// Dyken, Ziegler, Theobalt, Seidel, "High-speed Marching Cubes using HistoPyramids" (2008) (several levels
// per pass, child sums per texel).
// With HPC_FROM_BITS (hp_bits) the level-3 masks are not made but read: they are the occupancy-bits buffer
// (occupancy_bits.h, the same Morton layout) and u_inputSize is the virtual atlas. The first dispatch then starts
// at level 3 (HPC_START_LEVEL 3, a level-3 total is the popcount of its mask) and reduces levels 4-9 like any
// dispatch above the atlas: an invocation reads 8x8 masks instead of one, 64x fewer invocations.
#include "hpc_shared.h"

#if defined(HPC_FROM_ATLAS)
#include "hp_discriminator.glsl"
#else
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize;
#if defined(HPC_FROM_BITS)
#include "occupancy_bits.h"
// Through the bits' view (a block a texel; with HPC_BITS_PAIRS two): image loads, which llvmpipe gathers for 8
// lanes at once, where it loops over the lanes for a storage-buffer load (gl/buffer_view.h).
#ifdef HPC_BITS_PAIRS
layout(binding = HPB_IMAGE_BITS, rgba32ui) uniform readonly uimageBuffer u_pairs;
uvec2 hpcBlock(int index) {
    uvec4 pair = imageLoad(u_pairs, index >> 1);
    return (index & 1) != 0 ? pair.zw : pair.xy;
}
#else
layout(binding = HPB_IMAGE_BITS, rg32ui) uniform readonly uimageBuffer u_blocks;
uvec2 hpcBlock(int index) {
    return imageLoad(u_blocks, index).xy;
}
#endif
#else
layout(binding = HPC_UNIT_SOURCE) uniform usampler2D u_source; // holds level HPC_START_LEVEL (child sums)
#endif
#endif
layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HPC_LOC_LEVEL_OFFSETS) uniform int u_levelOffset[HPC_MAX_LEVELS + 1];
layout(std430, binding = HP_BIND_COUNTERS) writeonly buffer HpCounters { uint u_counters[]; };
// With a capacity (> 0), the top also writes the list pass' indirect arguments: one pass less per frame.
layout(std430, binding = HP_BIND_ARGS) writeonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity;
#include "hp_args.glsl"

layout(local_size_x = HPC_LOCAL_SIZE, local_size_y = HPC_LOCAL_SIZE) in;
// HPC_FORMAT_j: the format of level HPC_START_LEVEL + j, chosen in C++ (computeLevelFormatName); slot j is bound
// to the texture of that format, and the level is written at its x offset there. (From the atlas, slots 1 and 2
// are levels held inside the level-3 masks: declared, never stored.)
layout(binding = HPC_IMAGE_OUT + 0, HPC_FORMAT_1) uniform writeonly uimage2D u_out1;
layout(binding = HPC_IMAGE_OUT + 1, HPC_FORMAT_2) uniform writeonly uimage2D u_out2;
layout(binding = HPC_IMAGE_OUT + 2, HPC_FORMAT_3) uniform writeonly uimage2D u_out3;
layout(binding = HPC_IMAGE_OUT + 3, HPC_FORMAT_4) uniform writeonly uimage2D u_out4;
layout(binding = HPC_IMAGE_OUT + 4, HPC_FORMAT_5) uniform writeonly uimage2D u_out5;
layout(binding = HPC_IMAGE_OUT + 5, HPC_FORMAT_6) uniform writeonly uimage2D u_out6;

shared uint s_sums[HPC_LOCAL_SIZE * HPC_LOCAL_SIZE];

// No padding: level l has ceil(input / 2^l) cells a side; children beyond a level's edge count 0.
ivec2 hpcLevelSize(int level) { return (u_inputSize + ((1 << level) - 1)) >> level; }

void hpcImageStore(int j, ivec2 texel, uvec4 value) {
    if (j == 1) imageStore(u_out1, texel, value);
    else if (j == 2) imageStore(u_out2, texel, value);
    else if (j == 3) imageStore(u_out3, texel, value);
    else if (j == 4) imageStore(u_out4, texel, value);
    else if (j == 5) imageStore(u_out5, texel, value);
    else imageStore(u_out6, texel, value);
}

// Writes the texel of level HPC_START_LEVEL + j if that level exists and holds `cell`; the single cell of the
// top level also hands its total to the counter buffer (no separate count pass) and, given a capacity, turns it
// into the list's indirect arguments (no separate argument pass).
void hpcStore(int j, ivec2 cell, uvec4 texel, uint total) {
    int level = HPC_START_LEVEL + j;
    if (level > u_levels || any(greaterThanEqual(cell, hpcLevelSize(level)))) return;
    bool stored = true;
#ifdef HPC_FROM_BITS
    stored = level >= HPB_FIRST_STORED_LEVEL; // level 4 is read from the bits (hpc_shared.h); a top still counts
#endif
    // min(): the last dispatch's j reach past HPC_MAX_LEVELS at compile time, and NVIDIA's compiler refuses a
    // constant index out of bounds even behind the test above (C1068); no level that gets here is clamped.
    if (stored) hpcImageStore(j, cell + ivec2(u_levelOffset[min(level, HPC_MAX_LEVELS)], 0), texel);
    if (level == u_levels) {
        u_counters[0] = total;
        if (u_capacity > 0u) hpWriteArgs(total, u_capacity);
    }
}

#ifdef HPC_FROM_ATLAS
// The 16 bits of the 4x4 base cells at b: four textureGathers, one level-1 cell (a nibble) each, in child order.
uint hpcMask16(ivec2 b) {
    uint bits = 0u;
    for (int q = 0; q < 4; ++q) {
        uvec4 isOn = hpActiveQuad(b + 2 * ivec2(q & 1, q >> 1));
        bits |= (isOn.x | (isOn.y << 1) | (isOn.z << 2) | (isOn.w << 3)) << (4 * q);
    }
    return bits;
}

// Levels 1-3 of the 8x8 base cells of level-3 cell `cell3`: the Morton-ordered mask, one 16-bit half-word per
// level-2 child (bits 0-31: children (0,0) and (1,0); bits 32-63: (0,1) and (1,1)).
uint hpcReduceInRegisters(ivec2 cell3) {
    ivec2 b = 8 * cell3;
    uint low = hpcMask16(b) | (hpcMask16(b + ivec2(4, 0)) << 16);
    uint high = hpcMask16(b + ivec2(0, 4)) | (hpcMask16(b + ivec2(4, 4)) << 16);
    uint total = uint(bitCount(low) + bitCount(high));
    hpcStore(3, cell3, uvec4(low, high, 0u, 0u), total);
    return total;
}
#else
#ifdef HPC_FROM_BITS
// A level-3 cell's total: the popcount of its 64-bit mask, block `cell` of the bits (0 beyond the atlas).
uint hpcSourceTotal(ivec2 cell) {
    int blocksX = hpBitsBlocksX(u_inputSize.x);
    if (any(greaterThanEqual(cell, ivec2(blocksX)))) return 0u;
    uvec2 mask = hpcBlock(cell.y * blocksX + cell.x);
    return uint(bitCount(mask.x) + bitCount(mask.y));
}
#else
uint hpcSourceTotal(ivec2 cell) {
    // texelFetch outside the texture is undefined without robust access: cells beyond the edge are empty.
    if (any(greaterThanEqual(cell, hpcLevelSize(HPC_START_LEVEL)))) return 0u;
    uvec4 v = texelFetch(u_source, cell + ivec2(u_levelOffset[HPC_START_LEVEL], 0), 0);
    return v.x + v.y + v.z + v.w;
}
#endif

// GLSL has no recursion, so the three register levels are one step written out three times: a level s+1 cell
// from its four level-s inputs (`child`), storing its child sums at `level` and returning its total.
#define HPC_REDUCE_STEP(name, child, level)                                                                   \
    uint name(ivec2 cell) {                                                                                    \
        ivec2 b = 2 * cell;                                                                                    \
        uvec4 sums = uvec4(child(b), child(b + ivec2(1, 0)), child(b + ivec2(0, 1)), child(b + ivec2(1, 1))); \
        uint total = sums.x + sums.y + sums.z + sums.w;                                                        \
        hpcStore(level, cell, sums, total);                                                                    \
        return total;                                                                                          \
    }
HPC_REDUCE_STEP(hpcReduce1, hpcSourceTotal, 1)
HPC_REDUCE_STEP(hpcReduce2, hpcReduce1, 2)
#ifdef HPC_BITS_PAIRS
// With HPC_BITS_PAIRS (blocks a side even, so every block row's words start 16 bytes aligned; hp_compute.cpp
// picks this program then): the invocation's 8x8 blocks as 32 loads of two blocks each instead of 128 4-byte
// loads, which llvmpipe gathers lane by lane (they were half the build); levels 4-6 then from the 64 totals.
// 1024^3 bits, side by side: the build 95-98 -> 66-82 ms (docs/PERFORMANCE.md).

// One register level: the n x n totals `below` (row-major) to the (n/2) x (n/2) `above`, each storing its four
// children's sums as level HPC_START_LEVEL + j (the invocation's cells of that level start at (n/2) cell).
#define HPC_PAIR_LEVEL(below, above, n, j, cell)                                            \
    for (int y = 0; y < (n) / 2; ++y)                                                       \
        for (int x = 0; x < (n) / 2; ++x) {                                                 \
            int i = 2 * (n) * y + 2 * x;                                                    \
            uvec4 sums = uvec4(below[i], below[i + 1], below[i + (n)], below[i + (n) + 1]); \
            above[(n) / 2 * y + x] = sums.x + sums.y + sums.z + sums.w;                     \
            hpcStore(j, (n) / 2 * (cell) + ivec2(x, y), sums, above[(n) / 2 * y + x]);      \
        }

uint hpcReduceInRegisters(ivec2 cell) {
    int blocksX = hpBitsBlocksX(u_inputSize.x);
    ivec2 first = 8 * cell; // the first of the 8x8 level-3 blocks
    uint t3[64];             // their totals, row-major
    for (int y = 0; y < 8; ++y)
        for (int q = 0; q < 4; ++q) {
            ivec2 b = first + ivec2(2 * q, y); // and b + (1, 0): both in the atlas or both past it (blocksX even)
            uvec4 pair = uvec4(0u);
            if (all(lessThan(b, ivec2(blocksX)))) pair = imageLoad(u_pairs, (b.y * blocksX + b.x) >> 1);
            t3[8 * y + 2 * q] = uint(bitCount(pair.x) + bitCount(pair.y));
            t3[8 * y + 2 * q + 1] = uint(bitCount(pair.z) + bitCount(pair.w));
        }
    uint t4[16], t5[4], t6[1];
    HPC_PAIR_LEVEL(t3, t4, 8, 1, cell);
    HPC_PAIR_LEVEL(t4, t5, 4, 2, cell);
    HPC_PAIR_LEVEL(t5, t6, 2, 3, cell);
    return t6[0];
}
#else
HPC_REDUCE_STEP(hpcReduceInRegisters, hpcReduce2, 3)
#endif
#endif

void main() {
    ivec2 t = ivec2(gl_LocalInvocationID.xy);
    ivec2 group = ivec2(gl_WorkGroupID.xy);
    // Registers: this invocation's cell of level s+3 from its 8x8 input cells (levels s+1 .. s+3).
    s_sums[t.y * HPC_LOCAL_SIZE + t.x] = hpcReduceInRegisters(group * HPC_LOCAL_SIZE + t);

    // Shared memory: the lower-left n x n invocations each reduce 2x2 sums of the level below, n halving.
    int n = HPC_LOCAL_SIZE / 2;
    for (int j = HPC_REGISTER_LEVELS + 1; j <= HPC_LEVELS_PER_DISPATCH; ++j, n /= 2) {
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
