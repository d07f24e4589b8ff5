#include "count_readback.h"

namespace dicer::frame {

namespace {
constexpr GLsizeiptr kBytes = gl::kFrameRingSlots * sizeof(std::uint32_t);
} // namespace

CountReadback::CountReadback() {
    // Persistent + coherent: once the fence signals, the copied value is visible through the pointer.
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    m_buffer = gl::createBufferStorage(kBytes, nullptr, flags, "count readback ring");
    m_mapped = static_cast<const std::uint32_t*>(glMapNamedBufferRange(m_buffer.id(), 0, kBytes, flags));
}

CountReadback::~CountReadback() {
    clear();
    if (m_mapped) glUnmapNamedBuffer(m_buffer.id());
}

void CountReadback::deleteFence(int slot) {
    glDeleteSync(m_ring[slot]);
    m_ring[slot] = nullptr;
}

void CountReadback::clear() {
    m_ring.clear([&](int slot) { deleteFence(slot); });
}

void CountReadback::push(GLuint counterBuffer, GLintptr offset) {
    if (!m_mapped || !counterBuffer) return;
    // A slot never harvested means the GPU is more than a ring behind: the ring drops it.
    m_ring.begin([&](int slot) { deleteFence(slot); });
    const int slot = m_ring.currentSlot();
    glCopyNamedBufferSubData(counterBuffer, m_buffer.id(), offset, GLintptr(slot * sizeof(std::uint32_t)),
                             sizeof(std::uint32_t));
    m_ring[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    m_ring.submit();
}

std::optional<std::uint32_t> CountReadback::poll() {
    std::optional<std::uint32_t> newest;
    auto signalled = [&](int slot) {
        const GLenum state = glClientWaitSync(m_ring[slot], 0, 0); // timeout 0: ask, never wait
        return state == GL_ALREADY_SIGNALED || state == GL_CONDITION_SATISFIED;
    };
    auto read = [&](int slot) { // oldest first, so the last one read is the newest
        deleteFence(slot);
        newest = m_mapped[slot];
    };
    m_ring.harvest(signalled, read, [&](int slot) { deleteFence(slot); });
    return newest;
}

} // namespace dicer::frame
