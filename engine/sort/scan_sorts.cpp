#include "scan_sorts.h"

#include "gl_debug.h"
#include "sort_shared.h"

#include <algorithm>
#include <utility>

namespace dicer::sort {
namespace {
Result<gl::ProgramId> addProgram(gl::ShaderLibrary& shaders, std::string name, const char* file,
                                 std::vector<std::pair<std::string, std::string>> defines = {}) {
    return shaders.add({std::move(name), {{GL_COMPUTE_SHADER, file}}, std::move(defines)});
}
} // namespace

Result<std::unique_ptr<ScanCountingSort>> ScanCountingSort::create(gl::ShaderLibrary& shaders,
                                                                   const gl::GlInfo& info) {
    std::unique_ptr<ScanCountingSort> p(new ScanCountingSort(shaders, info));
    auto histogram = addProgram(shaders, "scan_counting_sort/histogram", "sort_histogram.comp.glsl");
    auto scatter = addProgram(shaders, "scan_counting_sort/scatter", "sort_scatter.comp.glsl",
                              {{"SORT_STARTS_FROM_SCAN", ""}, {"SORT_WRITE_KEYS", ""}});
    if (!histogram || !scatter) return makeError(!histogram ? histogram.error() : scatter.error());
    p->m_histogram = *histogram;
    p->m_scatter = *scatter;
    if (Result<void> r = p->m_scan.init(shaders, "scan_counting_sort", info.storageBufferOffsetAlignment); !r)
        return makeError(r.error());
    return p;
}

Result<void> ScanCountingSort::sort(const SortInput& input) {
    if (Result<void> r = begin(input, /*pingPong=*/false); !r) return r;
    gl::DebugGroup group("scan_counting_sort");
    if (input.n > m_rankCapacity || !m_ranks) {
        m_rankCapacity = std::max<std::uint32_t>(input.n, 1);
        m_ranks =
            gl::createBufferStorage(GLsizeiptr(m_rankCapacity) * 4, nullptr, 0, "scan_counting_sort ranks");
    }
    m_scan.resize(input.m);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the last sort's passes read what this one overwrites
    glClearNamedBufferSubData(m_scan.buffer(), GL_R32UI, 0, m_scan.levelZeroBytes(), GL_RED_INTEGER,
                              GL_UNSIGNED_INT, nullptr);
    auto bindAll = [&] {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_STATUS, m_status.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, input.keys);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_RANKS, m_ranks.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_KEYS, m_outKeys.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_PERM, m_outPerm.id());
    };
    bindAll();
    GLuint histogram = m_shaders->get(m_histogram);
    glProgramUniform1ui(histogram, SORT_LOC_N, input.n);
    glProgramUniform1ui(histogram, SORT_LOC_M, input.m);
    glUseProgram(histogram);
    dispatchFolded(input.n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    m_scan.run(); // inclusive bucket sums in place
    bindAll();
    GLuint scatter = m_shaders->get(m_scatter);
    glProgramUniform1ui(scatter, SORT_LOC_N, input.n);
    glProgramUniform1ui(scatter, SORT_LOC_M, input.m);
    glUseProgram(scatter);
    dispatchFolded(input.n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

Result<std::unique_ptr<RadixSort>> RadixSort::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<RadixSort> p(new RadixSort(shaders, info));
    auto flags = addProgram(shaders, "radix_sort/flags", "sort_radix_flags.comp.glsl");
    auto scatter = addProgram(shaders, "radix_sort/scatter", "sort_radix_scatter.comp.glsl");
    if (!flags || !scatter) return makeError(!flags ? flags.error() : scatter.error());
    p->m_flags = *flags;
    p->m_scatter = *scatter;
    if (Result<void> r = p->m_scan.init(shaders, "radix_sort", info.storageBufferOffsetAlignment); !r)
        return makeError(r.error());
    return p;
}

int RadixSort::passes(std::uint32_t m) {
    int bits = 0;
    while (bits < 32 && (std::uint64_t(1) << bits) < m)
        ++bits;
    return std::max(bits, 1);
}

Result<void> RadixSort::sort(const SortInput& input) {
    if (Result<void> r = begin(input, /*pingPong=*/true); !r) return r;
    if (input.n == 0) return {};
    gl::DebugGroup group("radix_sort");
    m_scan.resize(input.n);
    const int passCount = passes(input.m);
    // Ping-pong so that the last pass writes m_outKeys / m_outPerm: with an odd pass count pass 0 writes them.
    GLuint keysIn = input.keys, permIn = m_outPerm.id();
    GLuint keysOut[2] = {m_outKeys.id(), m_keysB.id()}, permOut[2] = {m_outPerm.id(), m_permB.id()};
    const int firstTarget = passCount % 2 == 1 ? 0 : 1;
    GLuint flags = m_shaders->get(m_flags), scatter = m_shaders->get(m_scatter);
    glProgramUniform1ui(flags, SORT_LOC_N, input.n);
    glProgramUniform1ui(flags, SORT_LOC_M, input.m);
    glProgramUniform1ui(scatter, SORT_LOC_N, input.n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the last sort's passes read what this one overwrites
    for (int pass = 0; pass < passCount; ++pass) {
        const int target = (firstTarget + pass) % 2;
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_STATUS, m_status.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, keysIn);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
        glProgramUniform1ui(flags, SORT_LOC_LEVELS, GLuint(pass));
        glProgramUniform1ui(flags, SORT_LOC_FIRST_PASS, pass == 0 ? 1u : 0u);
        glUseProgram(flags);
        dispatchFolded(input.n);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        m_scan.run();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, keysIn);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_IN_PERM, permIn); // unread on pass 0
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_KEYS, keysOut[target]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_PERM, permOut[target]);
        glProgramUniform1ui(scatter, SORT_LOC_LEVELS, GLuint(pass));
        glProgramUniform1ui(scatter, SORT_LOC_FIRST_PASS, pass == 0 ? 1u : 0u);
        glUseProgram(scatter);
        dispatchFolded(input.n);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        keysIn = keysOut[target];
        permIn = permOut[target];
    }
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

} // namespace dicer::sort
