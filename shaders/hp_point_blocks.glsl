// The point list's entries (hp_point.h), read and written only through hpLoadPoint / hpStorePoint: the buffer is
// bound as ENTRY_BLOCKS storage blocks of n entries each (gl::bindEntryBlocks, storage_blocks.h), entry k in
// block k / n at k mod n, so a list may be longer than GL_MAX_SHADER_STORAGE_BLOCK_SIZE allows one block
// (llvmpipe: 8 388 608 entries of 16 bytes; 4096^3's teapot lists 17.2 M).
// n is block 0's length (.length() of a range binding is the range's): every block but the last holds exactly
// n, and a list that fits one block has block 0 bound to all of it, so the shaders need no constant of their
// own and cannot disagree with the C++ that bound the ranges. The blocks are named apart and chosen by
// comparisons: GLSL indexes an array of storage blocks only with a dynamically uniform index, and k is not.
// Define HP_POINTS_READONLY or HP_POINTS_WRITEONLY before including for a reader or a writer only; ENTRY_ONE_BLOCK
// (a build of its own, storage_blocks.h BlockedProgram) where the list lies in block 0.
#pragma once
#include "hp_shared.h"

#if defined(HP_POINTS_READONLY)
#define HP_POINTS_ACCESS readonly
#elif defined(HP_POINTS_WRITEONLY)
#define HP_POINTS_ACCESS writeonly
#else
#define HP_POINTS_ACCESS
#endif

layout(std430, binding = HP_BIND_POINTS + 0) HP_POINTS_ACCESS buffer HpPoints0 { uvec4 u_points0[]; };
#ifdef ENTRY_ONE_BLOCK // the list lies in block 0 (storage_blocks.h BlockedProgram: why a build of its own)
#ifndef HP_POINTS_WRITEONLY
uvec4 hpLoadPoint(uint k) { return u_points0[k]; }
#endif
#ifndef HP_POINTS_READONLY
void hpStorePoint(uint k, uvec4 entry) { u_points0[k] = entry; }
#endif
#else
layout(std430, binding = HP_BIND_POINTS + 1) HP_POINTS_ACCESS buffer HpPoints1 { uvec4 u_points1[]; };
layout(std430, binding = HP_BIND_POINTS + 2) HP_POINTS_ACCESS buffer HpPoints2 { uvec4 u_points2[]; };
layout(std430, binding = HP_BIND_POINTS + 3) HP_POINTS_ACCESS buffer HpPoints3 { uvec4 u_points3[]; };

#ifndef HP_POINTS_WRITEONLY
uvec4 hpLoadPoint(uint k) {
    uint n = uint(u_points0.length());
    if (k < n) return u_points0[k];
    if (k < 2u * n) return u_points1[k - n];
    if (k < 3u * n) return u_points2[k - 2u * n];
    return u_points3[k - 3u * n];
}
#endif

#ifndef HP_POINTS_READONLY
void hpStorePoint(uint k, uvec4 entry) {
    uint n = uint(u_points0.length());
    if (k < n)
        u_points0[k] = entry;
    else if (k < 2u * n)
        u_points1[k - n] = entry;
    else if (k < 3u * n)
        u_points2[k - 2u * n] = entry;
    else
        u_points3[k - 3u * n] = entry;
}
#endif
#endif // ENTRY_ONE_BLOCK
