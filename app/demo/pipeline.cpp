#include "pipeline.h"

#include "hp_math.h"
#include "log.h"
#include "methods.h"

#include <algorithm>

namespace dicer::app {
namespace {

// Point-buffer size for a count: a quarter of headroom, so a rotating model's changing count rarely
// outgrows it before the late readback notices.
std::uint32_t withHeadroom(std::uint32_t count) {
    return std::max<std::uint32_t>(1024, count + count / 4);
}

} // namespace

Result<std::unique_ptr<Pipeline>> Pipeline::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto list = hp::PointList::create(shaders);
    if (!list) return makeError(list.error());
    auto source = AtlasSource::create(shaders);
    if (!source) return makeError(source.error());
    // Private constructor (a Pipeline exists only fully built): make_unique cannot reach it.
    std::unique_ptr<Pipeline> p(new Pipeline(shaders, std::move(list.value()), std::move(source.value())));
    auto table = hp::variantTable();
    for (int s = 0; s < 2; ++s)
        p->m_pyramids[s].resize(table.size());
    for (size_t v = 0; v < table.size(); ++v) {
        if (!table[v].isAvailable(info)) {
            log::warn("variant %s is not available on this driver", table[v].name);
            continue;
        }
        for (hp::Storage storage : {hp::Storage::Uint32, hp::Storage::Float32}) {
            hp::Storage effective = hp::effectiveStorage(table[v], storage);
            if (effective != storage) continue; // filled from the other slot below
            auto pyramid = table[v].create(shaders, storage);
            if (!pyramid) return makeError(pyramid.error());
            p->m_pyramids[int(storage)][v] = std::move(pyramid.value());
        }
    }
    auto methods = demoMethods();
    p->m_peers.resize(methods.size());
    for (size_t i = 0; i < methods.size(); ++i) {
        if (!methods[i].peer) continue;
        if (!methods[i].isAvailable(info)) {
            log::warn("%s is not available on this driver", methods[i].name);
            continue;
        }
        auto peer = methods[i].peer->create(shaders);
        if (!peer) return makeError(peer.error());
        p->m_peers[i] = std::move(peer.value());
    }
    return p;
}

Result<void> Pipeline::configure(const PipelineSettings& settings) {
    GLint maxTexture = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxTexture);
    if (Result<void> r = m_source.configure(settings, maxTexture); !r) return r;
    resync();
    return {};
}

void Pipeline::resync() {
    m_needsCount = true;
    m_readback.clear();
}

bool Pipeline::variantAvailable(int index) const {
    if (index < 0) return false;
    const size_t i = size_t(index);
    return (i < m_pyramids[0].size() && (m_pyramids[0][i] || m_pyramids[1][i])) ||
           (i < m_peers.size() && m_peers[i]);
}

peers::Compactor* Pipeline::peer(const PipelineSettings& s) const {
    return s.variant >= 0 && size_t(s.variant) < m_peers.size() ? m_peers[size_t(s.variant)].get() : nullptr;
}

hp::HistoPyramid* Pipeline::pyramid(const PipelineSettings& s) const {
    if (!variantAvailable(s.variant) || size_t(s.variant) >= m_pyramids[0].size()) return nullptr;
    const hp::VariantInfo& info = hp::variantTable()[size_t(s.variant)];
    hp::Storage storage = hp::effectiveStorage(info, s.storage);
    return m_pyramids[int(storage)][size_t(s.variant)].get();
}

void Pipeline::voxelize(const glm::mat4& model, const PipelineSettings& settings) {
    m_source.produce(model, settings);
}

Result<void> Pipeline::buildPyramid(const PipelineSettings& s) {
    if (peers::Compactor* c = peer(s)) return compact(*c, s);
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return makeError("variant is not available");
    pyr->setBuildPath(s.buildPath);
    return pyr->build(m_source.atlas(), s.threshold, m_source.tiling());
}

Result<void> Pipeline::compact(peers::Compactor& c, const PipelineSettings& s) {
    peers::CompactionInput input{m_source.atlas(), s.threshold, m_source.tiling(),
                                 std::max(m_capacity, 1024u)};
    if (m_needsCount) {
        if (Result<void> r = c.run(input); !r) return r;
        input.capacity = sizeFromCount(c.readCount());
    }
    Result<void> r = c.run(input);
    trackLateCount(c.counterBuffer());
    return r;
}

std::uint32_t Pipeline::sizeFromCount(std::uint32_t count) {
    m_count = count;
    m_capacity = withHeadroom(count);
    m_needsCount = false;
    return m_capacity;
}

void Pipeline::trackLateCount(GLuint counterBuffer) {
    m_readback.push(counterBuffer);
    if (std::optional<std::uint32_t> late = m_readback.poll()) {
        m_count = late;
        if (*late > m_capacity) m_capacity = withHeadroom(*late); // overflowed for a frame or two: grow
    }
    m_countIsLate = true;
}

Result<void> Pipeline::buildPointList(const PipelineSettings& s) {
    if (peer(s)) return {}; // compact() wrote the points
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return makeError("variant is not available");
    if (!s.gpuResident) {
        Result<void> r = m_list.build(*pyr); // the paper's path: reads the count back (stalls)
        m_count = m_list.count();
        m_countIsLate = false;
        return r;
    }
    if (m_needsCount) sizeFromCount(pyr->readCount());
    Result<void> r = m_list.buildIndirect(*pyr, m_capacity);
    trackLateCount(pyr->counterBuffer());
    return r;
}

ParticleSource Pipeline::particleSource(const PipelineSettings& s) const {
    if (peers::Compactor* c = peer(s))
        return {c->pointBuffer(), c->counterBuffer(), std::min(m_capacity, c->pointCapacity()),
                m_source.volume()};
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return {};
    // The GPU-resident list holds at most m_capacity valid entries (its buffer may be larger).
    std::uint32_t capacity = s.gpuResident ? m_capacity : m_list.count();
    return {m_list.pointBuffer(), pyr->counterBuffer(), capacity, m_source.volume()};
}

hp::VerifyReport Pipeline::verify(const PipelineSettings& s) const {
    const int size = m_source.atlasSize();
    std::vector<std::uint8_t> rgba(size_t(size) * size_t(size) * 4);
    glGetTextureImage(m_source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    std::vector<std::uint8_t> alpha(size_t(size) * size_t(size));
    for (size_t i = 0; i < alpha.size(); ++i)
        alpha[i] = rgba[i * 4 + 3];
    if (peers::Compactor* c = peer(s)) return verifyPeer(*c, alpha, hp::thresholdToByte(s.threshold));
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return {};
    hp::CpuPyramid reference =
        hp::buildCpuPyramid(alpha, size, size, pyr->thresholdByte(), m_source.tiling());
    std::uint32_t count = s.gpuResident ? m_list.readIndirectCount() : m_list.count();
    return hp::verifyPointList(m_list, count, reference);
}

} // namespace dicer::app

namespace dicer::app {

// A peer's order is its own (row-major, key-index or none), so it is checked as a set: the sorted entries
// against the sorted reference, each differing position one mismatch (a missing or extra entry included).
hp::VerifyReport Pipeline::verifyPeer(const peers::Compactor& c, std::span<const std::uint8_t> alpha,
                                      std::uint32_t thresholdByte) const {
    const int size = m_source.atlasSize();
    hp::VerifyReport report;
    std::vector<glm::uvec4> expected =
        peers::sortedEntries(peers::referenceEntries(alpha, size, size, thresholdByte, m_source.tiling()));
    report.gpuCount = c.readCount();
    report.cpuCount = std::uint32_t(expected.size());
    std::vector<glm::uvec4> got = peers::sortedEntries(c.readPoints(report.gpuCount));
    const size_t common = std::min(got.size(), expected.size());
    for (size_t i = 0; i < common; ++i)
        report.mismatches += got[i] != expected[i] ? 1u : 0u;
    report.mismatches += std::uint32_t(std::max(got.size(), expected.size()) - common);
    return report;
}

} // namespace dicer::app
