// Counting sort through a 1D HistoPyramid, in three passes (+ one for the permutation):
//  (a) histogram: one invocation per key, atomicAdd on its bucket; the returned value is the key's rank in
//      its bucket (arrival order). Keys >= m are flagged in the status word and skipped (never written).
//  (b) pyramid: level 0 = the histogram padded to M = 2^ceil(log2 m) buckets, each next level the pairwise
//      (2:1) sums, one dispatch per level, log2 M levels up to the top = the number of keys (fan-in 4: sums of
//      four, M a power of 4, half the levels; faster only where m >> n, measured in docs/PERFORMANCE.md); then one
//      invocation writes the top as the count and the indirect dispatch arguments (the count stays on the GPU).
//  (c) descent: one invocation per output slot k (dispatched indirectly) walks down from the top — "k below
//      the left child's count? go left, else subtract it and go right" — to the bucket slot k falls in, which
//      is the sorted key: a gather, no scatter, log2 M reads.
//      With the permutation, the slot whose remainder reaches 0 at the leaf is its bucket's first slot and
//      records it (bucket starts = the histogram's exclusive prefix sum, for free, one write per non-empty
//      bucket; empty buckets are never read).
//  (d) permutation (optional): one invocation per input key writes its index at its bucket's start + its rank
//      from (a). Ranks are atomic arrival order: the permutation is valid (a bijection, keys[perm[k]] ==
//      sorted[k]) but NOT stable; the sorted keys are exact and deterministic.
// Memory: 2M uints of pyramid, M bucket starts, n ranks. Based on: M. Swoboda, "Advanced Procedural Rendering in DirectX 11",
// GDC 2012 (1D HistoPyramid counting sort); Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#pragma once

#include "sorter.h"
#include "xray_draw.h"

namespace dicer::sort {

// The pyramid's levels for key range m and a fan-in of 2 or 4: level 0 has M cells (the smallest power of the
// fan-in >= m) at offset 0, level l has M / fanIn^l cells right after level l-1; the last level has one cell.
// (m = 1: one level of one cell.)
struct PyramidLevel {
    std::uint32_t offset = 0, size = 0; // in uints
};
std::vector<PyramidLevel> pyramidLevels(std::uint32_t m, std::uint32_t fanIn = 2);

class HpCountingSort final : public Sorter {
public:
    // fanIn 2 (pairwise sums, log2 M levels) or 4 (half the levels, up to three tests per level in the descent).
    static Result<std::unique_ptr<HpCountingSort>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                          std::uint32_t fanIn = 2);
    const char* name() const override { return m_fanIn == 2 ? "hp_counting_sort" : "hp_counting_sort_4"; }
    bool stable() const override { return false; }
    bool sortsKeysAlone() const override { return true; }
    std::uint32_t fanIn() const { return m_fanIn; }
    Result<void> sort(const SortInput& input) override;
    // The pyramid of the last sort, level 0 (the histogram, padded) first; for tests (waits for the GPU).
    std::vector<std::vector<std::uint32_t>> readPyramid() const;

    // The X-ray (sort_xray.cpp): the levels in Z order, base first; the descent pass compiled with HP_XRAY.
    std::vector<hp::XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) override;
    Result<hp::XrayPath> trace(std::uint32_t k) override;
    std::vector<std::string> describeXray(const hp::XrayPath& path) const override;

private:
    HpCountingSort(gl::ShaderLibrary& shaders, const gl::GlInfo& info, std::uint32_t fanIn)
        : Sorter(shaders, info), m_fanIn(fanIn) {}
    std::uint32_t m_fanIn;
    gl::ProgramId m_histogram, m_reduce, m_args, m_descend, m_descendStarts, m_scatter;
    gl::ProgramId m_xrayTrace, m_xrayLevels; // the X-ray's: compiled at the first trace and the first draw
    hp::XrayRecord m_xrayRecord;
    gl::Buffer m_pyramid, m_starts, m_ranks;
    std::vector<PyramidLevel> m_levels;
    std::uint32_t m_pyramidCapacity = 0, m_rankCapacity = 0;
};

} // namespace dicer::sort
