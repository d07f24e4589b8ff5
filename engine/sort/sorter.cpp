#include "sorter.h"

#include "allocation.h"

#include "hp_counting_sort.h"
#include "scan_sorts.h"
#include "sort_shared.h"

#include <algorithm>
#include <array>
#include <string>

namespace dicer::sort {

std::vector<std::uint32_t> Sorter::read(GLuint buffer, std::uint32_t n) {
    std::vector<std::uint32_t> out(n);
    if (n > 0) {
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetNamedBufferSubData(buffer, 0, GLsizeiptr(n) * 4, out.data());
    }
    return out;
}

Result<void> Sorter::begin(const SortInput& input, bool pingPong) {
    if (input.m < 1 || input.m > SORT_MAX_KEY_RANGE)
        return makeError(std::string(name()) + ": key range m = " + std::to_string(input.m) +
                         " is outside [1, 2^20]");
    const std::int64_t maxBlock = m_maxBlockBytes;
    if (std::int64_t(input.n) * 4 > maxBlock)
        return makeError(std::string(name()) + ": " + std::to_string(input.n) +
                         " keys exceed this driver's " + std::to_string(maxBlock >> 20) +
                         " MiB GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
    if (!m_status) {
        Result<gl::Buffer> status = gl::allocateBuffer(SORT_STATUS_WORDS * 4, nullptr, GL_DYNAMIC_STORAGE_BIT,
                                                       std::string(name()) + " status");
        if (!status) return makeError(status.error());
        m_status = std::move(status.value());
    }
    if (input.n > m_capacity || !m_outKeys) {
        const std::uint32_t capacity = std::max<std::uint32_t>(input.n, 1);
        const GLsizeiptr bytes = GLsizeiptr(capacity) * 4;
        // All of them or none: a refusal keeps the previous buffers and capacity (the last sort's output).
        const char* names[] = {" keys", " permutation", " keys B", " permutation B"};
        gl::Buffer buffers[4];
        for (int i = 0; i < (pingPong ? 4 : 2); ++i) {
            Result<gl::Buffer> b = gl::allocateBuffer(bytes, nullptr, 0, std::string(name()) + names[i]);
            if (!b) return makeError(b.error());
            buffers[i] = std::move(b.value());
        }
        m_outKeys = std::move(buffers[0]);
        m_outPerm = std::move(buffers[1]);
        if (pingPong) {
            m_keysB = std::move(buffers[2]);
            m_permB = std::move(buffers[3]);
        }
        m_capacity = capacity;
    }
    const std::array<std::uint32_t, SORT_STATUS_WORDS> reset = {0, 0xFFFFFFFFu, 0, 0, 0, 1, 1, 0};
    glNamedBufferSubData(m_status.id(), 0, sizeof reset, reset.data());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_STATUS, m_status.id());
    m_lastKeys = input.keys;
    m_lastM = input.m;
    return {};
}

void Sorter::dispatchFolded(std::uint32_t invocations) {
    const std::uint32_t groups = (invocations + SORT_LOCAL_SIZE - 1) / SORT_LOCAL_SIZE;
    if (groups == 0) return;
    const std::uint32_t x = std::min<std::uint32_t>(groups, SORT_MAX_GROUPS_X);
    glDispatchCompute(x, (groups + x - 1) / x, 1);
}

Result<void> Sorter::checkStatus() const {
    if (!m_status) return {};
    std::array<std::uint32_t, SORT_STATUS_WORDS> s{};
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(m_status.id(), 0, sizeof s, s.data());
    if (s[SORT_STATUS_BAD] == 0) return {};
    const std::uint32_t index = s[SORT_STATUS_FIRST_BAD];
    std::uint32_t key = 0;
    glGetNamedBufferSubData(m_lastKeys, GLintptr(index) * 4, 4, &key);
    return makeError(std::string(name()) + ": " + std::to_string(s[SORT_STATUS_BAD]) +
                     " key(s) out of range; the first, key " + std::to_string(key) + " at index " +
                     std::to_string(index) + ", is >= m = " + std::to_string(m_lastM));
}

namespace {
bool always(const gl::GlInfo&) {
    return true; // compute shaders and storage buffers are core GL 4.5, which Dicer requires
}
template <class T, auto... Args>
Result<std::unique_ptr<Sorter>> make(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto p = T::create(shaders, info, Args...);
    if (!p) return makeError(p.error());
    return std::unique_ptr<Sorter>(std::move(p.value()));
}
constexpr SorterInfo kSorters[] = {
    {"hp_counting_sort", "HistoPyramid counting sort (2:1)",
     "histogram, a 1D 2:1 HistoPyramid over it, one descent per key to its sorted place", always,
     make<HpCountingSort, 2u>},
    {"hp_counting_sort_4", "HistoPyramid counting sort (4:1)", "the same with a 4:1 fan-in: half the levels", always,
     make<HpCountingSort, 4u>},
    {"scan_counting_sort", "Scan counting sort", "histogram with atomic ranks, Horn's scan over it, one scatter (not stable)", always,
     make<ScanCountingSort>},
    {"radix_sort", "Radix sort", "stable LSD radix sort of 1-bit splits over Horn's scan, ceil(log2 m) passes", always, make<RadixSort>},
};
} // namespace

std::span<const SorterInfo> sorterTable() {
    return kSorters;
}

} // namespace dicer::sort
