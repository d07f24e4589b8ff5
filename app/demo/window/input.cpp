#include "input.h"

#include "app.h"
#include "keys.h"

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
    // Every press since the last frame, each once (keys.h: a tap shorter than a frame is not lost); a press
    // while a panel's text field has the keyboard is typing, not a command.
    for (const KeyPress& press : app.surface.takeKeyPresses()) {
        if (io.WantCaptureKeyboard) continue;
        const std::optional<KeyAction> action = keyAction(press);
        if (!action) continue;
        switch (*action) {
        case KeyAction::ToggleExplosion: app.actions.toggleExplosion = true; break;
        case KeyAction::ResetCamera: app.actions.resetCamera = true; break;
        case KeyAction::ReloadShaders: app.actions.reloadShaders = true; break;
        case KeyAction::Screenshot: app.actions.screenshot = true; break;
        case KeyAction::ToggleAutoRotate: app.settings.view.autoRotate = !app.settings.view.autoRotate; break;
        case KeyAction::TogglePanels: app.settings.view.showUi = !app.settings.view.showUi; break;
        }
    }
}

} // namespace dicer::app
