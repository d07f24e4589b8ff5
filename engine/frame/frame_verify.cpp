// Frame::verify: this frame's list against the CPU reference over the voxels read back in place (stalls), in
// bounded memory (list_compare.h): the list a chunk at a time, the output a rectangle of blocks (or a run of
// sparse slots) at a time, at most the budget beyond what the frame holds, whatever the list's length.
#include "frame.h"

#include "hp_math.h"
#include "hp_shared.h"
#include "occupancy_sparse.h"
#include "point_buffer.h"

#include <algorithm>

namespace dicer::frame {
namespace {

hp::WordReader bufferWords(GLuint buffer) {
    return [buffer](std::size_t offset, std::span<std::uint32_t> out) {
        if (!out.empty())
            glGetNamedBufferSubData(buffer, GLintptr(offset) * 4, GLsizeiptr(out.size_bytes()), out.data());
    };
}

} // namespace

std::optional<ListOnGpu> Frame::listOnGpu() const {
    hp::PointMethod* m = method();
    if (!m) return std::nullopt;
    ListOnGpu g;
    g.entries = m->points().id();
    g.counters = m->counterBuffer();
    g.listed = m->listedCount();
    // Entries past the capacity of the GPU-resident list were dropped on purpose: only what it holds is compared.
    g.heldCap = resident() ? std::min(m_capacity, m->points().capacity()) : m->points().capacity();
    g.maxEntries = hp::PointBuffer::maxEntries(m_info);
    g.order = m->order();
    g.output = m_source.output();
    g.side = m_source.atlasSize();
    g.tiling = m_source.tiling();
    g.thresholdByte = hp::thresholdToByte(listThreshold(m_settings));
    g.bits = m_source.bits();
    g.atlas = m_source.atlas();
    if (const occupancy::SparseOccupancy* sparse = m_source.sparse()) {
        g.sparseIndex = sparse->index();
        g.sparsePool = sparse->pool();
        g.sparseCapacity = sparse->capacity();
    }
    return g;
}

hp::VerifyReport Frame::verify() const {
    const std::optional<ListOnGpu> g = listOnGpu();
    if (!g) return {};
    const hp::PointMethod& m = *method();
    ListReaders in;
    in.list = *g;
    in.entries = [&m](std::size_t first, std::span<glm::uvec4> out) { m.points().readRange(first, out); };
    const hp::CountBuffer::Words counters = m.counts().readBoth();
    in.count = g->listed.value_or(counters.count); // the late count may be a few frames old: read this one
    in.listIncomplete = counters.incomplete;
    in.bits = bufferWords(g->bits);
    const GLuint atlas = g->atlas;
    in.atlas = [atlas](glm::ivec2 origin, glm::ivec2 size, std::span<std::uint8_t> rgba) {
        glGetTextureSubImage(atlas, 0, origin.x, origin.y, 0, size.x, size.y, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                             GLsizei(rgba.size()), rgba.data());
    };
    in.sparseIndex = bufferWords(g->sparseIndex);
    in.sparsePool = bufferWords(g->sparsePool);
    return compareList(in, m_verifyBudget);
}

} // namespace dicer::frame
