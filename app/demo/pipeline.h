// The HistoPyramid half of the demo: the atlas source, every available method of demoMethods() (built at
// start-up, the variants for both storages, so the UI switches an index), the PointList builder, and the
// GPU-resident path's bookkeeping. A peer (compactor.h) does atlas -> points in buildPyramid(), so its
// buildPointList() does nothing; peers always keep the count on the GPU.
#pragma once

#include "atlas_source.h"
#include "compactor.h"
#include "count_readback.h"
#include "gl_info.h"
#include "hp_reference.h"
#include "hp_variants.h"
#include "particles.h"
#include "settings.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace dicer::app {

class Pipeline {
public:
    static Result<std::unique_ptr<Pipeline>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    Result<void> configure(const PipelineSettings& settings); // preset / atlas source
    Result<void> setMesh(const Mesh& mesh) { return m_source.setMesh(mesh); }
    // After a configuration change: the next GPU-resident list reads the count once to size its buffer.
    void resync();

    // The stages, in frame order.
    void voxelize(const glm::mat4& model, const PipelineSettings& settings);
    Result<void> buildPyramid(const PipelineSettings& settings);
    Result<void> buildPointList(const PipelineSettings& settings);

    bool variantAvailable(int index) const;
    hp::HistoPyramid* pyramid(const PipelineSettings& settings) const; // null for a peer
    peers::Compactor* peer(const PipelineSettings& settings) const;    // null for a HistoPyramid variant
    const AtlasSource& source() const { return m_source; }
    const hp::PointList& list() const { return m_list; }
    ParticleSource particleSource(const PipelineSettings& settings) const;

    // Active cells: exact on the paper path, a few frames old on the GPU-resident one (countIsLate()).
    std::optional<std::uint32_t> activeCount() const { return m_count; }
    bool countIsLate() const { return m_countIsLate; }
    std::uint32_t residentCapacity() const { return m_capacity; }

    // Compares this frame's point list with the CPU reference (reads the atlas back: stalls).
    hp::VerifyReport verify(const PipelineSettings& settings) const;

private:
    Result<void> compact(peers::Compactor& peer, const PipelineSettings& settings);
    // GPU-resident bookkeeping of the indirect list and the peers. After a configuration change the count is
    // read once (one stall), so the first frames are not clamped to a guessed capacity; returns the capacity.
    std::uint32_t sizeFromCount(std::uint32_t count);
    // Every frame: the count arrives a few frames late; a capacity it outgrew grows for the next frame.
    void trackLateCount(GLuint counterBuffer);
    hp::VerifyReport verifyPeer(const peers::Compactor& peer, std::span<const std::uint8_t> alpha,
                                std::uint32_t thresholdByte) const;

    Pipeline(hp::PointList list, AtlasSource source) : m_list(std::move(list)), m_source(std::move(source)) {}

    hp::PointList m_list;
    AtlasSource m_source;
    CountReadback m_readback;
    // [variant index][storage]; empty where the variant is unavailable. dicer_bil has float32 only: both of
    // its slots hold a float32 pyramid.
    std::vector<std::unique_ptr<hp::HistoPyramid>> m_pyramids[2];
    std::vector<std::unique_ptr<peers::Compactor>> m_peers; // [method index]; empty for variants

    std::optional<std::uint32_t> m_count;
    bool m_countIsLate = false;
    bool m_needsCount = true;
    std::uint32_t m_capacity = 0;
};

} // namespace dicer::app
