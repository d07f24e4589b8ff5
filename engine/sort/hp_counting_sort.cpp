#include "hp_counting_sort.h"

#include "allocation.h"
#include "gl_debug.h"
#include "sort_shared.h"


namespace dicer::sort {

std::vector<PyramidLevel> pyramidLevels(std::uint32_t m, std::uint32_t fanIn) {
    std::uint32_t size = 1;
    while (size < m)
        size *= fanIn;
    std::vector<PyramidLevel> levels;
    for (std::uint32_t offset = 0;; size /= fanIn) {
        levels.push_back({offset, size});
        offset += size;
        if (size == 1) break;
    }
    return levels;
}

Result<std::unique_ptr<HpCountingSort>> HpCountingSort::create(gl::ShaderLibrary& shaders,
                                                               const gl::GlInfo& info, std::uint32_t fanIn) {
    if (fanIn != 2 && fanIn != 4)
        return makeError("hp_counting_sort: fan-in " + std::to_string(fanIn) + " is not 2 or 4");
    std::unique_ptr<HpCountingSort> p(new HpCountingSort(shaders, info, fanIn));
    const std::string prefix = p->name(), fan = std::to_string(fanIn);
    struct {
        gl::ProgramId* id;
        const char* name;
        const char* file;
        std::vector<std::pair<std::string, std::string>> defines;
    } programs[] = {
        {&p->m_histogram, "/histogram", "sort_histogram.comp.glsl", {}},
        {&p->m_reduce, "/reduce", "sort_hp_reduce.comp.glsl", {{"SORT_FAN_IN", fan}}},
        {&p->m_args, "/args", "sort_hp_args.comp.glsl", {}},
        {&p->m_descend, "/descend", "sort_hp_descend.comp.glsl", {{"SORT_FAN_IN", fan}}},
        {&p->m_descendStarts,
         "/descend-starts",
         "sort_hp_descend.comp.glsl",
         {{"SORT_FAN_IN", fan}, {"SORT_WRITE_STARTS", ""}}},
        {&p->m_scatter, "/scatter", "sort_scatter.comp.glsl", {}},
    };
    for (auto& d : programs) {
        auto program = shaders.add({prefix + d.name, {{GL_COMPUTE_SHADER, d.file}}, d.defines});
        if (!program) return makeError(program.error());
        *d.id = *program;
    }
    return p;
}

Result<void> HpCountingSort::sort(const SortInput& input) {
    if (Result<void> r = begin(input, /*pingPong=*/false); !r) return r;
    gl::DebugGroup group("hp_counting_sort");
    std::vector<PyramidLevel> newLevels = pyramidLevels(input.m, m_fanIn);
    const std::uint32_t cells = newLevels.back().offset + 1;
    // Each pair (buffer, capacity) changes only once its new buffer exists: a refusal keeps the previous one.
    if (cells > m_pyramidCapacity) {
        Result<gl::Buffer> pyramid =
            gl::allocateBuffer(GLsizeiptr(cells) * 4, nullptr, 0, "hp_counting_sort pyramid");
        if (!pyramid) return makeError(pyramid.error());
        Result<gl::Buffer> starts = gl::allocateBuffer(GLsizeiptr(newLevels[0].size) * 4, nullptr, 0,
                                                       "hp_counting_sort bucket starts");
        if (!starts) return makeError(starts.error());
        m_pyramid = std::move(pyramid.value());
        m_starts = std::move(starts.value());
        m_pyramidCapacity = cells;
    }
    if (Result<void> r = gl::growWords(m_ranks, m_rankCapacity, input.n, "hp_counting_sort ranks"); !r)
        return r;
    m_levels = std::move(newLevels);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the last sort's passes read what this one overwrites
    glClearNamedBufferSubData(m_pyramid.id(), GL_R32UI, 0, GLsizeiptr(m_levels[0].size) * 4, GL_RED_INTEGER,
                              GL_UNSIGNED_INT, nullptr);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_KEYS, input.keys);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_RANKS, m_ranks.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_KEYS, m_outKeys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_OUT_PERM, m_outPerm.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_IN_PERM, m_starts.id());

    // (a) histogram + ranks + validation
    GLuint histogram = m_shaders->get(m_histogram);
    glProgramUniform1ui(histogram, SORT_LOC_N, input.n);
    glProgramUniform1ui(histogram, SORT_LOC_M, input.m);
    glUseProgram(histogram);
    dispatchFolded(input.n);

    // (b) the pyramid, one fan-in:1 level per dispatch
    GLuint reduce = m_shaders->get(m_reduce);
    glUseProgram(reduce);
    for (std::size_t l = 1; l < m_levels.size(); ++l) {
        glProgramUniform1ui(reduce, SORT_LOC_IN_OFFSET, m_levels[l - 1].offset);
        glProgramUniform1ui(reduce, SORT_LOC_OUT_OFFSET, m_levels[l].offset);
        glProgramUniform1ui(reduce, SORT_LOC_OUT_SIZE, m_levels[l].size);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        dispatchFolded(m_levels[l].size);
    }
    GLuint args = m_shaders->get(m_args);
    glProgramUniform1ui(args, SORT_LOC_IN_OFFSET, m_levels.back().offset);
    glUseProgram(args);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glDispatchCompute(1, 1, 1);

    // (c) descent, one invocation per output slot, sized from the top on the GPU; with the permutation it also
    // records each bucket's first slot
    std::uint32_t offsets[SORT_MAX_LEVELS] = {};
    for (std::size_t l = 0; l < m_levels.size(); ++l)
        offsets[l] = m_levels[l].offset;
    const GLuint levels = GLuint(m_levels.size());
    GLuint descend = m_shaders->get(input.permutation ? m_descendStarts : m_descend);
    glProgramUniform1ui(descend, SORT_LOC_LEVELS, levels);
    glProgramUniform1uiv(descend, SORT_LOC_OFFSETS, SORT_MAX_LEVELS, offsets);
    glUseProgram(descend);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_status.id());
    glDispatchComputeIndirect(GLintptr(SORT_STATUS_ARGS * 4));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);

    // (d) the permutation: the bucket's start from (c) + the histogram's rank
    if (input.permutation) {
        GLuint scatter = m_shaders->get(m_scatter);
        glProgramUniform1ui(scatter, SORT_LOC_N, input.n);
        glProgramUniform1ui(scatter, SORT_LOC_M, input.m);
        glUseProgram(scatter);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // reads the starts (c) wrote
        dispatchFolded(input.n);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

std::vector<std::vector<std::uint32_t>> HpCountingSort::readPyramid() const {
    std::vector<std::vector<std::uint32_t>> out;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (const PyramidLevel& l : m_levels) {
        out.emplace_back(l.size);
        glGetNamedBufferSubData(m_pyramid.id(), GLintptr(l.offset) * 4, GLsizeiptr(l.size) * 4,
                                out.back().data());
    }
    return out;
}

} // namespace dicer::sort
