#include "bench_context.h"

#include "allocation.h"
#include "atlas_to_bits.h"
#include "occupancy_sparse.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace dicer::bench {

Progress::Progress() : m_start(gl::steadyNowMs()), m_tty(isatty(STDERR_FILENO) != 0) {}

void Progress::step(const std::string& what) {
    char line[256];
    int n = std::snprintf(line, sizeof line, "[%7.1f s] %s", (gl::steadyNowMs() - m_start) / 1000.0,
                          what.c_str());
    size_t len = size_t(std::max(n, 0));
    if (m_tty) // pad over the previous, longer line
        std::fprintf(stderr, "\r%s%*s", line, int(m_lastLength > len ? m_lastLength - len : 0), "");
    else
        std::fprintf(stderr, "%s\n", line);
    std::fflush(stderr);
    m_lastLength = len;
}

void Progress::finish() {
    if (m_tty && m_lastLength) std::fprintf(stderr, "\n");
    m_lastLength = 0;
}

Expected expectedFor(const BenchAtlas& atlas, std::uint32_t thresholdByte, bool withPyramid) {
    Expected e;
    std::vector<std::uint8_t> alpha = atlas.alpha();
    e.rowMajor = hp::referenceEntries(alpha, atlas.size.x, atlas.size.y, thresholdByte, atlas.tiling);
    e.sorted = hp::sortedEntries(e.rowMajor);
    if (withPyramid) {
        e.pyramid = hp::buildCpuPyramid(alpha, atlas.size.x, atlas.size.y, thresholdByte, atlas.tiling);
        e.keyIndex = hp::cpuKeyIndexEntries(e.pyramid);
    }
    return e;
}

gl::Summary Bench::measure(const std::function<void()>& work, gl::TimerSource timer) const {
    return gl::measureInterleaved(timer, opt.warmup, opt.reps, {work}).front();
}

// The sparse occupancy of a bits input, in a pool of exactly the bricks it marks (a second conversion if the
// first guess was too small), so the row's list is complete.
Result<hp::MethodInput> sparseInputOf(std::optional<occupancy::SparseOccupancy>& sparse,
                                      const hp::MethodInput& bits, gl::ShaderLibrary& shaders,
                                      const gl::GlInfo& info) {
    if (!sparse) {
        auto made = occupancy::SparseOccupancy::create(shaders, info);
        if (!made) return makeError(made.error());
        sparse.emplace(std::move(made.value()));
    }
    Result<void> r = sparse->fromBits(bits.bits, bits.bitsSide);
    if (r && sparse->readStatus().overflowed) {
        r = sparse->setCapacity(sparse->readStatus().marked);
        if (r) r = sparse->fromBits(bits.bits, bits.bitsSide);
    }
    if (!r) return makeError(r.error());
    hp::MethodInput in = bits;
    in.sparseIndex = sparse->index();
    in.sparsePool = sparse->pool();
    return in;
}

Result<RowInput> Bench::rowInput(occupancy::VoxelOutput kind, const hp::MethodInput& atlas, glm::ivec2 atlasSize) {
    RowInput row;
    const bool fromSparse = kind == occupancy::VoxelOutput::Sparse; // the atlas' bits, then their sparse occupancy
    auto in = peers::inputFor(fromSparse ? occupancy::VoxelOutput::Bits : kind, atlas, bits, shaders, info);
    if (in && fromSparse) in = sparseInputOf(sparse, *in, shaders, info);
    if (!in) return makeError(in.error());
    row.input = *in;
    const auto key = std::make_tuple(int(kind), atlas.atlas, atlasSize.x, atlasSize.y);
    auto found = floors.find(key);
    if (found == floors.end()) {
        // The same bytes the method reads: the RGBA8 atlas, or the bits (1/32 of it, for a square atlas), or the
        // sparse occupancy's used slots.
        const bool fromBits = kind == occupancy::VoxelOutput::Bits;
        const GLuint buffer = fromBits ? row.input.bits : fromSparse ? row.input.sparsePool : 0;
        const std::int64_t bytes =
            fromBits ? hp::hpBitsBytes(row.input.bitsSide)
            : fromSparse
                ? std::max<std::int64_t>(std::int64_t(sparse->readStatus().used) * SPARSE_BRICK_WORDS * 4, 4)
                : std::int64_t(atlasSize.x) * atlasSize.y * 4;
        auto readOnce = [&] {
            return buffer ? read.runBuffer(buffer, bytes)
                          : read.runTexture(atlas.atlas, atlasSize.x, atlasSize.y);
        };
        if (Result<void> probe = readOnce(); !probe) return makeError(probe.error());
        const gl::Summary time = measure([&] { (void)readOnce(); });
        found = floors.emplace(key, std::make_pair(time, bytes)).first;
    }
    row.read = found->second.first;
    row.bytes = found->second.second;
    return row;
}

bool Bench::selected(methods::MethodId method) const {
    return opt.methods.empty() || std::find(opt.methods.begin(), opt.methods.end(), method) != opt.methods.end();
}

bool checkEntries(const std::vector<glm::uvec4>& got, std::uint32_t count, const Expected& expected,
                  const std::vector<glm::uvec4>* inOrder, std::string* check) {
    if (count != expected.sorted.size()) {
        *check = "count " + std::to_string(count) + " != " + std::to_string(expected.sorted.size());
        return false;
    }
    if (hp::sortedEntries(got) != expected.sorted) {
        *check = "voxel set differs";
        return false;
    }
    *check = inOrder && got == *inOrder ? "exact" : "same set";
    return true;
}

Result<ReadFloorBuffer> makeReadFloorBuffer(const gl::GlInfo& info) {
    constexpr std::int64_t kBytes = std::int64_t(64) << 20;
    const std::int64_t bytes =
        std::min<std::int64_t>(kBytes, info.maxStorageBlockBytes > 0 ? info.maxStorageBlockBytes : kBytes) &
        ~std::int64_t(3);
    Result<gl::Buffer> buffer = gl::allocateBuffer(GLsizeiptr(bytes), nullptr, 0, "bench read floor");
    if (!buffer) return makeError(buffer.error());
    glClearNamedBufferData(buffer->id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    return ReadFloorBuffer{std::move(buffer.value()), bytes};
}

} // namespace dicer::bench
