#include "count_readback.h"

namespace dicer::app {

CountReadback::CountReadback() {
    // Persistent + coherent: once the fence signals, the copied value is visible through the pointer.
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    m_ring = gl::createBufferStorage(kSlots * sizeof(std::uint32_t), nullptr, flags, "count readback ring");
    m_mapped = static_cast<const std::uint32_t*>(
        glMapNamedBufferRange(m_ring.id(), 0, kSlots * sizeof(std::uint32_t), flags));
}

CountReadback::~CountReadback() {
    clear();
    if (m_mapped) glUnmapNamedBuffer(m_ring.id());
}

void CountReadback::clear() {
    for (GLsync& f : m_fences)
        if (f) {
            glDeleteSync(f);
            f = nullptr;
        }
}

void CountReadback::push(GLuint counterBuffer) {
    if (!m_mapped || !counterBuffer) return;
    int slot = m_next % kSlots;
    if (m_fences[slot]) { // never harvested: the GPU is more than kSlots frames behind, drop it
        glDeleteSync(m_fences[slot]);
        m_fences[slot] = nullptr;
    }
    glCopyNamedBufferSubData(counterBuffer, m_ring.id(), 0, GLintptr(slot * sizeof(std::uint32_t)),
                             sizeof(std::uint32_t));
    m_fences[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    m_frame[slot] = m_next++;
}

std::optional<std::uint32_t> CountReadback::poll() {
    std::optional<std::uint32_t> newest;
    int newestFrame = m_lastRead;
    for (int slot = 0; slot < kSlots; ++slot) {
        if (!m_fences[slot]) continue;
        GLenum state = glClientWaitSync(m_fences[slot], 0, 0); // timeout 0: ask, never wait
        if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED) continue;
        glDeleteSync(m_fences[slot]);
        m_fences[slot] = nullptr;
        if (m_frame[slot] > newestFrame) {
            newestFrame = m_frame[slot];
            newest = m_mapped[slot];
        }
    }
    m_lastRead = newestFrame;
    return newest;
}

} // namespace dicer::app
