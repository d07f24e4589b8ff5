// The HistoPyramid half of the demo: the atlas source, one instance of every method of the method table that
// the demo offers (built at start-up, so the UI switches an index: index = table row; empty where a method is
// unavailable or not in the demo), and the bookkeeping of the GPU-resident list. Every method runs the same
// two stages, build (atlas -> count) and list (count -> points), on the paper's readback path or the
// GPU-resident one (PipelineSettings::gpuResident).
#pragma once

#include "atlas_source.h"
#include "count_readback.h"
#include "gl_info.h"
#include "hp_reference.h"
#include "method_table.h"
#include "particles.h"
#include "point_export.h"
#include "settings.h"

#include <memory>
#include <optional>
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
    // Bits output, after the list: the model colour of every point (pointColors()); nothing with the atlas.
    Result<void> colorPoints(const PipelineSettings& settings);

    bool methodAvailable(int index) const;                           // index into methods::methodTable()
    hp::PointMethod* method(const PipelineSettings& settings) const; // null if unavailable
    const AtlasSource& source() const { return m_source; }
    // Bits output: the model colour of point k at k (RGBA8), written after each list; 0 with the atlas.
    GLuint pointColors() const { return m_source.slotColors(); }
    ParticleSource particleSource(const PipelineSettings& settings) const;

    // Active cells: exact on the paper path, a few frames old on the GPU-resident one (countIsLate()).
    std::optional<std::uint32_t> activeCount() const { return m_count; }
    bool countIsLate() const { return m_countIsLate; }
    std::uint32_t residentCapacity() const { return m_capacity; }

    // Compares this frame's point list with the CPU reference (reads the atlas or the bits back: stalls).
    hp::VerifyReport verify(const PipelineSettings& settings) const;
    // This frame's point list and atlas (bits output: its point colours), read back for the PLY export (stalls; only on request). The model
    // matrix is the caller's (point_export.h).
    Result<PointSnapshot> snapshot(const PipelineSettings& settings) const;

private:
    hp::MethodInput input(const PipelineSettings& settings) const;
    // GPU-resident bookkeeping. After a configuration change the count is read once (one stall), so the first
    // frames are not clamped to a guessed capacity; returns the capacity.
    std::uint32_t sizeFromCount(std::uint32_t count);
    // Every frame: the count arrives a few frames late; a capacity it outgrew grows for the next frame.
    void trackLateCount(GLuint counterBuffer);

    Pipeline(AtlasSource source) : m_source(std::move(source)) {}

    AtlasSource m_source;
    gl::GlInfo m_info;
    CountReadback m_readback;
    std::vector<std::unique_ptr<hp::PointMethod>> m_methods; // [methodTable() row]

    std::optional<std::uint32_t> m_count;
    bool m_countIsLate = false;
    bool m_needsCount = true;
    std::uint32_t m_capacity = 0;
};

} // namespace dicer::app
