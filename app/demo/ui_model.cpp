// Model panel: built-in models, the bundled ones (assets/models), an OBJ by path or by drag-and-drop, recent
// files; screenshots.
#include "ui.h"

#include "app.h"
#include "model_catalog.h"

#include <imgui_stdlib.h>

namespace dicer::app {

void uiModelSection(App& app) {
    UiState& ui = app.ui;
    ImGui::Text("Model: %s, %zu triangles", app.model.choice.label().c_str(), app.model.mesh.triangleCount());
    ImGui::TextDisabled("loaded in %.0f ms, uploaded in %.0f ms", app.model.loadMs, app.model.uploadMs);
    if (ImGui::Button("Teapot")) app.actions.load = ModelChoice{ModelKind::Teapot, {}};
    ImGui::SameLine();
    if (ImGui::Button("Heart")) app.actions.load = ModelChoice{ModelKind::Heart, {}};
    for (const BundledModel& b : bundledModels()) { // committed with the repository: always there
        ImGui::SameLine();
        if (ImGui::Button(std::string(b.label).c_str()))
            app.actions.load = ModelChoice{ModelKind::File, bundledModelPath(b.name).string()};
    }

    ImGui::SetNextItemWidth(-60.f * ImGui::GetIO().FontGlobalScale);
    bool enter = ImGui::InputTextWithHint("##path", "path/to/model.obj", &ui.pathInput,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && !ui.pathInput.empty())
        app.actions.load = ModelChoice{ModelKind::File, ui.pathInput};
    ImGui::TextDisabled("or drop an .obj file on the window");
    if (!ui.modelError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", ui.modelError.c_str());
        ImGui::PopStyleColor();
        ImGui::TextDisabled("(the previous model stays)");
    }
    for (const std::string& w : ui.modelWarnings)
        ImGui::TextColored(kWarn, "%s", w.c_str());
    if (!ui.recent.empty()) {
        ImGui::TextUnformatted("Recent:");
        for (const std::string& path : ui.recent)
            if (ImGui::Selectable(path.c_str())) app.actions.load = ModelChoice{ModelKind::File, path};
    }

    ImGui::Separator();
    if (ImGui::Button("Screenshot (F12)")) app.actions.screenshot = true;
    ImGui::SameLine();
    ImGui::Checkbox(optionLabel("screenshot-ui"), &app.settings.screenshotWithUi);
    optionTooltip("screenshot-ui");
    ImGui::SetNextItemWidth(-1.f);
    ImGui::InputTextWithHint("##shotdir", optionLabel("screenshot-dir"), &app.settings.screenshotDir);
    optionTooltip("screenshot-dir");
    if (!ui.screenshotMessage.empty())
        ImGui::TextColored(ui.screenshotFailed ? kBad : kGood, "%s", ui.screenshotMessage.c_str());
}

} // namespace dicer::app
