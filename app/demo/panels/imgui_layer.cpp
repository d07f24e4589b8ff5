#include "imgui_layer.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "timer.h" // steadyNowMs

#include <cmath>

namespace dicer::app {

ImGuiLayer::ImGuiLayer(GLFWwindow* window) : m_glfw(window != nullptr) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // The layout is set in code and the binary runs from any folder: no imgui.ini littering the cwd.
    io.IniFilename = nullptr;
    ImGui::StyleColorsDark();
    if (m_glfw) ImGui_ImplGlfw_InitForOpenGL(window, /*install_callbacks=*/true);
    ImGui_ImplOpenGL3_Init("#version 450");
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    if (m_glfw) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::newFrame(float contentScale, glm::ivec2 framebufferSize) {
    if (!(contentScale > 0.f) || !std::isfinite(contentScale)) contentScale = 1.f;
    if (contentScale != m_scale) {
        // Scale from the unscaled default style each time, so moving between monitors does not compound.
        ImGuiStyle& style = ImGui::GetStyle();
        style = ImGuiStyle();
        ImGui::StyleColorsDark(&style);
        style.ScaleAllSizes(contentScale);
        ImGui::GetIO().FontGlobalScale = contentScale;
        m_scale = contentScale;
    }
    ImGui_ImplOpenGL3_NewFrame();
    if (m_glfw) {
        ImGui_ImplGlfw_NewFrame();
    } else {
        // What the platform backend would set: the display in pixels (no high-DPI scaling offscreen) and the
        // wall time since the last frame (the panel's fps is the real one, as in the window; ImGui asserts on
        // a step of 0).
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(framebufferSize.x), float(framebufferSize.y));
        io.DisplayFramebufferScale = ImVec2(1.f, 1.f);
        const double now = gl::steadyNowMs();
        const double stepMs = m_lastMs > 0.0 ? now - m_lastMs : 0.0;
        io.DeltaTime = stepMs > 0.0 ? float(stepMs / 1000.0) : 1.f / 60.f;
        m_lastMs = now;
    }
    ImGui::NewFrame();
}

void ImGuiLayer::render() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

} // namespace dicer::app
