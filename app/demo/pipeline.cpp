#include "pipeline.h"

#include "bits_reference.h"
#include "hp_math.h"
#include "log.h"

#include <algorithm>

namespace dicer::app {
namespace {

// Point-buffer size for a count: a quarter of headroom, so a rotating model's changing count rarely
// outgrows it before the late readback notices; no headroom past the driver's limit (a count beyond it is the
// point buffer's clear error, not the headroom's).
std::uint32_t withHeadroom(std::uint32_t count, std::uint32_t maxEntries) {
    const std::uint64_t wanted = std::max<std::uint64_t>(1024, std::uint64_t(count) + count / 4);
    return std::uint32_t(std::min<std::uint64_t>(wanted, std::max(maxEntries, count)));
}

} // namespace

Result<std::unique_ptr<Pipeline>> Pipeline::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto source = AtlasSource::create(shaders, info);
    if (!source) return makeError(source.error());
    // Private constructor (a Pipeline exists only fully built): make_unique cannot reach it.
    std::unique_ptr<Pipeline> p(new Pipeline(std::move(source.value())));
    p->m_info = info;
    auto table = methods::methodTable();
    p->m_methods.resize(table.size());
    for (size_t i = 0; i < table.size(); ++i) {
        if (!table[i].inDemo()) continue;
        if (!table[i].isAvailable(info)) {
            log::warn("%s is not available on this driver", table[i].name);
            continue;
        }
        auto method = table[i].create(shaders, info, {});
        if (!method) return makeError(method.error());
        p->m_methods[i] = std::move(method.value());
    }
    return p;
}

Result<void> Pipeline::configure(const PipelineSettings& settings) {
    if (Result<void> r = m_source.configure(settings, m_info); !r) return r;
    resync();
    return {};
}

void Pipeline::resync() {
    m_needsCount = true;
    m_readback.clear();
}

bool Pipeline::methodAvailable(int index) const {
    return index >= 0 && size_t(index) < m_methods.size() && m_methods[size_t(index)];
}

hp::PointMethod* Pipeline::method(const PipelineSettings& s) const {
    // A row that reads the other output has no input: the command line and the panel never pick one.
    if (!offersMethod(m_source.output(), s.variant)) return nullptr;
    return methodAvailable(s.variant) ? m_methods[size_t(s.variant)].get() : nullptr;
}

hp::MethodInput Pipeline::input(const PipelineSettings& s) const {
    hp::MethodInput in{m_source.atlas(), s.threshold, m_source.tiling(), std::max(m_capacity, 1024u)};
    if (m_source.output() == VoxelOutput::Bits) {
        in.bits = m_source.bits();
        in.bitsSide = m_source.atlasSize(); // the virtual atlas
    }
    return in;
}

void Pipeline::voxelize(const glm::mat4& model, const PipelineSettings& settings) {
    m_source.produce(model, settings);
}

Result<void> Pipeline::buildPyramid(const PipelineSettings& s) {
    hp::PointMethod* m = method(s);
    if (!m) return makeError("method is not available");
    m->setOptions({s.storage, s.buildPath});
    return m->build(input(s));
}

std::uint32_t Pipeline::sizeFromCount(std::uint32_t count) {
    m_count = count;
    m_capacity = withHeadroom(count, hp::PointBuffer::maxEntries(m_info));
    m_needsCount = false;
    return m_capacity;
}

void Pipeline::trackLateCount(GLuint counterBuffer) {
    m_readback.push(counterBuffer);
    if (std::optional<std::uint32_t> late = m_readback.poll()) {
        m_count = late;
        if (*late > m_capacity) // overflowed for a frame or two: grow
            m_capacity = withHeadroom(*late, hp::PointBuffer::maxEntries(m_info));
    }
    m_countIsLate = true;
}

Result<void> Pipeline::buildPointList(const PipelineSettings& s) {
    hp::PointMethod* m = method(s);
    if (!m) return makeError("method is not available");
    hp::MethodInput in = input(s);
    if (!s.gpuResident) {
        Result<void> r =
            m->list(in, hp::ListPath::Readback); // the paper's path: reads the count back (stalls)
        m_count = m->listedCount();
        m_countIsLate = false;
        return r;
    }
    if (m_needsCount) {
        // One stall after a change. A one-pass method wrote its points in build() with the old capacity:
        // build again with the new one (the same for every method, so no method is special-cased).
        in.capacity = sizeFromCount(m->readCount());
        if (Result<void> r = m->build(in); !r) return r;
    }
    Result<void> r = m->list(in, hp::ListPath::Resident);
    trackLateCount(m->counterBuffer());
    return r;
}

Result<void> Pipeline::colorPoints(const PipelineSettings& s) {
    hp::PointMethod* m = method(s);
    if (!m || m_source.output() != VoxelOutput::Bits) return {};
    // As many slots as the point buffer holds entries (the paper path lists exactly the count).
    const std::uint32_t capacity = s.gpuResident ? input(s).capacity : std::max(m_count.value_or(0), 1u);
    return m_source.colorPoints(*m, capacity);
}

ParticleSource Pipeline::particleSource(const PipelineSettings& s) const {
    hp::PointMethod* m = method(s);
    if (!m) return {};
    // The GPU-resident list holds at most m_capacity valid entries (its buffer may be larger).
    const std::uint32_t valid = s.gpuResident ? m_capacity : m->listedCount().value_or(0);
    return {m->points().id(), m->counterBuffer(), std::min(valid, m->points().capacity()), m_source.volume()};
}

hp::VerifyReport Pipeline::verify(const PipelineSettings& s) const {
    hp::PointMethod* m = method(s);
    if (!m) return {};
    const int size = m_source.atlasSize();
    std::vector<glm::uvec4> expected;
    if (m_source.output() == VoxelOutput::Bits) {
        // The CPU reference over the bits (bits_reference.h): the active texels in key-index order.
        std::vector<std::uint32_t> words(hp::bitsWordCount(size));
        glGetNamedBufferSubData(m_source.bits(), 0, GLsizeiptr(words.size() * 4), words.data());
        expected = hp::bitsKeyIndexEntries(words, size, m_source.tiling());
    } else {
        std::vector<std::uint8_t> rgba(size_t(size) * size_t(size) * 4);
        glGetTextureImage(m_source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
        std::vector<std::uint8_t> alpha(size_t(size) * size_t(size));
        for (size_t i = 0; i < alpha.size(); ++i)
            alpha[i] = rgba[i * 4 + 3];
        expected = hp::expectedEntries(alpha, size, size, hp::thresholdToByte(s.threshold), m_source.tiling(),
                                       m->order());
    }
    const std::uint32_t count = m->listedCount().value_or(m->readCount());
    // Resident: entries past the capacity were dropped on purpose; compare what the buffer holds.
    const std::uint32_t held = s.gpuResident ? std::min(count, m_capacity) : count;
    hp::VerifyReport report =
        hp::compareEntries(m->points().read(held), count, std::move(expected), m->order());
    return report;
}

Result<PointSnapshot> Pipeline::snapshot(const PipelineSettings& s) const {
    hp::PointMethod* m = method(s);
    if (!m) return makeError("PLY export: the method is not available");
    PointSnapshot snap;
    snap.atlasSize = m_source.atlasSize();
    snap.volume = m_source.volume();
    const bool bits = m_source.output() == VoxelOutput::Bits;
    if (!bits) {
        snap.rgba.resize(size_t(snap.atlasSize) * size_t(snap.atlasSize) * 4);
        glGetTextureImage(m_source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(snap.rgba.size()),
                          snap.rgba.data());
    }
    // The exact count of this frame (the late one may be a few frames old); entries past the capacity of the
    // GPU-resident list were dropped on purpose (as verify() compares only what the buffer holds).
    const std::uint32_t count = m->listedCount().value_or(m->readCount());
    const std::uint32_t held =
        std::min(s.gpuResident ? std::min(count, m_capacity) : count, m->points().capacity());
    snap.entries = m->points().read(held);
    snap.droppedEntries = count - std::uint32_t(snap.entries.size());
    if (bits) { // the colour of point k at k (the slots hold as many points as the point buffer)
        snap.pointColors.resize(snap.entries.size());
        if (!snap.pointColors.empty())
            glGetNamedBufferSubData(m_source.slotColors(), 0, GLsizeiptr(snap.pointColors.size() * 4),
                                    snap.pointColors.data());
    }
    return snap;
}

} // namespace dicer::app
