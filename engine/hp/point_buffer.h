// The output every point method shares: the count buffer (4 uints; [0] = the number of active cells, written
// on the GPU; [1] = HP_COUNT_INCOMPLETE) and the point buffer (HP_POINT_BYTES per entry: uvec4 voxel.x, voxel.y, voxel.z,
// the atlas texel 16:16 modulo 65536, hp_point.h). One class each owns the storage, its sizing and its read-back.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"

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

    static CountBuffer create(const char* label); // zeroed
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
        : m_maxBytes(info.maxStorageBlockBytes), m_label(std::move(label)) {}

    // Entries a buffer may hold on this context: it is bound as one shader storage block.
    static std::uint32_t maxEntries(const gl::GlInfo& info);

    // Grows to hold at least `entries` (by 1.5x, so a slowly growing cloud does not reallocate every frame).
    // Beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE, or when the driver refuses the memory (GL_OUT_OF_MEMORY), one
    // clear error and the previous buffer stays.
    Result<void> reserve(std::uint32_t entries);

    GLuint id() const { return m_buffer.id(); }
    std::uint32_t capacity() const { return m_capacity; }
    void bind() const;                                                     // on HP_BIND_POINTS
    void upload(std::uint32_t first, std::span<const glm::uvec4> entries); // the CPU methods' output
    std::vector<glm::uvec4> read(std::uint32_t n) const; // the first min(n, capacity) entries (waits)

private:
    gl::Buffer m_buffer;
    std::uint32_t m_capacity = 0;
    std::int64_t m_maxBytes = 0; // 0: no limit known (a default-constructed buffer)
    std::string m_label = "points";
};

} // namespace dicer::hp
