// The output every point method shares: the count buffer (4 uints; [0] = the number of active cells, written
// on the GPU; [1] = HP_COUNT_INCOMPLETE) and the point buffer (HP_POINT_BYTES per entry: uvec4 voxel.x, voxel.y, voxel.z,
// the atlas texel 16:16 modulo 65536, hp_point.h). One class each owns the storage, its sizing and its read-back.
// The point buffer is one buffer bound as up to ENTRY_BLOCKS storage blocks (storage_blocks.h), so it may hold
// more entries than one block allows.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "storage_blocks.h"

#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::hp {

class CountBuffer {
public:
    // Both words a list writes: the count and [HP_COUNT_INCOMPLETE] != 0 (the list may miss active cells:
    // hp_sparse over an overflowed pool).
    struct Words {
        std::uint32_t count = 0;
        bool incomplete = false;
    };

    // Zeroed. Errors: the driver refused the 16 bytes (allocation.h).
    static Result<CountBuffer> create(const std::string& label);
    GLuint id() const { return m_buffer.id(); }
    std::uint32_t read() const;  // waits for the GPU: the paper's count readback
    bool readIncomplete() const; // waits
    Words readBoth() const;      // one read-back of both words (waits)
    void write(std::uint32_t count);
    void clear() { write(0); } // ordered before later GL commands like any other

private:
    gl::Buffer m_buffer;
};

class PointBuffer {
public:
    PointBuffer() = default; // no storage yet: capacity 0
    PointBuffer(const gl::GlInfo& info, std::string label)
        : m_maxEntries(maxEntries(info)), m_perBlock(gl::entriesPerBlock(info)), m_label(std::move(label)) {}

    // Entries a buffer may hold on this context: ENTRY_BLOCKS storage blocks (gl::maxBlockedEntries).
    static std::uint32_t maxEntries(const gl::GlInfo& info);

    // Grows to hold at least `entries` (by 1.5x, so a slowly growing cloud does not reallocate every frame).
    // Beyond maxEntries, or when the driver refuses the memory (GL_OUT_OF_MEMORY), one clear error and the
    // previous buffer stays.
    Result<void> reserve(std::uint32_t entries);

    GLuint id() const { return m_buffer.id(); }
    std::uint32_t capacity() const { return m_capacity; }
    std::uint32_t perBlock() const { return m_perBlock; } // entries a bound block holds (0: no limit known)
    void bind() const; // its blocks on HP_BIND_POINTS + [0, ENTRY_BLOCKS) (gl::bindEntryBlocks)
    void upload(std::uint32_t first, std::span<const glm::uvec4> entries); // the CPU methods' output
    // The first min(n, capacity) entries (waits): one contiguous read, whatever blocks they are bound as.
    std::vector<glm::uvec4> read(std::uint32_t n) const;
    // Entries [first, first + out.size()) (waits; the range must lie within the capacity): a bounded read of
    // a long list (reference_stream.h).
    void readRange(std::size_t first, std::span<glm::uvec4> out) const;

private:
    gl::Buffer m_buffer;
    std::uint32_t m_capacity = 0;
    std::uint32_t m_maxEntries = 0; // 0: no limit known (a default-constructed buffer)
    std::uint32_t m_perBlock = 0;   // 0: bound as one block
    std::string m_label = "points";
};

} // namespace dicer::hp
