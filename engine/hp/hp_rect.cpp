// dicer_rect: GL_TEXTURE_RECTANGLE, one channel, all levels packed side by side in one texture (a pseudo-
// mipmap: level 1 at x = 0, level 2 right of it, ...), because in 2006 the list builder had to read every
// level from one sampler. The paper's storage is float; an integer (R32UI) storage is the exact modern form.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "allocation.h"
#include "histopyramid.h"
#include "hp_math.h"
#include "hp_shared.h"
#include "paper_method.h"

namespace dicer::hp {
namespace {
class RectPyramid final : public HistoPyramid {
public:
    RectPyramid(gl::ShaderLibrary& shaders, Storage storage) : HistoPyramid(shaders, storage) {}
    const char* name() const override { return "dicer_rect"; }

protected:
    Defines defines() const override {
        return storageDefines("HP_LAYOUT_RECT", nullptr, "r32ui", "r32f", "image2DRect");
    }

    int maxBaseSize(const gl::GlInfo& info) const override {
        return std::min(info.maxTextureSize, info.maxRectangleTextureSize); // width N-1 < N <= limit
    }

    Result<void> allocate(int baseSize) override {
        Result<gl::Texture> pyramid =
            gl::allocateTexture2D(GLenum(GL_TEXTURE_RECTANGLE), rectWidth(baseSize),
                                  std::max(baseSize / 2, 1), format(), "dicer_rect pyramid");
        if (!pyramid) return makeError(pyramid.error());
        m_pyramid = std::move(pyramid.value());
        glTextureParameteri(m_pyramid.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(m_pyramid.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        m_target = gl::createFramebuffer(m_pyramid.id(), 0, "dicer_rect target");
        return {};
    }

    void bindPyramid() const override {
        glBindTextureUnit(HP_UNIT_PYRAMID, m_pyramid.id());
        glBindSampler(HP_UNIT_PYRAMID, 0); // rectangle textures carry their own nearest filter
    }

    void reduce(const ReducePrograms& programs) override {
        glBindTextureUnit(HP_UNIT_PYRAMID, 0); // pass 1 reads only the atlas (see MipPyramid::reduce)
        const bool compute = m_buildPath == BuildPath::Compute;
        if (!compute)
            glBindFramebuffer(GL_FRAMEBUFFER, m_target.id());
        else
            glBindImageTexture(HP_IMAGE_DST, m_pyramid.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, format());
        for (int level = 1; level <= m_levels; ++level) {
            if (level == 2) bindPyramid();
            const GLuint program = level == 1 ? programs.first : programs.rest;
            if (level <= 2) glUseProgram(program);
            int size = levelSize(m_baseSize, level), x = rectOffset(m_baseSize, level);
            glProgramUniform1i(program, HP_LOC_SRC_LEVEL, level - 1);
            glProgramUniform2i(program, HP_LOC_DST_OFFSET, x, 0);
            if (compute) {
                if (level > 1)
                    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
                glProgramUniform2i(program, HP_LOC_DST_SIZE, size, size);
                GLuint groups = GLuint((size + HP_REDUCE_LOCAL_SIZE - 1) / HP_REDUCE_LOCAL_SIZE);
                glDispatchCompute(groups, groups, 1);
                continue;
            }
            // The pass reads the level to its left in the same texture: defined after a texture barrier,
            // since no texel is read and written by the same draw.
            if (level > 1) glTextureBarrier();
            glViewport(x, 0, size, size);
            glDrawArrays(GL_TRIANGLES, 0, 3);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }

    GLenum format() const { return m_storage == Storage::Uint32 ? GL_R32UI : GL_R32F; }

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

Result<std::unique_ptr<HistoPyramid>> createRect(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                 Storage storage) {
    return HistoPyramid::make<RectPyramid>(info, shaders, storage);
}
} // namespace dicer::hp
