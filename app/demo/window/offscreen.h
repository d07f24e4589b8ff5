// `dicer --offscreen`: the demo without a window or a display. A headless GL 4.5 core context through EGL
// (engine/gl/egl_context.h: the device platform on NVIDIA, surfaceless on Mesa) and one framebuffer object of
// the requested size (RGBA8 colour + 24-bit depth, as the window's) that the frames, the panels included, are
// drawn into and the screenshots read. No input: the frames are scripted (--frames).
#pragma once

#include "egl_context.h"
#include "gl_handle.h"
#include "result.h"
#include "surface.h"

#include <memory>

namespace dicer::app {

class OffscreenSurface final : public Surface {
public:
    // Fails with a message naming the cause: no EGL / no GL 4.5 core, a size beyond the driver's limits
    // (GL_MAX_FRAMEBUFFER_WIDTH/HEIGHT, GL_MAX_TEXTURE_SIZE, GL_MAX_VIEWPORT_DIMS), an incomplete framebuffer.
    static Result<std::unique_ptr<OffscreenSurface>> create(glm::ivec2 size, bool debugContext);
    ~OffscreenSurface() override; // the GL objects go before the context (member order)

    const gl::GlInfo& info() const override { return m_context->info(); }
    std::string description() const override { return "offscreen (EGL " + m_context->platformName() + ")"; }
    bool closeRequested() const override { return false; } // scripted runs end after --frames
    void pollEvents() override {}
    void waitEvents(double) override {}
    bool iconified() const override { return false; }
    glm::ivec2 framebufferSize() const override { return m_size; }
    float contentScale() const override { return 1.f; }
    GLuint framebuffer() const override { return m_fbo.id(); }
    GLenum colorBuffer() const override { return GL_COLOR_ATTACHMENT0; }
    void present() override;

    // Frames the GPU may lag behind, as a window's swap chain allows (present() waits for the frame that many
    // back): fewer than the timer and count rings hold (gl::kFrameRingSlots), so their results are not dropped.
    static constexpr int kFramesInFlight = 2;

private:
    OffscreenSurface() = default;
    std::unique_ptr<gl::HeadlessContext> m_context;
    glm::ivec2 m_size{0};
    gl::Texture m_color, m_depth;
    gl::Framebuffer m_fbo;
    GLsync m_inFlight[kFramesInFlight] = {}; // the fences of the last frames, oldest at m_next
    int m_next = 0;
};

} // namespace dicer::app
