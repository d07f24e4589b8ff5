// Per-point arrays longer than one shader storage block (the large presets): the point list, the particles'
// positions and velocities, 16 bytes an entry, at 4096^3 17.2 M entries (275 MB) where llvmpipe's
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE is 128 MiB (GL's minimum 16 MiB). Such an array stays ONE buffer, contiguous
// (copies, read-backs and growth are unchanged), and is bound as ENTRY_BLOCKS (binding_ranges.h) ranges of
// `perBlock` entries at consecutive bindings (glBindBufferRange); the shaders pick the block from block 0's
// length (entry_blocks.glsl). perBlock is a power of two: its bytes are then a multiple of
// any GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (a power of two of at most 256 bytes).
#pragma once

#include "binding_ranges.h"
#include "gl.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"

#include <cstdint>
#include <string_view>

namespace dicer::gl {

constexpr std::uint32_t kEntryBytes = 16; // a point entry (uvec4), a position or a velocity (vec4)
constexpr std::uint32_t kEntryBlocks = ENTRY_BLOCKS;

// Entries one block holds: the largest power of two whose bytes fit GL_MAX_SHADER_STORAGE_BLOCK_SIZE, or the
// smaller info.maxEntryBlockBytes (tests). llvmpipe: 2^23 (128 MiB); NVIDIA (2 GiB - 1): 2^26.
std::uint32_t entriesPerBlock(const GlInfo& info);

// Entries a per-point array may hold on this context: kEntryBlocks blocks, and no more than the 4-byte
// per-point buffers (sort keys and order, slot colours) hold in their one block. llvmpipe: 33 554 432.
std::uint32_t maxBlockedEntries(const GlInfo& info);

// Binds entries [0, entries) of `buffer` as blocks of `perBlock` at bindings [first, first + kEntryBlocks):
// block b is [b perBlock, min((b + 1) perBlock, entries)); a binding no entry reaches gets block 0, so every
// block the shaders declare is bound. `entries` beyond kEntryBlocks * perBlock are not bound (callers keep
// their capacities within maxBlockedEntries). No entries (or no buffer): the whole buffer on every binding.
void bindEntryBlocks(GLuint first, GLuint buffer, std::uint32_t entries, std::uint32_t perBlock);

// Whether arrays of `entries` entries, bound by bindEntryBlocks, lie in block 0 alone (perBlock 0: one block).
inline bool withinOneBlock(std::uint32_t entries, std::uint32_t perBlock) {
    return perBlock == 0 || entries <= perBlock;
}

// A program that reads or writes blocked arrays, built twice: with ENTRY_ONE_BLOCK (entry_blocks.glsl: every
// access goes to block 0, the others are not declared) for arrays within one block, and
// without it for arrays over kEntryBlocks blocks. Why: llvmpipe runs all four accesses of the block choice
// under lane masks, even where every lane picks block 0 (the 1024^3 sparse list 21 -> 13 ms); only clouds
// past one block (llvmpipe: 8.4 M points, 4096^3) need the choice.
struct BlockedProgram {
    ProgramId oneBlock, blocks;
    // The build for arrays of at most `entries` entries (the largest of those the program binds).
    GLuint get(const ShaderLibrary& shaders, std::uint32_t entries, std::uint32_t perBlock) const {
        return shaders.get(withinOneBlock(entries, perBlock) ? oneBlock : blocks);
    }
};
Result<BlockedProgram> addBlockedProgram(ShaderLibrary& shaders, ProgramDesc desc);

// An array that must stay within one block (4-byte per-point arrays: colours, slot owners): `count` `items` (at
// least 1) in `bytes` bytes of `store`; otherwise "WHAT: N ITEMS need B bytes of STORE, but ..." naming the
// driver's limit.
Result<void> checkOneBlock(std::string_view what, std::uint32_t count, std::string_view items, std::int64_t bytes,
                           std::string_view store, const GlInfo& info);

} // namespace dicer::gl
