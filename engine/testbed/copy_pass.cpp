#include "copy_pass.h"

#include "allocation.h"

#include "testbed_shared.h"

namespace dicer::testbed {

Result<CopyPass> CopyPass::create(gl::ShaderLibrary& shaders) {
    CopyPass pass(shaders);
    auto program =
        shaders.add({"copy pass",
                     {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"}, {GL_FRAGMENT_SHADER, "copy.frag.glsl"}},
                     {}});
    if (!program) return makeError(program.error());
    pass.m_program = *program;
    pass.m_vao = gl::createVertexArray("copy pass");
    pass.m_nearest = gl::createSampler(GL_NEAREST, "copy pass nearest");
    return pass;
}

Result<void> CopyPass::run(GLuint source, int width, int height) {
    if (width != m_width || height != m_height) {
        Result<gl::Texture> target =
            gl::allocateTexture2D(width, height, GLenum(GL_RGBA8), 1, "copy pass target");
        if (!target) return makeError(target.error());
        m_target = std::move(target.value());
        m_fbo = gl::createFramebuffer(m_target.id(), 0, "copy pass target");
        m_width = width;
        m_height = height;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.id());
    glViewport(0, 0, width, height);
    glUseProgram(m_shaders->get(m_program));
    glBindTextureUnit(COPY_UNIT_SOURCE, source);
    glBindSampler(COPY_UNIT_SOURCE, m_nearest.id());
    glBindVertexArray(m_vao.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return {};
}

} // namespace dicer::testbed
