#include "mc_hp5.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>
#include <string>

namespace dicer::surface {

Result<std::unique_ptr<McMethod>> McHp5::createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<McHp5> m(new McHp5(shaders, info));
    Result<void> r = discriminate::addKindPrograms(
        shaders, m->m_count, {"mc count", {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}}, {}});
    if (r)
        r = discriminate::addKindPrograms(shaders, m->m_expand,
                                          {"hp5_mc expand", {{GL_COMPUTE_SHADER, "mc_hp5_expand.comp.glsl"}}, {}});
    if (r) r = m->initShared("hp5_mc arguments");
    if (!r) return makeError(r.error());
    Result<hp::Hp5Pyramid> pyramid = hp::Hp5Pyramid::create(shaders, hp::Hp5Base::Counts, "hp5_mc pyramid");
    if (!pyramid) return makeError(pyramid.error());
    m->m_pyramid = std::move(pyramid.value());
    return std::unique_ptr<McMethod>(std::move(m));
}

Result<void> McHp5::shapeBuffers(glm::ivec3 size, std::uint32_t words) {
    // All or none: the counts allocated first, committed after the pyramid's reserve (itself all or none), so a
    // refusal of either keeps the previous volume's counts and pyramid.
    Result<gl::StagedWords> grown = gl::stageWords(m_counts, m_countCapacity, words, "hp5_mc vertex counts");
    if (!grown) return makeError("marching cubes: " + grown.error() + " (volume " + sizeText(size) + ")");
    if (Result<void> r = m_pyramid.reserve(words, m_info, "marching cubes (volume " + sizeText(size) + ")"); !r)
        return r;
    grown->commit(m_counts, m_countCapacity);
    return {};
}

void McHp5::countCells() {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_counts.id());
    countWords(m_count, "hp5_mc count", CountsAfterBuild::Kept);
}

void McHp5::buildOffsets() {
    gl::DebugGroup group("hp5_mc build");
    m_pyramid.build(m_counts.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_pyramid.totalsBuffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    writeDrawArgs(m_pyramid.topOffset()); // the top's total
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(0);
}

void McHp5::writeVertices() {
    gl::DebugGroup group("hp5_mc expand");
    const GLuint program = useWordsProgram(m_expand);
    bindPlacement(program);
    m_pyramid.bindForDescent(program);
    expandPerTriangle();
}

std::vector<hp::XrayLevel> McHp5::xrayLevels() const {
    if (!hasCells()) return {}; // its one-element pyramid is a placeholder: no cells, no levels
    return m_pyramid.xrayLevels("base words (4 cells: their vertex counts)");
}

Result<void> McHp5::drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
    if (!hasCells()) return makeError(std::string(name()) + ": nothing has been expanded");
    return m_pyramid.drawXray(tiles, canvas, m_counts.id());
}

} // namespace dicer::surface
