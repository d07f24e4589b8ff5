// Atomic-append marching cubes, the row `atomic_mc` of mc_method_table.h: the peer with no
// prefix structure at all. One pass: each base word (4 cells of a row, mc_volume.glsl) takes its cases and
// vertex count, reserves its slice of the list with one atomicAdd on a counter, and writes its vertices there.
// The same triangles as hp_mc, each whole and in the table's order, but the triangles in the order the atomics
// resolved (McOrder::Unordered: it differs between runs; the check sorts them, mc_check.h). Based on: the
// append buffers of D3D11 / GL 4.3 (atomic counters); the atomic-append peer of stream compaction
// (engine/peers, atomic_append.comp.glsl).
//
// THE PASSES (docs/SURFACES.md, "The peers"): count and build are empty (count() only takes the band); expand
// clears the counter (MC_HEADER_TOTAL of the header, a GL clear, on the GPU), runs the one pass
// (mc_atomic.comp.glsl: cases, counts, atomics and vertices; those at or past the capacity are counted, not
// written) and turns the counter, now the total, into the draw arguments (mc_args.comp.glsl, hp_mc's). No
// readback.
//
// BUFFERS AND LIMITS: only the base's cases (a word per base word, written by the pass for readCases: the tests
// and the bench check every cell's case) — one storage block, as hp_mc's base; beyond
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE setVolume is one error naming it. No prefix structure: the counter lives in
// the header.
#pragma once

#include "mc_method.h"

#include <memory>

namespace dicer::surface {

class McAtomic final : public McMethod {
public:
    // Compiles the programs (the pass per value kind, the arguments).
    static Result<std::unique_ptr<McMethod>> createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

private:
    McAtomic(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : McMethod(shaders, info, "atomic_mc", McOrder::Unordered, "cases") {}
    void countCells() override {}   // the pass counts (expand)
    void buildOffsets() override {} // nothing to build: the pass finds each word's place by an atomic
    void writeVertices() override;

    discriminate::KindPrograms m_pass;
};

} // namespace dicer::surface
