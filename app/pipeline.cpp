#include "pipeline.h"

#include "log.h"

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
    return index >= 0 && size_t(index) < m_pyramids[0].size() &&
           (m_pyramids[0][size_t(index)] || m_pyramids[1][size_t(index)]);
}

hp::HistoPyramid* Pipeline::pyramid(const PipelineSettings& s) const {
    if (!variantAvailable(s.variant)) return nullptr;
    const hp::VariantInfo& info = hp::variantTable()[size_t(s.variant)];
    hp::Storage storage = hp::effectiveStorage(info, s.storage);
    return m_pyramids[int(storage)][size_t(s.variant)].get();
}

void Pipeline::voxelize(const glm::mat4& model, const PipelineSettings& settings) {
    m_source.produce(model, settings);
}

Result<void> Pipeline::buildPyramid(const PipelineSettings& s) {
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return makeError("variant is not available");
    pyr->setBuildPath(s.buildPath);
    return pyr->build(m_source.atlas(), s.threshold);
}

Result<void> Pipeline::buildPointList(const PipelineSettings& s) {
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return makeError("variant is not available");
    const hp::AtlasTiling tiling = m_source.tiling();
    if (!s.gpuResident) {
        Result<void> r = m_list.build(*pyr, tiling); // the paper's path: reads the count back (stalls)
        m_count = m_list.count();
        m_countIsLate = false;
        return r;
    }
    if (m_needsCount) {
        // One stall per configuration change, so the first frames are not clamped to a guessed capacity.
        m_count = pyr->readCount();
        m_capacity = withHeadroom(*m_count);
        m_needsCount = false;
    }
    Result<void> r = m_list.buildIndirect(*pyr, m_capacity, tiling);
    m_readback.push(pyr->counterBuffer());
    if (std::optional<std::uint32_t> late = m_readback.poll()) {
        m_count = late;
        if (*late > m_capacity) m_capacity = withHeadroom(*late); // overflowed for a frame or two: grow
    }
    m_countIsLate = true;
    return r;
}

ParticleSource Pipeline::particleSource(const PipelineSettings& s) const {
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return {};
    // The GPU-resident list holds at most m_capacity valid entries (its buffer may be larger).
    std::uint32_t capacity = s.gpuResident ? m_capacity : m_list.count();
    return {m_list.pointBuffer(), pyr->counterBuffer(), capacity, m_source.volume()};
}

hp::VerifyReport Pipeline::verify(const PipelineSettings& s) const {
    hp::HistoPyramid* pyr = pyramid(s);
    if (!pyr) return {};
    const int size = m_source.atlasSize();
    std::vector<std::uint8_t> rgba(size_t(size) * size_t(size) * 4);
    glGetTextureImage(m_source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    std::vector<std::uint8_t> alpha(size_t(size) * size_t(size));
    for (size_t i = 0; i < alpha.size(); ++i)
        alpha[i] = rgba[i * 4 + 3];
    hp::CpuPyramid reference = hp::buildCpuPyramid(alpha, size, size, pyr->thresholdByte());
    std::uint32_t count = s.gpuResident ? m_list.readIndirectCount() : m_list.count();
    return hp::verifyPointList(m_list, count, reference, m_source.tiling());
}

} // namespace dicer::app
