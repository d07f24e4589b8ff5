#include "point_buffer.h"

#include "allocation.h"
#include "dicer_shared.h"
#include "hp_point.h"
#include "hp_shared.h"

#include <algorithm>

namespace dicer::hp {

Result<CountBuffer> CountBuffer::create(const std::string& label) {
    const std::uint32_t zero[4] = {};
    Result<gl::Buffer> buffer = gl::allocateBuffer(sizeof zero, zero, GL_DYNAMIC_STORAGE_BIT, label);
    if (!buffer) return makeError(buffer.error());
    CountBuffer c;
    c.m_buffer = std::move(buffer.value());
    return c;
}

std::uint32_t CountBuffer::read() const {
    std::uint32_t count = 0;
    glGetNamedBufferSubData(m_buffer.id(), 0, sizeof count, &count);
    return count;
}

bool CountBuffer::readIncomplete() const {
    return readBoth().incomplete;
}

CountBuffer::Words CountBuffer::readBoth() const {
    std::uint32_t words[HP_COUNT_INCOMPLETE + 1] = {};
    glGetNamedBufferSubData(m_buffer.id(), 0, sizeof words, words);
    return {words[0], words[HP_COUNT_INCOMPLETE] != 0};
}

void CountBuffer::write(std::uint32_t count) {
    glNamedBufferSubData(m_buffer.id(), 0, sizeof count, &count);
}

std::uint32_t PointBuffer::maxEntries(const gl::GlInfo& info) {
    static_assert(HP_POINT_BYTES == gl::kEntryBytes);
    return gl::maxBlockedEntries(info);
}

Result<void> PointBuffer::reserve(std::uint32_t entries) {
    entries = std::max(entries, 1u);
    if (entries <= m_capacity && m_buffer) return {};
    const std::int64_t maxEntries = m_maxEntries > 0 ? m_maxEntries : std::int64_t(UINT32_MAX);
    if (entries > maxEntries)
        return makeError(m_label + ": " + std::to_string(entries) + " entries (" +
                         std::to_string((std::int64_t(entries) * HP_POINT_BYTES) >> 20) +
                         " MiB) are beyond this driver's limit of " + std::to_string(maxEntries) + " (" +
                         std::to_string(gl::kEntryBlocks) + " blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    const std::uint32_t capacity = std::uint32_t(
        std::min<std::int64_t>(std::max<std::int64_t>(entries, m_capacity + m_capacity / 2), maxEntries));
    // Dynamic storage: the CPU methods upload into it; the GPU methods only write it from shaders. A refusal
    // keeps the previous buffer and capacity: the list still holds (and lists into) what it held.
    Result<gl::Buffer> buffer =
        gl::allocateBuffer(GLsizeiptr(capacity) * HP_POINT_BYTES, nullptr, GL_DYNAMIC_STORAGE_BIT, m_label);
    if (!buffer) return makeError(buffer.error() + " (" + std::to_string(capacity) + " entries)");
    m_buffer = std::move(buffer.value());
    m_capacity = capacity;
    return {};
}

void PointBuffer::bind() const {
    gl::bindEntryBlocks(HP_BIND_POINTS, m_buffer.id(), m_capacity, m_perBlock);
}

void PointBuffer::upload(std::uint32_t first, std::span<const glm::uvec4> entries) {
    const std::size_t n = std::min<std::size_t>(entries.size(), m_capacity > first ? m_capacity - first : 0);
    if (n)
        glNamedBufferSubData(m_buffer.id(), GLintptr(first) * HP_POINT_BYTES, GLsizeiptr(n) * HP_POINT_BYTES,
                             entries.data());
}

std::vector<glm::uvec4> PointBuffer::read(std::uint32_t n) const {
    n = std::min(n, m_capacity);
    std::vector<glm::uvec4> out(n);
    if (n) glGetNamedBufferSubData(m_buffer.id(), 0, GLsizeiptr(n) * HP_POINT_BYTES, out.data());
    return out;
}

void PointBuffer::readRange(std::size_t first, std::span<glm::uvec4> out) const {
    if (!out.empty())
        glGetNamedBufferSubData(m_buffer.id(), GLintptr(first) * HP_POINT_BYTES, GLsizeiptr(out.size_bytes()),
                                out.data());
}

} // namespace dicer::hp
