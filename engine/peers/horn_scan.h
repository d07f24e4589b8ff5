// Horn's scan + search/gather stream compaction ("horn_scan"), the baseline the HistoPyramid improves on:
//  1. Scan: a work-efficient parallel prefix sum over the discriminator results of the atlas texels in
//     row-major order. Blocks of 1024 elements are scanned in shared memory (Blelloch up-sweep /
//     down-sweep), their totals are scanned the same way one level up, recursively, and added back: O(n)
//     additions, 2 passes per level.
//  2. Search/gather (Horn's gather form, not a scatter): output k binary-searches the inclusive scan for the
//     first element whose sum exceeds k and copies that element. Dispatched indirectly from the count, which
//     the last scan pass writes on the GPU. Entries come out in row-major order.
// Memory: 4 bytes per atlas texel (plus 1/1024 for the block levels), bound as one shader storage block, so
// the largest atlas is GL_MAX_SHADER_STORAGE_BLOCK_SIZE / 4 texels (a clear error beyond). Based on: Horn,
// "Stream Reduction Operations for GPGPU Applications", GPU Gems 2 ch. 36 (2005); Blelloch, "Prefix Sums and
// Their Applications", CMU-CS-90-190 (1990).
#pragma once

#include "peers.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace dicer::peers {

// One level of the multi-level scan: `elements` values at byte `offset` of the scan buffer, split into
// `blocks` blocks.
struct ScanLevel {
    std::uint32_t elements = 0, blocks = 0;
    std::int64_t offset = 0;
};
// The levels for `elements` inputs (level 0) up to the one that fits in a single block, with every offset
// rounded up to `alignment` (GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT). back().offset + its size, plus one
// aligned slot for the top block's total, is the buffer size (scanBufferBytes).
std::vector<ScanLevel> scanLevels(std::uint64_t elements, int alignment);
std::int64_t scanBufferBytes(const std::vector<ScanLevel>& levels, int alignment);

class HornScan final : public Compactor {
public:
    static Result<std::unique_ptr<HornScan>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    Result<void> build(const MethodInput& input) override;

    // The level-0 inclusive scan (width x height values), for tests (waits for the GPU).
    std::vector<std::uint32_t> readScan() const;
    // The X-ray view (horn_scan_xray.cpp): its scan levels as a 1024:1 pyramid of the elements they scan, level 0
    // the atlas's texels, the levels above in Z order, then the top's total.
    std::vector<hp::XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) override;

private:
    HornScan(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : Compactor(shaders, info, "horn_scan", EntryOrder::RowMajor) {}
    void bindLevel(GLuint binding, std::size_t level) const;
    void dispatchBlocks(std::uint32_t blocks) const;

    gl::ProgramId m_scanAtlas, m_scanSums, m_add, m_gather;
    gl::ProgramId m_xrayLevels; // the X-ray's tiles: compiled at the first draw
    gl::Sampler m_sampler;
    gl::Buffer m_scan;
    std::vector<ScanLevel> m_levels;
    std::int64_t m_topSumOffset = 0;
    glm::ivec2 m_size{0};
};

} // namespace dicer::peers
