#include "point_list.h"

#include "allocation.h"

#include "hp_shared.h"
#include "gl_debug.h"
#include "hp_math.h"

#include <cmath>

namespace dicer::hp {

glm::ivec2 listSizeFor(std::uint32_t count) {
    if (count == 0) return {1, 1};
    auto w = std::uint32_t(std::ceil(std::sqrt(double(count))));
    while (std::uint64_t(w) * w < count)
        ++w; // sqrt rounding for large counts
    std::uint32_t h = (count + w - 1) / w;
    return {int(w), int(h)};
}

Result<PointList> PointList::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    PointList list(shaders, info);
    auto args = IndirectArgs::create(shaders, "hp list args");
    if (!args) return makeError(args.error());
    list.m_args = std::move(args.value());
    list.m_emptyVao = gl::createVertexArray("point list fullscreen");
    if (Result<void> r = list.m_points.reserve(1); !r) return makeError(r.error());
    return list;
}

Result<void> PointList::build(const HistoPyramid& pyramid) {
    if (pyramid.baseSize() == 0) return makeError("point list: the pyramid has not been built");
    gl::DebugGroup group("point list");
    const std::uint32_t count = pyramid.readCount(); // the paper's readback: the list size depends on it
    if (Result<void> r = m_points.reserve(count); !r) return r;
    const glm::ivec2 listSize = listSizeFor(count);
    if (listSize.x > m_listTextureSize.x || listSize.y > m_listTextureSize.y) {
        glm::ivec2 size{std::min(nextPowerOfTwo(listSize.x), m_maxTextureSize),
                        std::min(nextPowerOfTwo(listSize.y), m_maxTextureSize)};
        // A refusal keeps the previous texture and the previous list's count and size.
        Result<gl::Texture> list =
            gl::allocateTexture2D(size.x, size.y, GLenum(GL_RG32UI), 1, "hp point list");
        if (!list) return makeError(list.error());
        m_list = std::move(list.value());
        m_listTarget = gl::createFramebuffer(m_list.id(), 0, "hp point list target");
        m_listTextureSize = size;
    }
    m_count = count;
    m_listSize = listSize;

    GLuint program = m_shaders->get(pyramid.listFragmentProgram());
    pyramid.bindForTraversal(program);
    glProgramUniform1i(program, HP_LOC_LIST_WIDTH, m_listSize.x);
    glProgramUniform1ui(program, HP_LOC_COUNT, m_count);
    m_points.bind();
    glUseProgram(program);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, m_listTarget.id());
    glViewport(0, 0, m_listSize.x, m_listSize.y);
    glBindVertexArray(m_emptyVao.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT);
    return {};
}

Result<void> PointList::buildIndirect(const HistoPyramid& pyramid, std::uint32_t capacity) {
    if (pyramid.baseSize() == 0) return makeError("point list: the pyramid has not been built");
    if (capacity == 0) return makeError("point list: capacity must be at least 1");
    gl::DebugGroup group("point list (indirect)");
    if (Result<void> r = m_points.reserve(capacity); !r) return r;
    m_count = 0;
    m_listSize = {0, 0};

    m_args.write(pyramid.counterBuffer(), capacity);

    GLuint program = m_shaders->get(pyramid.listComputeProgram());
    pyramid.bindForTraversal(program);
    glUseProgram(program);
    m_points.bind();
    m_args.dispatch();
    return {};
}

std::vector<glm::uvec2> PointList::readListTexture() const {
    std::vector<glm::uvec2> out(size_t(m_listSize.x) * size_t(m_listSize.y));
    if (out.empty()) return out;
    glGetTextureSubImage(m_list.id(), 0, 0, 0, 0, m_listSize.x, m_listSize.y, 1, GL_RG_INTEGER,
                         GL_UNSIGNED_INT, GLsizei(out.size() * sizeof(glm::uvec2)), out.data());
    return out;
}

std::uint32_t PointList::readIndirectCount(bool* overflow) const {
    std::uint32_t args[HP_ARGS_UINTS] = {};
    glGetNamedBufferSubData(m_args.buffer(), 0, sizeof args, args);
    if (overflow) *overflow = args[HP_ARGS_OVERFLOW] != 0;
    return args[HP_ARGS_COUNT];
}

} // namespace dicer::hp
