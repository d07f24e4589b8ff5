// The CPU path ("cpu_linewise", "cpu_threaded"): what the 2006 demos compared the HistoPyramid against.
//  1. download: glGetTextureImage of the whole RGBA8 atlas (blocks until the GPU has finished writing it);
//  2. traverse: a line-wise scan of the alpha bytes (row by row, x within a row) that emits an entry per
//     active texel, single-threaded as in 2006, or split into contiguous row ranges on
//     hardware_concurrency threads (std::thread), each filling its own list so the row-major order survives;
//  3. upload: the entries and the count into the GPU buffers (glNamedBufferSubData).
// The stages are public so dicer-bench can time them one by one (the paper's Table 2).
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), the "CPU" rows of Table 2.
#pragma once

#include "peers.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace dicer::peers {

class CpuCompaction final : public Compactor {
public:
    // threads: 1 = the single-threaded 2006 path, 0 = std::thread::hardware_concurrency().
    static Result<std::unique_ptr<CpuCompaction>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                         int threads);

    Result<void> build(const MethodInput& input) override; // download() + traverse() + upload()

    Result<void> download(const MethodInput& input);
    void traverse();
    Result<void> upload();

    int threadCount() const { return m_threads; }
    std::uint32_t count() const { return m_count; } // known on the CPU after traverse()

private:
    CpuCompaction(gl::ShaderLibrary& shaders, const gl::GlInfo& info, int threads, bool threaded)
        : Compactor(shaders, info, threaded ? "cpu_threaded" : "cpu_linewise", EntryOrder::RowMajor),
          m_threads(threads) {}
    void scanRows(int firstRow, int endRow, std::vector<glm::uvec4>& out) const;

    int m_threads;
    MethodInput m_input;
    glm::ivec2 m_size{0};
    std::uint32_t m_thresholdByte = 0, m_count = 0;
    std::vector<std::uint8_t> m_rgba;
    std::vector<std::vector<glm::uvec4>> m_chunks; // one per thread, in row order
};

} // namespace dicer::peers
