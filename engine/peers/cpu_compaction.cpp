#include "cpu_compaction.h"

#include "gl_debug.h"
#include "hp_math.h"

#include <algorithm>
#include <thread>

namespace dicer::peers {

Result<std::unique_ptr<CpuCompaction>> CpuCompaction::create(gl::ShaderLibrary& shaders,
                                                             const gl::GlInfo& info, int threads) {
    if (threads < 0) return makeError("cpu compaction: thread count must be >= 0");
    const bool threaded = threads != 1;
    if (threads == 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
    std::unique_ptr<CpuCompaction> p(new CpuCompaction(shaders, info, threads, threaded));
    if (Result<void> r = p->initCounters(); !r) return makeError(r.error());
    return p;
}

Result<void> CpuCompaction::download(const MethodInput& input) {
    auto size = checkInput(input, m_info.maxTextureSize);
    if (!size) return makeError(size.error());
    const std::size_t bytes = std::size_t(size->x) * std::size_t(size->y) * 4;
    if (bytes > std::size_t(INT32_MAX)) // glGetTextureImage takes the destination size as a GLsizei
        return makeError(std::string(name()) + ": input " + std::to_string(size->x) + "x" +
                         std::to_string(size->y) + " is beyond the 2 GiB a single download can hold");
    gl::DebugGroup group("cpu download");
    m_input = input;
    m_size = *size;
    m_thresholdByte = hp::thresholdToByte(input.threshold);
    m_rgba.resize(bytes);
    glPixelStorei(GL_PACK_ALIGNMENT, 4); // RGBA8 rows are always 4-byte aligned
    glGetTextureImage(input.atlas, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(bytes), m_rgba.data());
    return {};
}

void CpuCompaction::scanRows(int firstRow, int endRow, std::vector<glm::uvec4>& out) const {
    out.clear();
    const std::size_t rowBytes = std::size_t(m_size.x) * 4;
    for (int y = firstRow; y < endRow; ++y) {
        const std::uint8_t* alpha = m_rgba.data() + std::size_t(y) * rowBytes + 3;
        for (int x = 0; x < m_size.x; ++x)
            if (alpha[std::size_t(x) * 4] >= m_thresholdByte && hp::inVolume({x, y}, m_input.tiling, m_size))
                out.push_back(pointEntry({x, y}, m_input.tiling, m_size));
    }
}

void CpuCompaction::traverse() {
    const int chunks = std::clamp(m_threads, 1, std::max(m_size.y, 1));
    m_chunks.resize(std::size_t(chunks));
    auto rows = [&](int c) { return int(std::int64_t(m_size.y) * c / chunks); };
    if (chunks == 1) {
        scanRows(0, m_size.y, m_chunks[0]);
    } else {
        // Contiguous row ranges keep the row-major order: chunk c's entries all precede chunk c+1's.
        std::vector<std::thread> workers;
        workers.reserve(std::size_t(chunks - 1));
        for (int c = 1; c < chunks; ++c)
            workers.emplace_back(
                [this, c, &rows] { scanRows(rows(c), rows(c + 1), m_chunks[std::size_t(c)]); });
        scanRows(0, rows(1), m_chunks[0]);
        for (std::thread& t : workers)
            t.join();
    }
    std::uint64_t total = 0;
    for (const auto& chunk : m_chunks)
        total += chunk.size();
    m_count = std::uint32_t(total);
}

Result<void> CpuCompaction::upload() {
    gl::DebugGroup group("cpu upload");
    const std::uint32_t stored = std::min(m_count, m_input.capacity);
    if (Result<void> r = m_points.reserve(stored); !r) return r;
    std::uint32_t offset = 0;
    for (const auto& chunk : m_chunks) {
        std::uint32_t n = std::min(std::uint32_t(chunk.size()), stored - offset);
        if (n == 0) continue; // an empty chunk (no active rows) is not the end
        m_points.upload(offset, std::span(chunk.data(), n));
        offset += n;
    }
    m_counters.write(m_count);
    return {};
}

Result<void> CpuCompaction::build(const MethodInput& input) {
    if (Result<void> r = download(input); !r) return r;
    traverse();
    return upload();
}

Result<std::unique_ptr<hp::PointMethod>> createCpuLinewise(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    auto p = CpuCompaction::create(shaders, info, 1);
    if (!p) return makeError(p.error());
    return std::unique_ptr<hp::PointMethod>(std::move(p.value()));
}

Result<std::unique_ptr<hp::PointMethod>> createCpuThreaded(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    auto p = CpuCompaction::create(shaders, info, 0);
    if (!p) return makeError(p.error());
    return std::unique_ptr<hp::PointMethod>(std::move(p.value()));
}

} // namespace dicer::peers
