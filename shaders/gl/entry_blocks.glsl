// The block choice of a per-point array bound by gl::bindEntryBlocks (storage_blocks.h), written once for every
// such array (the points, the particles' positions and velocities): the buffer is ENTRY_BLOCKS storage blocks
// of n entries each, entry k in block k / n at k mod n, so an array may be longer than
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE allows one block (llvmpipe: 8 388 608 entries of 16 bytes; 4096^3's teapot
// lists 17.2 M). n is block 0's length (.length() of a range binding is the range's): every block but the last
// holds exactly n, and an array that fits one block has block 0 bound to all of it, so the shaders need no
// constant of their own and cannot disagree with the C++ that bound the ranges. The blocks are named apart and
// chosen by comparisons: GLSL indexes an array of storage blocks only with a dynamically uniform index, and k
// is not. With ENTRY_ONE_BLOCK (a build of its own, storage_blocks.h BlockedProgram: llvmpipe would run the four
// accesses under lane masks) only block 0 is declared and every access goes there.
//   ENTRY_BLOCKS_DECLARE(first, access, Type, Block, array): the blocks Block0.. at bindings first.., each
//     `Type array0[]` ..; access: a qualifier macro (readonly, writeonly, or one that expands to nothing).
//   ENTRY_BLOCKS_LOAD(Type, fn, array): Type fn(uint k).
//   ENTRY_BLOCKS_STORE(Type, fn, array): void fn(uint k, Type value).
#pragma once

// Block b of `array`: a macro of its own so `.length()` follows a whole name (glslang rejects `array##0 .length()`
// and C would lex `0.length` as one number).
#define ENTRY_BLOCK(array, b) array##b

#ifdef ENTRY_ONE_BLOCK
#define ENTRY_BLOCKS_DECLARE(first, access, Type, Block, array)                                              \
    layout(std430, binding = (first)) access buffer Block##0 { Type array##0[]; };
#define ENTRY_BLOCKS_LOAD(Type, fn, array)                                                                   \
    Type fn(uint k) { return array##0[k]; }
#define ENTRY_BLOCKS_STORE(Type, fn, array)                                                                  \
    void fn(uint k, Type value) { array##0[k] = value; }
#else
#define ENTRY_BLOCKS_DECLARE(first, access, Type, Block, array)                                              \
    layout(std430, binding = (first) + 0) access buffer Block##0 { Type array##0[]; };                        \
    layout(std430, binding = (first) + 1) access buffer Block##1 { Type array##1[]; };                        \
    layout(std430, binding = (first) + 2) access buffer Block##2 { Type array##2[]; };                        \
    layout(std430, binding = (first) + 3) access buffer Block##3 { Type array##3[]; };
#define ENTRY_BLOCKS_LOAD(Type, fn, array)                                                                   \
    Type fn(uint k) {                                                                                          \
        uint n = uint(ENTRY_BLOCK(array, 0).length());                                                         \
        if (k < n) return array##0[k];                                                                         \
        if (k < 2u * n) return array##1[k - n];                                                                \
        if (k < 3u * n) return array##2[k - 2u * n];                                                           \
        return array##3[k - 3u * n];                                                                           \
    }
#define ENTRY_BLOCKS_STORE(Type, fn, array)                                                                  \
    void fn(uint k, Type value) {                                                                              \
        uint n = uint(ENTRY_BLOCK(array, 0).length());                                                         \
        if (k < n)                                                                                             \
            array##0[k] = value;                                                                               \
        else if (k < 2u * n)                                                                                   \
            array##1[k - n] = value;                                                                           \
        else if (k < 3u * n)                                                                                   \
            array##2[k - 2u * n] = value;                                                                      \
        else                                                                                                   \
            array##3[k - 3u * n] = value;                                                                      \
    }
#endif
