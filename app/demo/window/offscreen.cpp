#include "offscreen.h"

#include "allocation.h"

#include <glm/common.hpp>

#include <cstdio>
#include <string>
#include <utility>

namespace dicer::app {
namespace {

std::string sizeText(glm::ivec2 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y);
}

// The largest framebuffer this context can render into and read back: every limit that applies.
glm::ivec2 maxSize(const gl::GlInfo& info) {
    glm::ivec2 m(info.maxTextureSize);
    m = glm::min(m, glm::ivec2(info.maxFramebufferSize[0], info.maxFramebufferSize[1]));
    m = glm::min(m, glm::ivec2(info.maxViewportDims[0], info.maxViewportDims[1]));
    return m;
}

} // namespace

Result<std::unique_ptr<OffscreenSurface>> OffscreenSurface::create(glm::ivec2 size, bool debugContext) {
    gl::HeadlessOptions options;
    options.debugContext = debugContext;
    auto context = gl::HeadlessContext::create(options);
    if (!context) return makeError(context.error());
    std::unique_ptr<OffscreenSurface> s(new OffscreenSurface()); // private constructor
    s->m_context = std::move(context.value());
    const glm::ivec2 limit = maxSize(s->info());
    if (size.x < 1 || size.y < 1 || size.x > limit.x || size.y > limit.y)
        return makeError("offscreen size " + sizeText(size) + " is beyond this driver's limit " +
                         sizeText(limit) + " (" + s->info().renderer + ")");
    s->m_size = size;

    Result<gl::Texture> color =
        gl::allocateTexture2D(size.x, size.y, GLenum(GL_RGBA8), 1, "offscreen colour");
    if (!color)
        return makeError("cannot create a " + sizeText(size) + " offscreen framebuffer: " + color.error());
    Result<gl::Texture> depth =
        gl::allocateTexture2D(size.x, size.y, GLenum(GL_DEPTH_COMPONENT24), 1, "offscreen depth");
    if (!depth)
        return makeError("cannot create a " + sizeText(size) + " offscreen framebuffer: " + depth.error());
    s->m_color = std::move(color.value());
    s->m_depth = std::move(depth.value());
    s->m_fbo = gl::createFramebuffer("offscreen");
    glNamedFramebufferTexture(s->m_fbo.id(), GL_COLOR_ATTACHMENT0, s->m_color.id(), 0);
    glNamedFramebufferTexture(s->m_fbo.id(), GL_DEPTH_ATTACHMENT, s->m_depth.id(), 0);
    glNamedFramebufferDrawBuffer(s->m_fbo.id(), GL_COLOR_ATTACHMENT0);
    glNamedFramebufferReadBuffer(s->m_fbo.id(), GL_COLOR_ATTACHMENT0);
    const GLenum status = glCheckNamedFramebufferStatus(s->m_fbo.id(), GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        char code[16];
        std::snprintf(code, sizeof code, "0x%04x", unsigned(status));
        return makeError("cannot create a " + sizeText(size) + " offscreen framebuffer (status " + code +
                         ")");
    }
    glBindFramebuffer(GL_FRAMEBUFFER, s->m_fbo.id());
    return s;
}

OffscreenSurface::~OffscreenSurface() {
    // The context must still be current when the FBO and its textures are deleted: members declared after it
    // would go first anyway; the explicit resets make the order visible.
    m_fbo.reset();
    m_color.reset();
    m_depth.reset();
    for (GLsync& fence : m_inFlight)
        if (fence) glDeleteSync(std::exchange(fence, nullptr));
}

void OffscreenSurface::present() {
    // No swap: the fence's flush hands the frame to the driver (and lets GPU timer queries complete). Nor a
    // swap chain to hold the CPU back, so without this a fast CPU could queue frames until the timer ring
    // drops their results: wait for the frame kFramesInFlight back, which a GPU has long finished unless it
    // is the bottleneck (then the wait is the frame time, as a blocking swap's would be).
    GLsync& oldest = m_inFlight[m_next];
    if (oldest) {
        glClientWaitSync(oldest, GL_SYNC_FLUSH_COMMANDS_BIT,
                         GLuint64(10) * 1000 * 1000 * 1000); // 10 s at most
        glDeleteSync(oldest);
    }
    oldest = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();
    m_next = (m_next + 1) % kFramesInFlight;
}

} // namespace dicer::app
