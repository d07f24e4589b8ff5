// The desktop window: GLFW 3.3 with a GL 4.5 core context, loaded through glad. All window-system code of the
// project lives in app/ (the engine only ever sees a current context).
#pragma once

#include "gl_info.h"
#include "result.h"

#include <glm/vec2.hpp>

#include <memory>
#include <string>
#include <vector>

struct GLFWwindow;

namespace dicer::app {

struct WindowOptions {
    glm::ivec2 size{1280, 800};
    bool debugContext = false; // GLFW_OPENGL_DEBUG_CONTEXT
    bool vsync = true;         // off for scripted runs, which measure
    std::string title = "Dicer";
};

class Window {
public:
    // Fails with a message naming the cause: no display, glfwInit, context creation or GL requirements.
    static Result<std::unique_ptr<Window>> create(const WindowOptions& options);
    ~Window(); // destroys the window, then terminates GLFW
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return m_window; }
    const gl::GlInfo& info() const { return m_info; }

    bool shouldClose() const;
    void pollEvents();
    void waitEvents(double timeoutSeconds); // while minimised: sleep instead of spinning
    void swapBuffers();

    glm::ivec2 framebufferSize() const; // pixels; 0x0 while minimised
    glm::ivec2 windowSize() const;      // screen coordinates (what mouse deltas are in)
    bool iconified() const;
    float contentScale() const; // 1 on a standard-DPI monitor

    // Paths dropped on the window since the last call. The GLFW callback copies them (GLFW frees its
    // strings when the callback returns) and the app loads them next frame.
    std::vector<std::string> takeDroppedPaths();

private:
    Window() = default;
    GLFWwindow* m_window = nullptr;
    gl::GlInfo m_info;
    std::vector<std::string> m_dropped;
};

// Why there is no window: no DISPLAY/WAYLAND_DISPLAY. Empty when a display is configured.
std::string missingDisplayReason();

} // namespace dicer::app
