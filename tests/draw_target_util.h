// Shared by the particle draw tests: a colour (RGBA8) and depth (32F) framebuffer to draw the cloud into, bound
// with its viewport and cleared to transparent black and the far plane, as the demo's view is before the cloud.
#pragma once

#include "gl_handle.h"
#include "gl_test_util.h"

#include <glm/glm.hpp>
#include <glm/gtc/type_precision.hpp>

#include <cstdint>
#include <vector>

namespace dicer::test {

struct DrawTarget {
    glm::ivec2 size;
    gl::Texture color, depth;
    gl::Framebuffer fbo;

    explicit DrawTarget(glm::ivec2 targetSize)
        : size(targetSize), color(test::texture2D(size.x, size.y, GL_RGBA8, 1, "test colour")),
          depth(test::texture2D(size.x, size.y, GL_DEPTH_COMPONENT32F, 1, "test depth")),
          fbo(gl::createFramebuffer("test framebuffer")) {
        glNamedFramebufferTexture(fbo.id(), GL_COLOR_ATTACHMENT0, color.id(), 0);
        glNamedFramebufferTexture(fbo.id(), GL_DEPTH_ATTACHMENT, depth.id(), 0);
    }

    // Bound, cleared, the depth test on (the draw's caller enables it: ParticleSystem::draw).
    void begin() const {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo.id());
        glViewport(0, 0, size.x, size.y);
        const float black[4] = {0.f, 0.f, 0.f, 0.f}, far = 1.f;
        glClearNamedFramebufferfv(fbo.id(), GL_COLOR, 0, black);
        glClearNamedFramebufferfv(fbo.id(), GL_DEPTH, 0, &far);
        glEnable(GL_DEPTH_TEST);
    }
    void end() const {
        glDisable(GL_DEPTH_TEST);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }

    std::vector<std::uint32_t> pixels() const { // RGBA8, row by row from the bottom
        std::vector<std::uint32_t> out(std::size_t(size.x) * std::size_t(size.y));
        glGetTextureImage(color.id(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size() * 4), out.data());
        return out;
    }
    glm::u8vec4 pixel(glm::ivec2 at) const {
        glm::u8vec4 out{};
        glGetTextureSubImage(color.id(), 0, at.x, at.y, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4, &out);
        return out;
    }
};

} // namespace dicer::test
