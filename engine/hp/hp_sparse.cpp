// hp_sparse: the HistoPyramid over the sparse occupancy (hp_sparse.h). Based on: Ziegler, Tevs, Theobalt,
// Seidel, TR MPI-I-2006-4-002 (2006); Dyken, Ziegler, Theobalt, Seidel (2008).
#include "hp_sparse.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>
#include <string>

namespace dicer::hp {

std::uint32_t sparseLevelNodes(std::uint32_t slots, int level) {
    const std::uint64_t masks = std::uint64_t(slots) * 16;
    const std::uint64_t per = std::uint64_t(1) << (2 * level);
    return std::uint32_t((masks + per - 1) / per);
}

int sparseLevels(std::uint32_t slots) {
    int level = HPS_FIRST_STORED_LEVEL;
    while (sparseLevelNodes(slots, level) > 1)
        ++level;
    return level;
}

int sparseDispatches(int levels) {
    return (levels + HPS_LEVELS_PER_DISPATCH - 1) / HPS_LEVELS_PER_DISPATCH;
}

Result<std::unique_ptr<SparseHistoPyramid>> SparseHistoPyramid::create(gl::ShaderLibrary& shaders,
                                                                       const gl::GlInfo& info) {
    std::unique_ptr<SparseHistoPyramid> p(new SparseHistoPyramid(shaders, info));
    auto args = shaders.add(
        {"hp_sparse/build-args", {{GL_COMPUTE_SHADER, "hps_build.comp.glsl"}}, {{"HPS_BUILD_ARGS", ""}}});
    if (!args) return makeError(args.error());
    p->m_argsPass = *args;
    for (int d = 0; d < HPS_MAX_DISPATCHES; ++d) {
        const std::string start = std::to_string(d * HPS_LEVELS_PER_DISPATCH);
        auto build = shaders.add({"hp_sparse/build-from-" + start,
                                  {{GL_COMPUTE_SHADER, "hps_build.comp.glsl"}},
                                  {{"HPS_START_LEVEL", start}}});
        if (!build) return makeError(build.error());
        p->m_build[d] = *build;
    }
    auto list =
        gl::addBlockedProgram(shaders, {"hp_sparse/list", {{GL_COMPUTE_SHADER, "hps_list.comp.glsl"}}, {}});
    if (!list) return makeError(list.error());
    p->m_list = *list;
    if (Result<void> r = p->initDispatchArgs(shaders); !r) return makeError(r.error());
    if (Result<void> r = p->initCounters(); !r) return makeError(r.error());
    Result<gl::Buffer> buildArgs =
        gl::allocateBuffer(HPS_ARGS_UINTS * 4, nullptr, 0, "hp_sparse build arguments");
    if (!buildArgs) return makeError(buildArgs.error());
    p->m_buildArgs = std::move(buildArgs.value());
    return p;
}

Result<void> SparseHistoPyramid::layout(std::uint32_t slots) {
    if (slots == m_slots) return {};
    const int levels = sparseLevels(slots);
    int offsets[HPS_MAX_LEVELS + 1] = {};
    std::int64_t nodes = 0;
    for (int level = HPS_FIRST_STORED_LEVEL; level <= levels; ++level) {
        offsets[level] = int(nodes);
        nodes += sparseLevelNodes(slots, level);
    }
    const std::int64_t bytes = nodes * 16;
    if (levels > HPS_MAX_LEVELS || bytes > m_info.maxStorageBlockBytes)
        return makeError(std::string(name()) + ": the pyramid of a pool of " + std::to_string(slots) +
                         " slots (" + std::to_string(bytes) +
                         " bytes) is beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         std::to_string(m_info.maxStorageBlockBytes));
    Result<gl::Buffer> buffer =
        gl::allocateBuffer(GLsizeiptr(bytes), nullptr, 0, std::string(name()) + " levels");
    if (!buffer) return makeError(buffer.error());
    m_levelsBuffer = std::move(buffer.value());
    std::copy(std::begin(offsets), std::end(offsets), m_offsets);
    m_levels = levels;
    m_slots = slots;
    return {};
}

void SparseHistoPyramid::bindInput() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_INDEX, m_index);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_POOL, m_pool);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPS_BIND_LEVELS, m_levelsBuffer.id());
}

Result<void> SparseHistoPyramid::build(const MethodInput& input) {
    m_listed.reset();
    Result<std::uint32_t> slots = checkSparseInput(name(), input, m_info);
    if (!slots) return makeError(slots.error());
    if (Result<void> r = m_points.reserve(input.capacity); !r) return r; // all checks before any change
    if (Result<void> r = layout(*slots); !r) return r;
    m_index = input.sparseIndex;
    m_pool = input.sparsePool;
    m_side = input.bitsSide;
    m_tiling = input.tiling;

    gl::DebugGroup group("hp_sparse build");
    // The previous list read these levels and the counters: finish before overwriting them.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    bindInput();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPS_BIND_BUILD_ARGS, m_buildArgs.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, counterBuffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, argsBuffer());
    const int dispatches = sparseDispatches(m_levels);
    GLuint program = m_shaders->get(m_argsPass);
    glProgramUniform1i(program, HPS_LOC_DISPATCHES, dispatches);
    glUseProgram(program);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_buildArgs.id());
    for (int d = 0; d < dispatches; ++d) {
        program = m_shaders->get(m_build[d]);
        glProgramUniform1i(program, HP_LOC_LEVELS, m_levels);
        glProgramUniform1iv(program, HPS_LOC_LEVEL_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
        glProgramUniform1ui(program, HP_LOC_CAPACITY, input.capacity);
        glUseProgram(program);
        glDispatchComputeIndirect(GLintptr(d) * 12);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the next dispatch reads this one's top level
    }
    // Readers: the list (SSBO, indirect command), readCount() and the late count copy (buffer reads).
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    m_argsCapacity = input.capacity;
    return {};
}

Result<void> SparseHistoPyramid::listResident(std::uint32_t capacity) {
    const std::string who = name();
    if (m_levels == 0) return makeError(who + ": the pyramid has not been built");
    if (capacity == 0) return makeError(who + ": capacity must be at least 1");
    if (Result<void> r = m_points.reserve(capacity); !r) return r;
    gl::DebugGroup group("hp_sparse list");
    if (capacity != m_argsCapacity) { // else the build wrote them
        writeDispatchArgs(capacity);
        m_argsCapacity = capacity;
    }
    const GLuint program = m_list.get(*m_shaders, m_points.capacity(), m_points.perBlock());
    glProgramUniform1i(program, HP_LOC_LEVELS, m_levels);
    glProgramUniform1iv(program, HPS_LOC_LEVEL_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
    MethodInput in;
    in.tiling = m_tiling;
    bindPointOutput(program, in, glm::ivec2(m_side));
    glUseProgram(program);
    bindInput();
    // The list reads the count (HP_ARGS_COUNT, the capacity's clamp) from the args above; it is dispatched per
    // quadrant of a used slot, from the arguments the build's first pass wrote.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, argsBuffer());
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT); // the args just written
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_buildArgs.id());
    glDispatchComputeIndirect(HPS_LIST_ARGS * 4);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    // The points' readers, as IndirectArgs::dispatch leaves them: storage, vertex pulls, read-backs, commands.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    return {};
}

Result<void> SparseHistoPyramid::list(const MethodInput& input, ListPath path) {
    return listByPass(input, path, [this](std::uint32_t capacity) { return listResident(capacity); });
}

Result<void> SparseHistoPyramid::bindForRank(GLuint program) const {
    if (m_levels == 0 || m_index == 0 || m_pool == 0)
        return makeError(std::string(name()) + ": rank needs a built pyramid (build() first)");
    glProgramUniform1i(program, HPS_LOC_RANK_SIDE, m_side);
    glProgramUniform1i(program, HPS_LOC_RANK_LEVELS, m_levels);
    glProgramUniform1iv(program, HPS_LOC_RANK_OFFSETS, HPS_MAX_LEVELS + 1, m_offsets);
    bindInput(); // index, pool, levels: the bindings hps_rank.glsl reads
    return {};
}

Result<std::unique_ptr<PointMethod>> createSparseHistoPyramid(gl::ShaderLibrary& shaders,
                                                              const gl::GlInfo& info) {
    auto p = SparseHistoPyramid::create(shaders, info);
    if (!p) return makeError(p.error());
    return std::unique_ptr<PointMethod>(std::move(p.value()));
}

} // namespace dicer::hp
