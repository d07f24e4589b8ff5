#include "scan_sorts.h"

#include "allocation.h"
#include "gl_debug.h"
#include "sort_shared.h"

#include <algorithm>
#include <utility>

namespace dicer::sort {

Result<void> ScanSorter::build(const gl::GlInfo& info, const char* feedName, const char* feedFile,
                               const char* scatterFile,
                               std::vector<std::pair<std::string, std::string>> scatterDefines) {
    const char* sort = name();
    Result<gl::ProgramId> feed =
        m_shaders->add({std::string(sort) + "/" + feedName, {{GL_COMPUTE_SHADER, feedFile}}, {}});
    if (!feed) return makeError(feed.error());
    Result<gl::ProgramId> scatter = m_shaders->add(
        {std::string(sort) + "/scatter", {{GL_COMPUTE_SHADER, scatterFile}}, std::move(scatterDefines)});
    if (!scatter) return makeError(scatter.error());
    m_feed = *feed;
    m_scatter = *scatter;
    return m_scan.init(*m_shaders, sort, info.storageBufferOffsetAlignment);
}

void ScanSorter::runPass(GLuint program, std::uint32_t n) {
    glUseProgram(program);
    dispatchFolded(n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

Result<std::unique_ptr<ScanCountingSort>> ScanCountingSort::create(gl::ShaderLibrary& shaders,
                                                                   const gl::GlInfo& info) {
    std::unique_ptr<ScanCountingSort> p(new ScanCountingSort(shaders, info));
    if (Result<void> r = p->build(info, "histogram", "sort_histogram.comp.glsl", "sort_scatter.comp.glsl",
                                  {{"SORT_STARTS_FROM_SCAN", ""}, {"SORT_WRITE_KEYS", ""}});
        !r)
        return makeError(r.error());
    return p;
}

Result<void> ScanCountingSort::sort(const SortInput& input) {
    if (Result<void> r = begin(input, /*pingPong=*/false); !r) return r;
    gl::DebugGroup group("scan_counting_sort");
    if (Result<void> r = gl::growWords(m_ranks, m_rankCapacity, input.n, "scan_counting_sort ranks"); !r)
        return r;
    if (Result<void> r = m_scan.resize(input.m); !r) return r;
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
    const GLuint histogram = feed(), scatterPass = scatter();
    for (GLuint program : {histogram, scatterPass}) {
        glProgramUniform1ui(program, SORT_LOC_N, input.n);
        glProgramUniform1ui(program, SORT_LOC_M, input.m);
    }
    bindAll();
    runPass(histogram, input.n);
    m_scan.run(); // inclusive bucket sums in place
    bindAll();
    runPass(scatterPass, input.n);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

Result<std::unique_ptr<RadixSort>> RadixSort::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<RadixSort> p(new RadixSort(shaders, info));
    if (Result<void> r =
            p->build(info, "flags", "sort_radix_flags.comp.glsl", "sort_radix_scatter.comp.glsl");
        !r)
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
    if (Result<void> r = m_scan.resize(input.n); !r) return r;
    const int passCount = passes(input.m);
    // Ping-pong so that the last pass writes m_outKeys / m_outPerm: with an odd pass count pass 0 writes them.
    GLuint keysIn = input.keys, permIn = m_outPerm.id();
    GLuint keysOut[2] = {m_outKeys.id(), m_keysB.id()}, permOut[2] = {m_outPerm.id(), m_permB.id()};
    const int firstTarget = passCount % 2 == 1 ? 0 : 1;
    const GLuint flags = feed(), scatterPass = scatter();
    glProgramUniform1ui(flags, SORT_LOC_N, input.n);
    glProgramUniform1ui(flags, SORT_LOC_M, input.m);
    glProgramUniform1ui(scatterPass, SORT_LOC_N, input.n);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the last sort's passes read what this one overwrites
    for (int pass = 0; pass < passCount; ++pass) {
        const int target = (firstTarget + pass) % 2;
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_STATUS, m_status.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, keysIn);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
        for (GLuint program : {flags, scatterPass}) {
            glProgramUniform1ui(program, SORT_LOC_LEVELS, GLuint(pass));
            glProgramUniform1ui(program, SORT_LOC_FIRST_PASS, pass == 0 ? 1u : 0u);
        }
        runPass(flags, input.n);
        m_scan.run();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, keysIn);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_scan.buffer(), 0,
                          m_scan.levelZeroBytes());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_IN_PERM, permIn); // unread on pass 0
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_KEYS, keysOut[target]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_PERM, permOut[target]);
        runPass(scatterPass, input.n);
        keysIn = keysOut[target];
        permIn = permOut[target];
    }
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

} // namespace dicer::sort
