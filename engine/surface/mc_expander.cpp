// GPU marching cubes by HistoPyramid stream expansion (mc_expander.h): the programs, the pyramid's buffers and
// its passes (shaders/mc_*.comp.glsl); the volume, the cases, the header, the arguments and the vertices are the
// base's (mc_method.cpp).
//
// [SECTION] layout  [SECTION] creation  [SECTION] buffers  [SECTION] passes
#include "mc_expander.h"

#include "allocation.h"
#include "gl_debug.h"

#include <algorithm>
#include <string>

namespace dicer::surface {
namespace {

constexpr GLuint kLevel1 = 0xffffffffu; // MC_LOC_LEVEL's "level 1" (its own buffer)

} // namespace

// [SECTION] layout -----------------------------------------------------------------------------------------

McPyramidLayout mcPyramidLayout(glm::ivec3 cells) {
    McPyramidLayout l;
    if (cells.x <= 0 || cells.y <= 0 || cells.z <= 0) return l;
    l.cells = std::uint64_t(cells.x) * std::uint64_t(cells.y) * std::uint64_t(cells.z);
    const std::uint64_t words = (std::uint64_t(cells.x) + MC_FAN_IN - 1) / MC_FAN_IN *
                                std::uint64_t(cells.y) * std::uint64_t(cells.z);
    if (words > 0xffffffffull / MC_FAN_IN) return l; // padded cell indices must fit a uint
    l.words = std::uint32_t(words);
    l.levels = 1;
    l.sizes[1] = l.words;
    while (l.sizes[std::size_t(l.levels)] > 1) {
        const std::uint32_t below = l.sizes[std::size_t(l.levels)];
        ++l.levels;
        l.sizes[std::size_t(l.levels)] = (below + MC_FAN_IN - 1) / MC_FAN_IN;
        l.offsets[std::size_t(l.levels)] = l.upperEntries;
        l.upperEntries += mcStoredEntries(l.sizes[std::size_t(l.levels)]);
    }
    return l;
}

// [SECTION] creation ---------------------------------------------------------------------------------------

Result<McExpander> McExpander::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    McExpander e(shaders, info);
    Result<void> r = discriminate::addKindPrograms(
        shaders, e.m_count, {"mc count", {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}}, {}});
    if (r)
        r = discriminate::addKindPrograms(shaders, e.m_expand,
                                          {"mc expand", {{GL_COMPUTE_SHADER, "mc_expand.comp.glsl"}}, {}});
    if (r)
        r = shaders.addInto(e.m_reduce,
                            {"mc pyramid level", {{GL_COMPUTE_SHADER, "mc_reduce.comp.glsl"}}, {}});
    if (r) r = e.initShared("mc arguments");
    if (!r) return makeError(r.error());
    e.m_upperView = gl::BufferView::create(GL_RGBA32UI, 16, "mc pyramid levels 2+ view");
    e.m_level1View = gl::BufferView::create(GL_RGBA32UI, 16, "mc pyramid level 1 view");
    e.m_casesView = gl::BufferView::create(GL_RGBA32UI, 16, "mc cases view");
    return e;
}

Result<std::unique_ptr<McMethod>> McExpander::createMethod(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    Result<McExpander> e = create(shaders, info);
    if (!e) return makeError(e.error());
    return std::unique_ptr<McMethod>(std::make_unique<McExpander>(std::move(e.value())));
}

// [SECTION] buffers ----------------------------------------------------------------------------------------

Result<void> McExpander::shapeBuffers(glm::ivec3 size, std::uint32_t words) {
    const McPyramidLayout layout = mcPyramidLayout(size - 1);
    if (layout.words != m_layout.words || !m_level1) {
        // Both or none: a refusal keeps the pyramid of the previous volume.
        const std::string volume =
            " (volume " + sizeText(size) + ", " +
            std::to_string(std::int64_t(words) * 8 + std::int64_t(layout.upperEntries) * 4) +
            " bytes in all with the cases)";
        const std::uint32_t stored = mcStoredEntries(std::max<std::uint32_t>(layout.words, 1));
        // The descent reads them through views: a driver whose buffer textures hold fewer texels refuses here.
        for (Result<void> fits :
             {m_level1View.fits(GLsizeiptr(stored) * 4, glInfo(), "level 1 and the cases"),
              m_upperView.fits(GLsizeiptr(layout.upperEntries) * 4, glInfo(), "levels 2+")})
            if (!fits) return makeError("marching cubes: " + fits.error() + volume);
        Result<gl::Buffer> level1 =
            gl::allocateBuffer(GLsizeiptr(stored) * 4, nullptr, GL_DYNAMIC_STORAGE_BIT, "mc pyramid level 1");
        if (!level1) return makeError("marching cubes: " + level1.error() + volume);
        // Its padding is never written by the count (one entry a word): zero it once, as the descent reads it.
        glClearNamedBufferSubData(level1->id(), GL_R32UI, GLintptr(layout.words) * 4,
                                  GLsizeiptr(stored - layout.words) * 4, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                  nullptr);
        Result<gl::Buffer> upper = gl::allocateBuffer(std::max<GLsizeiptr>(layout.upperEntries, 1) * 4,
                                                      nullptr, 0, "mc pyramid levels 2+");
        if (!upper) return makeError("marching cubes: " + upper.error() + volume);
        m_level1 = std::move(level1.value());
        m_upper = std::move(upper.value());
    }
    m_layout = layout;
    return {};
}

// [SECTION] passes -----------------------------------------------------------------------------------------

void McExpander::countCells() {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id());
    countWords(m_count, "mc count", CountsAfterBuild::Kept);
}

void McExpander::buildOffsets() {
    gl::DebugGroup group("mc build");
    const GLuint reduce = m_shaders->get(m_reduce);
    glUseProgram(reduce);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_upper.id());
    for (int level = 2; level <= m_layout.levels; ++level) {
        const auto l = std::size_t(level);
        // The level below through a view: level 1's own buffer, then the upper buffer (mc_reduce.comp.glsl).
        if (level == 2)
            m_level1View.bind(MC_IMAGE_UPPER, m_level1.id(), level1Bytes());
        else
            m_upperView.bind(MC_IMAGE_UPPER, m_upper.id(), upperBytes());
        // The padding too (its children lie past the level below's end: 0).
        const std::uint32_t stored = mcStoredEntries(m_layout.sizes[l]);
        glProgramUniform4ui(reduce, MC_LOC_LEVEL, m_layout.offsets[l], stored,
                            level == 2 ? 0 : m_layout.offsets[l - 1], mcStoredEntries(m_layout.sizes[l - 1]));
        dispatchItems(stored / MC_FAN_IN);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT |
                        GL_SHADER_IMAGE_ACCESS_BARRIER_BIT); // the next reads a view
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id()); // the arguments read the top
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    writeDrawArgs(m_layout.levels == 1 ? kLevel1 : m_layout.offsets[std::size_t(m_layout.levels)]); // the top
    // The descent reads the levels through views (image loads), the X-ray's tiles as storage blocks.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT);
    glUseProgram(0);
}

void McExpander::writeVertices() {
    gl::DebugGroup group("mc expand");
    const GLuint program = useWordsProgram(m_expand);
    bindPlacement(program);
    glProgramUniform1ui(program, MC_LOC_LEVELS, GLuint(m_layout.levels));
    glProgramUniform1uiv(program, MC_LOC_OFFSETS, MC_MAX_LEVELS, m_layout.offsets.data());
    bindPyramidViews();
    expandPerTriangle();
}

GLsizeiptr McExpander::level1Bytes() const {
    return GLsizeiptr(mcStoredEntries(m_layout.words)) * 4;
}
GLsizeiptr McExpander::upperBytes() const {
    return GLsizeiptr(m_layout.upperEntries) * 4;
}

void McExpander::bindPyramidViews() const {
    m_upperView.bind(MC_IMAGE_UPPER, m_upper.id(), upperBytes());
    m_level1View.bind(MC_IMAGE_LEVEL1, m_level1.id(), level1Bytes());
    m_casesView.bind(MC_IMAGE_CASES, casesBuffer(), level1Bytes()); // a word of cases per level-1 entry
}

} // namespace dicer::surface
