// Atomic-append stream compaction ("atomic_append"): one compute pass over the atlas; every active cell takes
// the next slot of the point buffer from an atomic counter, aggregated per work group (one global atomic per
// 16x16 cells). The counter ends as the count. Entry order: unordered (it depends on how the atomics
// resolved). Based on: append buffers (D3D11 AppendStructuredBuffer / GL 4.3 atomic counters); work-group
// aggregation as in Adinetz, "CUDA Pro Tip: Optimized Filtering with Warp-Aggregated Atomics", NVIDIA (2014).
#pragma once

#include "peers.h"

#include <memory>

namespace dicer::peers {

class AtomicAppend final : public Compactor {
public:
    static Result<std::unique_ptr<AtomicAppend>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    Result<void> build(const MethodInput& input) override;

private:
    AtomicAppend(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : Compactor(shaders, info, "atomic_append", EntryOrder::Unordered) {}
    gl::ProgramId m_program;
    gl::Sampler m_sampler;
};

} // namespace dicer::peers
