#include "verify_snapshot.h"

#include "allocation.h"
#include "hp_shared.h"
#include "occupancy_sparse.h"
#include "point_method.h"

#include <algorithm>
#include <cstring>

namespace dicer::frame {
namespace {

// Persistent + coherent: once the fence signals, the copies are visible through the pointer on any thread.
constexpr GLbitfield kFlags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
constexpr std::size_t kAlign = 256; // each section starts on its own line of the buffer

std::size_t aligned(std::size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

// Reads words of a section: what the reference's readers ask of a GL buffer, from the mapped copy.
hp::WordReader mappedWords(const std::uint8_t* base, std::size_t words) {
    return [base, words](std::size_t offset, std::span<std::uint32_t> out) {
        const std::size_t n = offset < words ? std::min(out.size(), words - offset) : 0;
        if (n) std::memcpy(out.data(), base + offset * 4, n * 4);
        std::fill(out.begin() + std::ptrdiff_t(n), out.end(), 0u); // past the copy: as a zeroed buffer reads
    };
}

} // namespace

VerifySnapshot::Sections VerifySnapshot::layout(const ListOnGpu& g) {
    Sections s;
    s.entryCount = g.listed ? std::min(*g.listed, g.heldCap) : g.heldCap;
    s.entries = aligned((HP_COUNT_INCOMPLETE + 1) * 4);
    s.output = s.entries + aligned(std::size_t(s.entryCount) * HP_POINT_BYTES);
    switch (g.output) {
    case occupancy::VoxelOutput::Bits: s.outputBytes = std::size_t(hp::hpBitsBytes(g.side)); break;
    case occupancy::VoxelOutput::Atlas: s.outputBytes = std::size_t(g.side) * std::size_t(g.side) * 4; break;
    case occupancy::VoxelOutput::Sparse:
        s.outputBytes = SPARSE_HEADER * 4;
        s.poolBytes = std::size_t(g.sparseCapacity) * SPARSE_SLOT_UINTS * 4;
        break;
    }
    s.pool = s.output + aligned(s.outputBytes);
    s.end = s.pool + aligned(s.poolBytes);
    return s;
}

std::size_t VerifySnapshot::bytesFor(const ListOnGpu& g) { return layout(g).end; }

Result<std::unique_ptr<VerifySnapshot>> VerifySnapshot::capture(const ListOnGpu& g) {
    const Sections s = layout(g);
    Result<gl::Buffer> buffer = gl::allocateBuffer(GLsizeiptr(s.end), nullptr, kFlags, "verify snapshot");
    if (!buffer) return makeError(buffer.error());
    const GLuint to = buffer->id();
    // The list and its output were written by shaders and draws this frame: their copies must see those writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    glCopyNamedBufferSubData(g.counters, to, 0, GLintptr(s.counters), (HP_COUNT_INCOMPLETE + 1) * 4);
    if (s.entryCount)
        glCopyNamedBufferSubData(g.entries, to, 0, GLintptr(s.entries), GLsizeiptr(s.entryCount) * HP_POINT_BYTES);
    switch (g.output) {
    case occupancy::VoxelOutput::Bits:
        glCopyNamedBufferSubData(g.bits, to, 0, GLintptr(s.output), GLsizeiptr(s.outputBytes));
        break;
    case occupancy::VoxelOutput::Atlas: // into the buffer as a pixel pack buffer: the GPU copies, nobody waits
        glBindBuffer(GL_PIXEL_PACK_BUFFER, to);
        glPixelStorei(GL_PACK_ALIGNMENT, 4); // RGBA8 rows are 4-byte aligned
        glGetTextureImage(g.atlas, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(s.outputBytes),
                          reinterpret_cast<void*>(s.output));
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        break;
    case occupancy::VoxelOutput::Sparse:
        glCopyNamedBufferSubData(g.sparseIndex, to, 0, GLintptr(s.output), SPARSE_HEADER * 4);
        if (s.poolBytes) glCopyNamedBufferSubData(g.sparsePool, to, 0, GLintptr(s.pool), GLsizeiptr(s.poolBytes));
        break;
    }
    glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
    // Private constructor: make_unique cannot reach it.
    auto snap = std::unique_ptr<VerifySnapshot>(new VerifySnapshot(g, s, std::move(buffer.value())));
    if (!snap->m_mapped) return makeError("verify snapshot: the driver did not map its buffer");
    return snap;
}

VerifySnapshot::VerifySnapshot(const ListOnGpu& g, const Sections& s, gl::Buffer buffer)
    : m_gpu(g), m_sections(s), m_bytes(s.end), m_buffer(std::move(buffer)) {
    m_mapped = static_cast<const std::uint8_t*>(glMapNamedBufferRange(m_buffer.id(), 0, GLsizeiptr(s.end), kFlags));
    m_fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush(); // the fence must reach the GPU, or polling it never sees it signal
}

VerifySnapshot::~VerifySnapshot() {
    if (m_fence) glDeleteSync(m_fence);
    if (m_mapped) glUnmapNamedBuffer(m_buffer.id());
}

bool VerifySnapshot::landed() {
    if (m_landed) return true;
    const GLenum state = glClientWaitSync(m_fence, 0, 0); // timeout 0: ask, never wait
    m_landed = state == GL_ALREADY_SIGNALED || state == GL_CONDITION_SATISFIED;
    return m_landed;
}

hp::VerifyReport VerifySnapshot::compare(std::size_t budget, const std::stop_token& stop) const {
    const Sections& s = m_sections;
    const std::uint8_t* base = m_mapped;
    std::uint32_t counters[HP_COUNT_INCOMPLETE + 1];
    std::memcpy(counters, base + s.counters, sizeof counters);
    ListReaders in;
    const glm::uvec4* entries = reinterpret_cast<const glm::uvec4*>(base + s.entries);
    const std::size_t copied = s.entryCount;
    in.entries = [entries, copied](std::size_t first, std::span<glm::uvec4> out) {
        const std::size_t n = first < copied ? std::min(out.size(), copied - first) : 0;
        std::copy_n(entries + first, n, out.begin());
    };
    in.list = m_gpu;
    in.list.heldCap = s.entryCount; // what was copied: the paper's count, or the resident list's capacity
    in.count = m_gpu.listed.value_or(counters[0]);
    in.listIncomplete = counters[HP_COUNT_INCOMPLETE] != 0;
    in.bits = mappedWords(base + s.output, s.outputBytes / 4);
    const std::uint8_t* rgba = base + s.output;
    const std::size_t rowBytes = std::size_t(m_gpu.side) * 4;
    in.atlas = [rgba, rowBytes](glm::ivec2 origin, glm::ivec2 size, std::span<std::uint8_t> out) {
        for (int y = 0; y < size.y; ++y)
            std::memcpy(out.data() + std::size_t(y) * std::size_t(size.x) * 4,
                        rgba + std::size_t(origin.y + y) * rowBytes + std::size_t(origin.x) * 4,
                        std::size_t(size.x) * 4);
    };
    in.sparseIndex = mappedWords(base + s.output, SPARSE_HEADER);
    in.sparsePool = mappedWords(base + s.pool, s.poolBytes / 4);
    return compareList(in, budget, stop);
}

} // namespace dicer::frame
