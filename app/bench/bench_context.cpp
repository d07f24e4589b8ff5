#include "bench_context.h"

#include "atlas_to_bits.h"

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

Result<RowInput> Bench::rowInput(hp::InputKind kind, const hp::MethodInput& atlas, glm::ivec2 atlasSize) {
    RowInput row;
    auto in = peers::inputFor(kind, atlas, bits, shaders, info);
    if (!in) return makeError(in.error());
    row.input = *in;
    const auto key = std::make_tuple(int(kind), atlas.atlas, atlasSize.x, atlasSize.y);
    auto found = floors.find(key);
    if (found == floors.end()) {
        // The same bytes the method reads: the RGBA8 atlas, or the bits (1/32 of it, for a square atlas).
        const bool fromBits = kind == hp::InputKind::Bits;
        const std::int64_t bytes =
            fromBits ? hp::hpBitsBytes(row.input.bitsSide) : std::int64_t(atlasSize.x) * atlasSize.y * 4;
        Result<void> probe = fromBits ? read.runBuffer(row.input.bits, bytes)
                                      : read.runTexture(atlas.atlas, atlasSize.x, atlasSize.y);
        if (!probe) return makeError(probe.error());
        const gl::Summary time = measure([&] {
            (void)(fromBits ? read.runBuffer(row.input.bits, bytes)
                            : read.runTexture(atlas.atlas, atlasSize.x, atlasSize.y));
        });
        found = floors.emplace(key, std::make_pair(time, bytes)).first;
    }
    row.read = found->second.first;
    row.bytes = found->second.second;
    return row;
}

bool Bench::selected(const char* method) const {
    return opt.methods.empty() ||
           std::find(opt.methods.begin(), opt.methods.end(), method) != opt.methods.end();
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

} // namespace dicer::bench
