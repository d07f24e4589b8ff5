// Dear ImGui on top of the surface: context + OpenGL3 backend, and the GLFW backend for input when there is a
// window (both inside Debian's libimgui.a); created after the surface and destroyed before it. Offscreen there
// is no platform backend: newFrame() feeds the display size and the wall-clock time step itself and ImGui gets no input,
// but draws the same panels into the bound framebuffer. Also follows the window's content scale (fonts and
// paddings) so the panels stay readable on high-DPI screens.
#pragma once

#include <glm/vec2.hpp>

struct GLFWwindow;

namespace dicer::app {

class ImGuiLayer {
public:
    explicit ImGuiLayer(GLFWwindow* window); // null: no input (offscreen)
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // framebufferSize is used only without a window (the GLFW backend asks the window).
    void newFrame(float contentScale, glm::ivec2 framebufferSize);
    void render(); // draws the frame's UI into the bound framebuffer
    float scale() const { return m_scale; }

private:
    bool m_glfw = false;
    float m_scale = 0.f;   // 0: not applied yet
    double m_lastMs = 0.0; // offscreen: the previous frame's start, for ImGui's time step
};

} // namespace dicer::app
