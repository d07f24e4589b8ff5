// dicer_rect: GL_TEXTURE_RECTANGLE, one channel, all levels packed side by side in one texture (a pseudo-
// mipmap: level 1 at x = 0, level 2 right of it, ...), because in 2006 the list builder had to read every
// level from one sampler. The paper's storage is float; an integer (R32UI) storage is the exact modern form.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "dicer_shared.h"
#include "histopyramid.h"
#include "hp_math.h"
#include "hp_variants.h"

namespace dicer::hp {
namespace {
class RectPyramid final : public HistoPyramid {
public:
    RectPyramid(gl::ShaderLibrary& shaders, Storage storage) : HistoPyramid(shaders, storage) {}
    const char* name() const override { return "dicer_rect"; }
    using HistoPyramid::init;

protected:
    Defines defines() const override {
        Defines d{{"HP_LAYOUT_RECT", ""}};
        if (m_storage == Storage::Float32) d.push_back({"HP_STORAGE_FLOAT", ""});
        return d;
    }

    int maxBaseSize(int maxTextureSize) const override {
        GLint maxRect = 0;
        glGetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE, &maxRect);
        return std::min(maxTextureSize, int(maxRect)); // width N-1 < N <= limit
    }

    void allocate(int baseSize) override {
        m_pyramid = gl::createTexture(GL_TEXTURE_RECTANGLE, "dicer_rect pyramid");
        GLenum format = m_storage == Storage::Uint32 ? GL_R32UI : GL_R32F;
        glTextureStorage2D(m_pyramid.id(), 1, format, rectWidth(baseSize), std::max(baseSize / 2, 1));
        glTextureParameteri(m_pyramid.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(m_pyramid.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        m_target = gl::createFramebuffer("dicer_rect target");
        glNamedFramebufferTexture(m_target.id(), GL_COLOR_ATTACHMENT0, m_pyramid.id(), 0);
    }

    void bindPyramid() const override {
        glBindTextureUnit(HP_UNIT_PYRAMID, m_pyramid.id());
        glBindSampler(HP_UNIT_PYRAMID, 0); // rectangle textures carry their own nearest filter
    }

    void reduce(GLuint reduceProgram) override {
        glBindTextureUnit(HP_UNIT_PYRAMID, 0); // pass 1 reads only the atlas (see MipPyramid::reduce)
        glBindFramebuffer(GL_FRAMEBUFFER, m_target.id());
        for (int level = 1; level <= m_levels; ++level) {
            if (level == 2) bindPyramid();
            // The pass reads the level to its left in the same texture: defined after a texture barrier,
            // since no texel is read and written by the same draw.
            if (level > 1) glTextureBarrier();
            int size = levelSize(m_baseSize, level), x = rectOffset(m_baseSize, level);
            glViewport(x, 0, size, size);
            glProgramUniform1i(reduceProgram, HP_LOC_SRC_LEVEL, level - 1);
            glProgramUniform2i(reduceProgram, HP_LOC_DST_OFFSET, x, 0);
            glDrawArrays(GL_TRIANGLES, 0, 3);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }

    std::vector<std::uint32_t> readLevelRaw(int level) const override {
        int size = levelSize(m_baseSize, level), x = rectOffset(m_baseSize, level);
        size_t cells = size_t(size) * size_t(size);
        std::vector<std::uint32_t> sums(cells);
        if (m_storage == Storage::Uint32) {
            glGetTextureSubImage(m_pyramid.id(), 0, x, 0, 0, size, size, 1, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                 GLsizei(cells * 4), sums.data());
            return sums;
        }
        std::vector<float> raw(cells);
        glGetTextureSubImage(m_pyramid.id(), 0, x, 0, 0, size, size, 1, GL_RED, GL_FLOAT, GLsizei(cells * 4),
                             raw.data());
        for (size_t i = 0; i < cells; ++i)
            sums[i] = std::uint32_t(raw[i]);
        return sums;
    }

private:
    gl::Texture m_pyramid;
    gl::Framebuffer m_target;
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createRect(gl::ShaderLibrary& shaders, Storage storage) {
    auto p = std::make_unique<RectPyramid>(shaders, storage);
    if (Result<void> r = p->init("hp_reduce.frag.glsl"); !r) return makeError(r.error());
    return std::unique_ptr<HistoPyramid>(std::move(p));
}
} // namespace dicer::hp
