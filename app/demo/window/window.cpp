#include "window.h"

#include "gl.h" // glad first: GLFW must not pull in the system GL headers
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "leak_check.h"
#include "log.h"

#include <cstdlib>
#include <utility>

namespace dicer::app {
namespace {

std::string g_lastGlfwError; // GLFW reports errors through a callback; create() quotes the last one

void onGlfwError(int code, const char* description) {
    g_lastGlfwError = description ? description : "unknown";
    log::error("GLFW error 0x%x: %s", code, g_lastGlfwError.c_str());
}

} // namespace

std::string missingDisplayReason() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((x11 && *x11) || (wayland && *wayland)) return {};
    return "no display (DISPLAY and WAYLAND_DISPLAY are unset)";
}

Result<std::unique_ptr<Window>> Window::create(const WindowOptions& options) {
    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) return makeError("glfwInit failed: " + g_lastGlfwError);
    std::unique_ptr<Window> w(new Window()); // private constructor: make_unique cannot reach it

    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, options.debugContext ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE); // the size is in logical pixels on high-DPI screens
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    w->m_window = glfwCreateWindow(options.size.x, options.size.y, options.title.c_str(), nullptr, nullptr);
    if (!w->m_window) return makeError("cannot create a GL 4.5 core window: " + g_lastGlfwError);
    glfwSetWindowUserPointer(w->m_window, w.get());
    // Below this the sidebar, the status line and the view no longer share the window in a usable way.
    glfwSetWindowSizeLimits(w->m_window, 640, 480, GLFW_DONT_CARE, GLFW_DONT_CARE);
    // Installed before the UI layer's backend, which chains to it: presses reach the latch whatever ImGui does.
    glfwSetKeyCallback(w->m_window, [](GLFWwindow* window, int key, int, int action, int mods) {
        static_cast<Window*>(glfwGetWindowUserPointer(window))->m_keys.onKey(key, action, mods);
    });
    glfwSetDropCallback(w->m_window, [](GLFWwindow* window, int count, const char** paths) {
        auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window));
        for (int i = 0; i < count; ++i)
            self->m_dropped.emplace_back(paths[i]);
    });

    glfwMakeContextCurrent(w->m_window);
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)))
        return makeError("cannot load the GL 4.5 functions (glad)");
    gl::keepDriverLoadedForLeakCheck(); // ASan builds: the driver's memory is not a leak of ours
    w->m_info = gl::queryGlInfo();
    if (Result<void> ok = gl::checkRequirements(w->m_info); !ok) return makeError(ok.error());
    glfwSwapInterval(options.vsync ? 1 : 0);
    return w;
}

Window::~Window() {
    if (m_window) glfwDestroyWindow(m_window);
    glfwTerminate();
}

bool Window::closeRequested() const {
    return glfwWindowShouldClose(m_window);
}
void Window::requestClose() {
    glfwSetWindowShouldClose(m_window, GLFW_TRUE);
}
void Window::pollEvents() {
    glfwPollEvents();
}
void Window::waitEvents(double timeoutSeconds) {
    glfwWaitEventsTimeout(timeoutSeconds);
}
void Window::present() {
    glfwSwapBuffers(m_window);
}

glm::ivec2 Window::framebufferSize() const {
    glm::ivec2 s{0};
    glfwGetFramebufferSize(m_window, &s.x, &s.y);
    return s;
}

glm::ivec2 Window::windowSize() const {
    glm::ivec2 s{0};
    glfwGetWindowSize(m_window, &s.x, &s.y);
    return s;
}

bool Window::iconified() const {
    return glfwGetWindowAttrib(m_window, GLFW_ICONIFIED) != 0;
}

float Window::contentScale() const {
    float x = 1.f, y = 1.f;
    glfwGetWindowContentScale(m_window, &x, &y);
    return x > 0.f ? x : 1.f;
}

std::vector<std::string> Window::takeDroppedPaths() {
    return std::exchange(m_dropped, {});
}

} // namespace dicer::app
