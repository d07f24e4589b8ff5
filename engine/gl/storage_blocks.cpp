#include "storage_blocks.h"

#include <algorithm>
#include <string>

namespace dicer::gl {

std::uint32_t entriesPerBlock(const GlInfo& info) {
    std::int64_t bytes = info.maxStorageBlockBytes;
    if (info.maxEntryBlockBytes > 0) bytes = std::min(bytes, info.maxEntryBlockBytes);
    std::int64_t entries = bytes / kEntryBytes;
    if (entries < 1) return 0;
    std::uint32_t perBlock = 1;
    while (perBlock <= (1u << 30) && std::int64_t(perBlock) * 2 <= entries)
        perBlock *= 2;
    return perBlock;
}

std::uint32_t maxBlockedEntries(const GlInfo& info) {
    const std::int64_t blocked = std::int64_t(entriesPerBlock(info)) * kEntryBlocks;
    const std::int64_t fourByte = info.maxStorageBlockBytes / 4; // keys, order, slot colours: one block
    return std::uint32_t(std::min({blocked, fourByte, std::int64_t(UINT32_MAX)}));
}

void bindEntryBlocks(GLuint first, GLuint buffer, std::uint32_t entries, std::uint32_t perBlock) {
    if (!buffer || entries == 0 || perBlock == 0) {
        for (GLuint b = 0; b < kEntryBlocks; ++b)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, first + b, buffer);
        return;
    }
    const std::int64_t block0 = std::min<std::int64_t>(entries, perBlock);
    for (GLuint b = 0; b < kEntryBlocks; ++b) {
        const std::int64_t begin = std::int64_t(b) * perBlock;
        const std::int64_t size = begin < entries ? std::min<std::int64_t>(entries - begin, perBlock) : 0;
        if (size > 0)
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, first + b, buffer, GLintptr(begin * kEntryBytes),
                              GLsizeiptr(size * kEntryBytes));
        else
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, first + b, buffer, 0,
                              GLsizeiptr(block0 * kEntryBytes));
    }
}

Result<BlockedProgram> addBlockedProgram(ShaderLibrary& shaders, ProgramDesc desc) {
    BlockedProgram program;
    if (Result<void> r = shaders.addInto(program.blocks, desc); !r) return makeError(r.error());
    desc.name += " (one block)";
    desc.defines.push_back({"ENTRY_ONE_BLOCK", ""});
    if (Result<void> r = shaders.addInto(program.oneBlock, std::move(desc)); !r) return makeError(r.error());
    return program;
}

Result<void> checkOneBlock(std::string_view what, std::uint32_t count, std::string_view items, std::int64_t bytes,
                           std::string_view store, const GlInfo& info) {
    if (count > 0 && bytes <= info.maxStorageBlockBytes) return {};
    return makeError(std::string(what) + ": " + std::to_string(count) + " " + std::string(items) + " need " +
                     std::to_string(bytes) + " bytes of " + std::string(store) +
                     ", but the capacity must be at least 1 and the driver's GL_MAX_SHADER_STORAGE_BLOCK_SIZE is " +
                     std::to_string(info.maxStorageBlockBytes));
}

} // namespace dicer::gl
