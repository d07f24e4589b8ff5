#include "hp5.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "hp_shared.h"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

namespace dicer::hp {
namespace {

// The subgroup size when every lane of a subgroup is invocation (its subgroup's first + its lane) and subgroups
// start at multiples of their size, in groups of HP5_BALLOT_LOCAL_SIZE (what the ballot words assume); else 0.
int probeSubgroups(gl::ShaderLibrary& shaders) {
    Result<gl::ProgramId> probe =
        shaders.add({"hp5 subgroup probe", {{GL_COMPUTE_SHADER, "hp5_subgroups.comp.glsl"}}, {}});
    if (!probe) return 0;
    constexpr int groups = 4, n = groups * HP5_BALLOT_LOCAL_SIZE;
    Result<gl::Buffer> lanes = gl::allocateBuffer(GLsizeiptr(n) * 8, nullptr, 0, "hp5 subgroup probe");
    if (!lanes) return 0;
    glUseProgram(shaders.get(*probe));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, lanes->id());
    glDispatchCompute(groups, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<std::uint32_t> got(std::size_t(n) * 2);
    glGetNamedBufferSubData(lanes->id(), 0, GLsizeiptr(got.size() * 4), got.data());
    const std::uint32_t size = got[0];
    if (size == 0 || size > 64 || !std::has_single_bit(size)) return 0;
    for (int i = 0; i < n; ++i)
        if (got[2 * std::size_t(i)] != size ||
            got[2 * std::size_t(i) + 1] != std::uint32_t(i % HP5_BALLOT_LOCAL_SIZE) % size)
            return 0;
    return int(size);
}

} // namespace

Result<std::unique_ptr<Hp5HistoPyramid>> Hp5HistoPyramid::create(gl::ShaderLibrary& shaders,
                                                                 const gl::GlInfo& info, int ballotQuads) {
    std::unique_ptr<Hp5HistoPyramid> p(new Hp5HistoPyramid(shaders, info));
    Result<void> r = shaders.addInto(p->m_words, {"hp5 words", {{GL_COMPUTE_SHADER, "hp5_words.comp.glsl"}}, {}});
    // Ballot words where a subgroup holds a word at one quad a lane (16 lanes or more: a GPU's); with fewer lanes
    // each takes several quads, and on llvmpipe's 8 that measured 10-15 % slower than the plain words.
    const int lanes = info.hasShaderBallot ? probeSubgroups(shaders) : 0;
    const int fewest = lanes > 0 ? HP5_QUADS_PER_WORD / std::min(lanes, HP5_QUADS_PER_WORD) : 0;
    if (ballotQuads != 0 && lanes == 0)
        return makeError(
            "hp5: no ballot words on this driver (GL_ARB_shader_ballot with consecutive subgroups)");
    if (ballotQuads != 0 && (ballotQuads < fewest || ballotQuads > HP5_QUADS_PER_WORD ||
                             !std::has_single_bit(unsigned(ballotQuads))))
        return makeError("hp5: " + std::to_string(ballotQuads) + " quads a lane: a power of two from " +
                         std::to_string(fewest) + " (subgroups of " + std::to_string(lanes) + " lanes) to " +
                         std::to_string(HP5_QUADS_PER_WORD));
    p->m_ballotQuads = ballotQuads != 0 ? ballotQuads : fewest == 1 ? 1 : 0;
    if (r && p->m_ballotQuads > 0)
        r = shaders.addInto(p->m_wordsBallot, {"hp5 words (ballot)",
                                               {{GL_COMPUTE_SHADER, "hp5_words_ballot.comp.glsl"}},
                                               {{"HP5_BALLOT_QUADS", std::to_string(p->m_ballotQuads)}}});
    if (r) r = shaders.addInto(p->m_list, {"hp5 list", {{GL_COMPUTE_SHADER, "hp5_list.comp.glsl"}}, {}});
    if (!r) return makeError(r.error());
    Result<Hp5Pyramid> pyramid = Hp5Pyramid::create(shaders, Hp5Base::Words, "hp5 pyramid");
    if (!pyramid) return makeError(pyramid.error());
    p->m_pyramid = std::move(pyramid.value());
    if (Result<void> a = p->initDispatchArgs(shaders); !a) return makeError(a.error());
    if (Result<void> c = p->initCounters(); !c) return makeError(c.error());
    p->m_sampler = createAtlasSampler("hp5 atlas");
    return p;
}

Result<void> Hp5HistoPyramid::build(const MethodInput& input) {
    m_listed.reset();
    auto size = checkInput(input, m_info.maxTextureSize);
    if (!size) return makeError(size.error());
    const std::uint32_t perRow = std::uint32_t((size->x + HP5_WORD_CELLS - 1) / HP5_WORD_CELLS);
    const std::int64_t words = std::int64_t(perRow) * size->y;
    if (words * 4 > m_info.maxStorageBlockBytes) // only past 2^30 texels on llvmpipe's 128 MiB
        return makeError("hp5: input " + std::to_string(size->x) + "x" + std::to_string(size->y) + " needs " +
                         std::to_string(words * 4 >> 20) + " MiB of occupancy words, beyond this driver's " +
                         std::to_string(m_info.maxStorageBlockBytes >> 20) +
                         " MiB (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    // Every allocation before the first pass, the words committed after the pyramid's: a refusal leaves the
    // previous build as it was (the pyramid's reserve is all or none).
    if (Result<void> r = m_points.reserve(input.capacity); !r) return r;
    Result<gl::StagedWords> grown =
        gl::stageWords(m_base, m_baseCapacity, std::uint32_t(words), "hp5 occupancy words");
    if (!grown) return makeError("hp5: " + grown.error());
    if (Result<void> r = m_pyramid.reserve(std::uint32_t(words), m_info, "hp5"); !r) return r;
    grown->commit(m_base, m_baseCapacity);
    m_size = *size;
    m_wordsPerRow = perRow;
    m_tiling = input.tiling;

    gl::DebugGroup group("hp5 build");
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the previous list read the words and nodes rewritten here
    const GLuint program = m_shaders->get(ballotWords() ? m_wordsBallot : m_words);
    glProgramUniform2i(program, HP_LOC_INPUT_SIZE, size->x, size->y);
    glProgramUniform1ui(program, HP_LOC_THRESHOLD, thresholdToByte(input.threshold));
    glProgramUniform1ui(program, HP5_LOC_WORDS_PER_ROW, perRow);
    setTilingUniforms(program, input.tiling, *size);
    glUseProgram(program);
    glBindTextureUnit(HP_UNIT_INPUT, input.atlas);
    glBindSampler(HP_UNIT_INPUT, m_sampler.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, m_base.id());
    if (ballotWords()) { // a group: its invocations / (16 / quads a lane) word columns of a row pair
        const std::uint32_t columns =
            HP5_BALLOT_LOCAL_SIZE / (HP5_QUADS_PER_WORD / std::uint32_t(m_ballotQuads));
        glDispatchCompute((perRow + columns - 1) / columns, GLuint((size->y + 1) / 2), 1);
    } else { // an invocation: a word column of a row pair
        glDispatchCompute((perRow + HP5_WORDS_LOCAL_SIZE - 1) / HP5_WORDS_LOCAL_SIZE,
                          GLuint((size->y + 2 * HP5_WORDS_LOCAL_SIZE - 1) / (2 * HP5_WORDS_LOCAL_SIZE)), 1);
    }
    glBindSampler(HP_UNIT_INPUT, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    m_pyramid.build(m_base.id());
    // The count: the top's total, copied on the GPU (no readback).
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glCopyNamedBufferSubData(m_pyramid.totalsBuffer(), m_counters.id(), GLintptr(m_pyramid.topOffset()) * 4, 0, 4);
    m_built = true;
    return {};
}

Result<void> Hp5HistoPyramid::list(std::uint32_t capacity) {
    if (!m_built) return makeError("hp5: the pyramid has not been built");
    if (capacity == 0) return makeError("hp5: capacity must be at least 1");
    if (Result<void> r = m_points.reserve(capacity); !r) return r;
    gl::DebugGroup group("hp5 list");
    writeDispatchArgs(capacity);
    const GLuint program = m_shaders->get(m_list);
    glProgramUniform1ui(program, HP5_LOC_WORDS_PER_ROW, m_wordsPerRow);
    m_pyramid.bindForDescent(program);
    MethodInput in;
    in.tiling = m_tiling;
    bindPointOutput(program, in, m_size);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, m_base.id());
    glUseProgram(program);
    m_args.dispatch();
    return {};
}

Result<void> Hp5HistoPyramid::list(const MethodInput& input, ListPath path) {
    return listByPass(input, path, [this](std::uint32_t capacity) { return list(capacity); });
}

std::vector<std::uint32_t> Hp5HistoPyramid::readWords() const {
    if (!m_built) return {};
    std::vector<std::uint32_t> words(std::size_t(m_wordsPerRow) * std::size_t(m_size.y));
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(m_base.id(), 0, GLsizeiptr(words.size() * 4), words.data());
    return words;
}

std::vector<XrayLevel> Hp5HistoPyramid::xrayLevels() const {
    if (!m_built) return {};
    return m_pyramid.xrayLevels("occupancy words (32 texels of a row)");
}

Result<void> Hp5HistoPyramid::drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    if (!m_built) return makeError("hp5: the pyramid has not been built");
    return m_pyramid.drawXray(tiles, canvas, m_base.id());
}

Result<std::unique_ptr<PointMethod>> createHp5HistoPyramid(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto p = Hp5HistoPyramid::create(shaders, info);
    if (!p) return makeError(p.error());
    return std::unique_ptr<PointMethod>(std::move(p.value()));
}

} // namespace dicer::hp
