// Model panel: built-in models, the bundled ones (assets/models), an OBJ or glTF file by path or by
// drag-and-drop, recent files; screenshots and the PLY export (both into the screenshot folder).
#include "ui.h"

#include "app.h"
#include "cli_volume.h"
#include "model_catalog.h"

#include <imgui_stdlib.h>

namespace dicer::app {

void uiModelSection(App& app) {
    UiState& ui = app.ui;
    if (app.model.volume)
        ImGui::TextWrapped("Volume: %s (the Volume panel)", app.model.choice.label().c_str());
    else
        ImGui::TextWrapped("Model: %s, %zu triangles", app.model.choice.label().c_str(),
                    app.model.mesh.triangleCount());
    hint("loaded in %.0f ms, uploaded in %.0f ms", app.model.loadMs, app.model.uploadMs);
    if (ImGui::Button("Teapot")) app.actions.load = ModelChoice{ModelKind::Teapot, {}};
    ImGui::SameLine();
    if (ImGui::Button("Heart")) app.actions.load = ModelChoice{ModelKind::Heart, {}};
    // Committed with the repository: always there.
    for (const model::BundledModel& b : model::bundledModels()) {
        ImGui::SameLine();
        if (ImGui::Button(std::string(b.label).c_str()))
            app.actions.load = ModelChoice{ModelKind::File, model::bundledModelPath(b.name).string()};
    }

    ImGui::SetNextItemWidth(-60.f * ImGui::GetIO().FontGlobalScale);
    bool enter = ImGui::InputTextWithHint("##path", "model .obj .gltf .glb, volume .nrrd .nhdr .mhd .mha",
                                          &ui.pathInput, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && !ui.pathInput.empty())
        app.actions.load = modelChoice(ui.pathInput); // a volume file by its extension
    hint("or drop a model or volume file on the window");
    if (!ui.modelError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", ui.modelError.c_str());
        ImGui::PopStyleColor();
        hint("(the previous model stays)");
    }
    for (const std::string& w : ui.modelWarnings)
        ImGui::TextColored(kWarn, "%s", w.c_str());
    if (!ui.recent.empty()) {
        ImGui::TextUnformatted("Recent:");
        for (const std::string& path : ui.recent)
            if (ImGui::Selectable(path.c_str())) app.actions.load = modelChoice(path);
    }

    ImGui::Separator();
    if (ImGui::Button("Screenshot (F12)")) app.actions.screenshot = true;
    ImGui::SameLine();
    optionCheckbox("screenshot-ui", app.settings.screenshotWithUi);
    ImGui::SetNextItemWidth(-1.f);
    ImGui::InputTextWithHint("##shotdir", optionLabel("screenshot-dir"), &app.settings.screenshotDir);
    optionTooltip("screenshot-dir");
    if (!ui.screenshotMessage.empty())
        ImGui::TextColored(ui.screenshotFailed ? kBad : kGood, "%s", ui.screenshotMessage.c_str());
    exportControls(app, ExportPanel::Model); // into the folder above
    optionCheckbox("ply-ascii", app.settings.plyAscii);
}

} // namespace dicer::app
