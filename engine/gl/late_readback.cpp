#include "late_readback.h"

#include "allocation.h"

#include <algorithm>

namespace dicer::gl {
namespace {
// Persistent + coherent: once the fence signals, the copied values are visible through the pointer.
constexpr GLbitfield kFlags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;

GLsizeiptr ringBytes(int words) {
    return GLsizeiptr(kFrameRingSlots) * GLsizeiptr(words) * GLsizeiptr(sizeof(std::uint32_t));
}
} // namespace

Result<std::unique_ptr<LateReadback>> LateReadback::create(int words, std::string_view label) {
    Result<Buffer> buffer = allocateBuffer(ringBytes(words), nullptr, kFlags, label);
    if (!buffer) return makeError(buffer.error());
    // Private constructor: make_unique cannot reach it.
    return std::unique_ptr<LateReadback>(new LateReadback(words, std::move(buffer.value())));
}

LateReadback::LateReadback(int words, Buffer buffer)
    : m_words(words), m_buffer(std::move(buffer)), m_newest(std::size_t(words)) {
    m_mapped =
        static_cast<const std::uint32_t*>(glMapNamedBufferRange(m_buffer.id(), 0, ringBytes(words), kFlags));
}

LateReadback::~LateReadback() {
    clear();
    if (m_mapped) glUnmapNamedBuffer(m_buffer.id());
}

void LateReadback::deleteFence(int slot) {
    glDeleteSync(m_ring[slot]);
    m_ring[slot] = nullptr;
}

void LateReadback::clear() {
    m_ring.clear([&](int slot) { deleteFence(slot); });
}

void LateReadback::push(GLuint buffer, GLintptr offset) {
    if (!m_mapped || !buffer) return;
    // A slot never harvested means the GPU is more than a ring behind: the ring drops it.
    m_ring.begin([&](int slot) { deleteFence(slot); });
    const int slot = m_ring.currentSlot();
    const auto bytes = GLsizeiptr(m_words) * GLsizeiptr(sizeof(std::uint32_t));
    glCopyNamedBufferSubData(buffer, m_buffer.id(), offset, GLintptr(slot) * bytes, bytes);
    m_ring[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    m_ring.submit();
}

std::span<const std::uint32_t> LateReadback::poll() {
    bool arrived = false;
    auto signalled = [&](int slot) {
        const GLenum state = glClientWaitSync(m_ring[slot], 0, 0); // timeout 0: ask, never wait
        return state == GL_ALREADY_SIGNALED || state == GL_CONDITION_SATISFIED;
    };
    auto read = [&](int slot) { // oldest first, so the last one read is the newest
        deleteFence(slot);
        const std::uint32_t* first = m_mapped + size_t(slot) * size_t(m_words);
        std::copy(first, first + m_words, m_newest.begin());
        arrived = true;
    };
    m_ring.harvest(signalled, read, [&](int slot) { deleteFence(slot); });
    return arrived ? std::span<const std::uint32_t>(m_newest) : std::span<const std::uint32_t>();
}

} // namespace dicer::gl
