#include "hp5.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "hp_shared.h"

#include <algorithm>
#include <string>

namespace dicer::hp {

Result<std::unique_ptr<Hp5HistoPyramid>> Hp5HistoPyramid::create(gl::ShaderLibrary& shaders,
                                                                   const gl::GlInfo& info) {
    std::unique_ptr<Hp5HistoPyramid> p(new Hp5HistoPyramid(shaders, info));
    Result<void> r = shaders.addInto(p->m_words, {"hp5 words", {{GL_COMPUTE_SHADER, "hp5_words.comp.glsl"}}, {}});
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
    const GLuint program = m_shaders->get(m_words);
    glProgramUniform2i(program, HP_LOC_INPUT_SIZE, size->x, size->y);
    glProgramUniform1ui(program, HP_LOC_THRESHOLD, thresholdToByte(input.threshold));
    glProgramUniform1ui(program, HP5_LOC_WORDS_PER_ROW, perRow);
    setTilingUniforms(program, input.tiling, *size);
    glUseProgram(program);
    glBindTextureUnit(HP_UNIT_INPUT, input.atlas);
    glBindSampler(HP_UNIT_INPUT, m_sampler.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP5_BIND_BASE, m_base.id());
    glDispatchCompute((perRow + HP5_WORDS_LOCAL_SIZE - 1) / HP5_WORDS_LOCAL_SIZE,
                      GLuint((size->y + 2 * HP5_WORDS_LOCAL_SIZE - 1) / (2 * HP5_WORDS_LOCAL_SIZE)), 1);
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
