#include "input.h"

#include "app.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace dicer::app {

void handleInput(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureMouse) {
        glm::vec2 delta(io.MouseDelta.x, io.MouseDelta.y);
        if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.f))
            app.camera.orbit(delta);
        else if (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.f) ||
                 ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.f))
            app.camera.pan(delta, io.DisplaySize.y); // deltas and display size are both in window units
        if (io.MouseWheel != 0.f) app.camera.zoom(io.MouseWheel);
    }
    if (io.WantCaptureKeyboard) return;
    // ImGui 1.86 indexes keys by the backend's native codes (GLFW_KEY_*).
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, /*repeat=*/false)) app.actions.toggleExplosion = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) {
        if (io.KeyShift)
            app.actions.reloadShaders = true;
        else
            app.actions.resetCamera = true;
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_F12, false)) app.actions.screenshot = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_A, false)) app.settings.view.autoRotate = !app.settings.view.autoRotate;
    if (ImGui::IsKeyPressed(GLFW_KEY_TAB, false)) app.settings.view.showUi = !app.settings.view.showUi;
}

} // namespace dicer::app
