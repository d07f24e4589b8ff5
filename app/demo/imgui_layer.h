// Dear ImGui on top of the window: context + GLFW and OpenGL3 backends (both inside Debian's libimgui.a),
// created after the window and destroyed before it. Also follows the window's content scale (fonts and
// paddings) so the panels stay readable on high-DPI screens.
#pragma once

struct GLFWwindow;

namespace dicer::app {

class ImGuiLayer {
public:
    explicit ImGuiLayer(GLFWwindow* window);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void newFrame(float contentScale);
    void render(); // draws the frame's UI into the bound (default) framebuffer
    float scale() const { return m_scale; }

private:
    float m_scale = 0.f; // 0: not applied yet
};

} // namespace dicer::app
