// The HistoPyramid counting sort's GPU peers, both over Horn's scan (buffer_scan.h):
//  - ScanCountingSort: histogram with atomic ranks (the same pass (a) as the HP sort), Horn's scan over the
//    m buckets (in place, inclusive), then one scatter of key and index to scan[key - 1] + rank. Valid, not
//    stable (ranks are atomic arrival order). Based on: Knuth, TAOCP vol. 3 §5.2; Horn, GPU Gems 2 ch. 36.
//  - RadixSort: LSD radix sort with 1-bit splits, ceil(log2 m) passes (at least one), each a flag pass, Horn's
//    scan over the n flags and a stable scatter into ping-pong buffers: stable. Based on: Blelloch, "Vector
//    Models for Data-Parallel Computing" (1990) (split radix sort); Horn (2005).
#pragma once

#include "buffer_scan.h"
#include "sorter.h"

#include <string>
#include <utility>
#include <vector>

namespace dicer::sort {

// What both peers are made of: a pass over the keys that writes the scan's input (histogram, flags), Horn's
// scan over it, and a scatter that reads the scan.
class ScanSorter : public Sorter {
protected:
    ScanSorter(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : Sorter(shaders, info) {}
    // Builds "<sort>/<feedName>" from `feedFile`, "<sort>/scatter" from `scatterFile` with `scatterDefines`,
    // and the scan. Errors: the compile or link log.
    Result<void> build(const gl::GlInfo& info, const char* feedName, const char* feedFile,
                       const char* scatterFile,
                       std::vector<std::pair<std::string, std::string>> scatterDefines = {});
    // The current build of a pass's program (ids survive a shader reload, GL names may not).
    GLuint feed() const { return m_shaders->get(m_feed); }
    GLuint scatter() const { return m_shaders->get(m_scatter); }
    // glUseProgram, one invocation per key, and a storage barrier for the pass that reads what it wrote.
    static void runPass(GLuint program, std::uint32_t n);

    BufferScan m_scan;

private:
    gl::ProgramId m_feed, m_scatter;
};

class ScanCountingSort final : public ScanSorter {
public:
    static Result<std::unique_ptr<ScanCountingSort>> create(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info);
    const char* name() const override { return "scan_counting_sort"; }
    bool stable() const override { return false; }
    Result<void> sort(const SortInput& input) override;

private:
    ScanCountingSort(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : ScanSorter(shaders, info) {}
    gl::Buffer m_ranks;
    std::uint32_t m_rankCapacity = 0;
};

class RadixSort final : public ScanSorter {
public:
    static Result<std::unique_ptr<RadixSort>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    const char* name() const override { return "radix_sort"; }
    bool stable() const override { return true; }
    Result<void> sort(const SortInput& input) override;
    // The key bits a range m needs: ceil(log2 m), at least 1 (one pass also validates and copies).
    static int passes(std::uint32_t m);

private:
    RadixSort(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : ScanSorter(shaders, info) {}
};

} // namespace dicer::sort
