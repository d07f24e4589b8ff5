// Scan-based marching cubes, the row `scan_mc` of mc_method_table.h: the HistoPyramid's
// peer that finds each base word's place in the list by a prefix sum instead of a descent. Same input, same
// output, same order as hp_mc (McOrder::Cells: vertex k is the reference's vertex k). Based on: Horn, "Stream
// Reduction Operations for GPGPU Applications", GPU Gems 2 ch. 36 (2005), the scan (sort::BufferScan, the
// peers' shaders); the scan-based marching cubes of NVIDIA's CUDA SDK sample marchingCubes (2007): classify,
// scan the vertex counts, generate.
//
// THE PASSES (docs/SURFACES.md, "The peers"):
//  1. count  (mc_count.comp.glsl, hp_mc's): one invocation per base word (4 cells of a row, mc_volume.glsl)
//     writes the word's 4 cases and its vertex count (0..60), the count straight into the scan's level 0.
//  2. build  (sort::BufferScan: Horn's multi-level scan, blocks of 1024, each level's block totals scanned one
//     level up and added back): the inclusive prefix sums of the word counts, in place; then mc_args.comp.glsl
//     (hp_mc's) turns the last sum, the total, into the header's draw arguments (clamped to the capacity).
//  3. expand (mc_scan_expand.comp.glsl): one invocation per base word writes its 0..60 vertices from its
//     offset (the sum before it) with the placement every row shares (mc_place.glsl); those at or past the
//     draw count are not written.
// No readback: the scan, the total and the draw arguments stay on the GPU.
//
// BUFFERS AND LIMITS: the cases (a word per base word) and the scan (level 0 a word per base word, bound as
// one storage block; the levels above it 1/1024 of that) — the same as hp_mc's cases and level 1, so scan_mc
// fits wherever hp_mc does: beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE setVolume is one error naming it.
#pragma once

#include "buffer_scan.h"
#include "mc_method.h"

#include <cstdint>
#include <memory>

namespace dicer::surface {

class McScan final : public McMethod {
public:
    // Compiles the programs (count and expand per value kind, the scan's two, the arguments).
    static Result<std::unique_ptr<McMethod>> createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

private:
    McScan(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : McMethod(shaders, info, "scan_mc", McOrder::Cells, "cases and scanned counts") {}
    Result<void> shapeBuffers(glm::ivec3 size, std::uint32_t words) override;
    void countCells() override;
    void buildOffsets() override;
    void writeVertices() override;
    // The scan's level 0 (offset 0 of its buffer) at MC_BIND_LEVEL1: the count pass writes the word counts
    // there, the expansion reads their sums.
    void bindScannedCounts() const;

    discriminate::KindPrograms m_count, m_expand;
    sort::BufferScan m_scan;
};

} // namespace dicer::surface
