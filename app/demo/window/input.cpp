#include "input.h"

#include "app.h"
#include "keys.h"

#include <imgui.h>
#include <imgui_internal.h> // ClosePopupsExceptModals: Esc closes a popup (no keyboard navigation here)

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
        // A click (a press and release that did not drag) on the 3D view while the X-ray is open picks the point
        // under it for the X-ray to follow (ui_xray.cpp).
        if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.f &&
            app.settings.view.shown.has(kXrayView))
            app.ui.xrayPickAt = glm::vec2(io.MousePos.x, io.MousePos.y);
    }
    // Every press since the last frame, each once (keys.h: a tap shorter than a frame is not lost); a press
    // while a panel's text field has the keyboard is typing, not a command. The popups are last frame's (the
    // panels have not been built yet), which is the state the user saw when pressing.
    const bool popupOpen = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    for (const KeyPress& press : app.surface.takeKeyPresses()) {
        const KeyOutcome outcome = keyOutcome(press, io.WantCaptureKeyboard, popupOpen);
        if (outcome.closePopup) ImGui::ClosePopupsExceptModals();
        if (!outcome.action) continue;
        switch (*outcome.action) {
        case KeyAction::ToggleExplosion: app.actions.toggleExplosion = true; break;
        case KeyAction::ResetCamera: app.actions.resetCamera = true; break;
        case KeyAction::FrameSubject: app.actions.frameSubject = true; break;
        case KeyAction::TurnForward: app.actions.turnVolume = Actions::Turn::Forward; break;
        case KeyAction::TurnSideways: app.actions.turnVolume = Actions::Turn::Sideways; break;
        case KeyAction::ReloadShaders: app.actions.reloadShaders = true; break;
        case KeyAction::Screenshot: app.actions.screenshot = true; break;
        case KeyAction::ToggleAutoRotate: app.settings.view.autoRotate = !app.settings.view.autoRotate; break;
        case KeyAction::TogglePanels: app.settings.view.showUi = !app.settings.view.showUi; break;
        case KeyAction::Quit: app.surface.requestClose(); break;
        }
    }
}

} // namespace dicer::app
