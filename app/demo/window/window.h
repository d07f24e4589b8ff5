// The desktop window: GLFW 3.3 with a GL 4.5 core context, loaded through glad. All window-system code of the
// project lives in app/ (the engine only ever sees a current context).
#pragma once

#include "result.h"
#include "surface.h"

#include <memory>
#include <string>
#include <vector>

namespace dicer::app {

struct WindowOptions {
    glm::ivec2 size{1280, 800};
    bool debugContext = false; // GLFW_OPENGL_DEBUG_CONTEXT
    bool vsync = true;         // off for scripted runs, which measure
    std::string title = "Dicer";
};

class Window final : public Surface {
public:
    // Fails with a message naming the cause: no display, glfwInit, context creation or GL requirements.
    static Result<std::unique_ptr<Window>> create(const WindowOptions& options);
    ~Window() override; // destroys the window, then terminates GLFW
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    const gl::GlInfo& info() const override { return m_info; }
    std::string description() const override { return "window"; }

    bool closeRequested() const override;
    void requestClose() override;
    void pollEvents() override;
    void waitEvents(double timeoutSeconds) override;
    bool iconified() const override;

    glm::ivec2 framebufferSize() const override;
    glm::ivec2 windowSize() const; // screen coordinates (what mouse deltas are in)
    float contentScale() const override;
    GLuint framebuffer() const override { return 0; }
    GLenum colorBuffer() const override { return GL_BACK; }
    void present() override; // swaps buffers

    // Paths dropped on the window since the last call. The GLFW callback copies them (GLFW frees its
    // strings when the callback returns) and the app loads them next frame.
    std::vector<std::string> takeDroppedPaths() override;
    std::vector<KeyPress> takeKeyPresses() override { return m_keys.take(); }
    GLFWwindow* inputWindow() const override { return m_window; }

private:
    Window() = default;
    GLFWwindow* m_window = nullptr;
    gl::GlInfo m_info;
    std::vector<std::string> m_dropped;
    KeyLatch m_keys; // fed by the key callback, taken by the frame
};

// Why there is no window: no DISPLAY/WAYLAND_DISPLAY. Empty when a display is configured.
std::string missingDisplayReason();

} // namespace dicer::app
