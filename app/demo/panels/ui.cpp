#include "ui.h"

#include "keys.h"

#include "app.h"
#include "cli.h"
#include "log.h"
#include "ui_layout.h"

#include <imgui_internal.h> // the windows' rectangles, to keep them reachable

#include <algorithm>
#include <cstdarg>
#include <string>
#include <system_error>

namespace dicer::app {

const char* optionLabel(std::string_view option) {
    return optionRow(option).text.label.data(); // the table's labels are string literals: NUL-terminated
}

void optionTooltip(std::string_view option) {
    if (!ImGui::IsItemHovered()) return;
    const std::string_view help = optionRow(option).text.help;
    tooltip("%.*s", int(help.size()), help.data());
}

void tooltip(const char* fmt, ...) {
    ImGui::BeginTooltip();
    // About 60 characters a line, and never wider than the screen.
    ImGui::PushTextWrapPos(std::min(ImGui::GetFontSize() * 32.f, ImGui::GetIO().DisplaySize.x * 0.9f));
    va_list args;
    va_start(args, fmt);
    ImGui::TextV(fmt, args);
    va_end(args);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

bool optionSlider(std::string_view option, float& value, const char* format, bool hideLabel) {
    const options::RowInfo& row = optionRow(option);
    std::string label = hideLabel ? "##" : "";
    label += row.text.label;
    const bool changed = ImGui::SliderFloat(label.c_str(), &value, float(row.min), float(row.max), format);
    optionTooltip(option);
    return changed;
}

bool optionCheckbox(std::string_view option, bool& value) {
    const bool changed = ImGui::Checkbox(optionLabel(option), &value);
    optionTooltip(option);
    return changed;
}

void exportControls(App& app, ExportPanel panel) {
    for (ExportId id : exportIds()) {
        const ExportRow& row = exportRow(id);
        if (row.panel != panel) continue;
        if (ImGui::Button(row.label)) app.actions.exports.set(id);
        if (ImGui::IsItemHovered())
            tooltip("%s;\nwritten to %s/dicer_<date>-<time>%s (--%s FILE in a scripted run)", row.summary,
                              app.settings.screenshotDir.c_str(), row.suffix, row.option);
        const UiState::ExportStatus& status = app.ui.exports[size_t(id.row)];
        if (!status.message.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, status.failed ? kBad : kGood);
            ImGui::TextWrapped("%s", status.message.c_str());
            ImGui::PopStyleColor();
        }
    }
}

namespace {

// Measured before moving: SameLine() followed by NewLine() would count the spacing after the last item as
// content (ImGui's ItemSize), widening the panel's content past its edge.
void sameLineIfRoomFor(float width) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

} // namespace

void sameLineIfFits(const char* label) {
    sameLineIfRoomFor(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x);
}

void sameLineIfButtonFits(const char* label) {
    sameLineIfRoomFor(ImGui::CalcTextSize(label, nullptr, true).x + 2.f * ImGui::GetStyle().FramePadding.x);
}

void hint(const char* fmt, ...) {
    ImGui::PushTextWrapPos(0.f);
    va_list args;
    va_start(args, fmt);
    ImGui::TextDisabledV(fmt, args);
    va_end(args);
    ImGui::PopTextWrapPos();
}

namespace {

void helpSection() {
    // Every row of the key table (keys.h), the mouse, and what dropping a file does; the second column wraps.
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("key");
        ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
        auto row = [](const char* key, const char* does) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(key);
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", does);
        };
        for (const KeyRow& key : keyTable())
            row(key.keyName, key.does);
        row("Mouse", "left drag orbit, right or middle drag pan, wheel zoom; with the X-ray open, a click on a point "
                     "follows it");
        row("Drop", "an .obj, .gltf, .glb or volume file on the window: load it");
        ImGui::EndTable();
    }
}

void shaderSection(App& app) {
    if (ImGui::Button("Reload shaders (Shift+R)")) app.actions.reloadShaders = true;
    ImGui::SameLine();
    switch (app.ui.reload) {
    case ReloadStatus::Ok:
        ImGui::TextColored(kGood, "ok");
        break;
    case ReloadStatus::Failed:
        ImGui::TextColored(kBad, "failed: last good kept");
        break;
    default:
        ImGui::TextColored(kNeutral, "not reloaded yet");
    }
    if (!app.ui.shaderLog.empty()) {
        ImGui::BeginChild("shader log", ImVec2(0, 160), true, ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(app.ui.shaderLog.c_str());
        ImGui::EndChild();
    }
    ImGui::TextUnformatted("Log:");
    ImGui::BeginChild("log", ImVec2(0, 140), true, ImGuiWindowFlags_HorizontalScrollbar);
    for (const std::string& line : app.ui.log)
        ImGui::TextColored(line.starts_with("error") ? kBad : (line.starts_with("warn") ? kWarn : kNeutral),
                           "%s", line.c_str());
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.f); // follow new lines
    ImGui::EndChild();
}

// Without working shaders there is nothing to show but the reason, and a way to try again.
void startupErrorWindow(App& app) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
        ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.8f, vp->WorkSize.y * 0.6f), ImGuiCond_Always);
    ImGui::Begin("Pipeline error", nullptr, ImGuiWindowFlags_NoCollapse);
    ImGui::TextColored(kBad,
                       "The pipeline could not be built (a shader error?). Fix it, then press Shift+R.");
    if (ImGui::Button("Retry (Shift+R)")) app.actions.reloadShaders = true;
    ImGui::BeginChild("error log", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(app.gpuError.c_str());
    ImGui::EndChild();
    ImGui::End();
}

// After the window shrank (or an ini from a larger screen was read) a panel may lie outside it: moved back just
// far enough that its title bar can be grabbed (a panel partly off screen on purpose stays where it is).
void keepReachable() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float grip = 64.f * ImGui::GetIO().FontGlobalScale, title = ImGui::GetFrameHeight();
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
        if (!w->Active || (w->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup)))
            continue;
        const ImVec2 min{vp->WorkPos.x - w->Size.x + grip, vp->WorkPos.y};
        const ImVec2 max{vp->WorkPos.x + vp->WorkSize.x - grip, vp->WorkPos.y + vp->WorkSize.y - title};
        const ImVec2 pos{std::clamp(w->Pos.x, min.x, std::max(min.x, max.x)),
                         std::clamp(w->Pos.y, min.y, std::max(min.y, max.y))};
        if (pos.x != w->Pos.x || pos.y != w->Pos.y) ImGui::SetWindowPos(w, pos);
    }
}

} // namespace

void placeNextWindow(const App& app, const WindowRect& rect, bool folded) {
    const ImGuiCond cond = app.ui.resetLayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(rect.pos.x, rect.pos.y), cond);
    ImGui::SetNextWindowSize(ImVec2(rect.size.x, rect.size.y), cond);
    if (app.ui.resetLayout || folded) ImGui::SetNextWindowCollapsed(folded, cond);
}

std::string setupLayoutIni(bool scriptedRun) {
    static std::string iniFile; // ImGui keeps the pointer until DestroyContext (after the App is gone)
    if (!ImGui::GetCurrentContext()) return "layout: no UI";
    std::optional<std::filesystem::path> path = layoutIniPath(ConfigEnv::fromProcess(), scriptedRun);
    if (!path) return "layout: not remembered (no config folder for this run, see DICER_CONFIG_DIR)";
    std::error_code ec;
    std::filesystem::create_directories(path->parent_path(), ec);
    if (ec)
        return "layout: not remembered: cannot create " + path->parent_path().string() + ": " + ec.message();
    iniFile = path->string();
    ImGui::GetIO().IniFilename = iniFile.c_str(); // read by the first NewFrame, written as ImGui sees fit
    return "layout: remembered in " + iniFile;
}

void buildUi(App& app) {
    if (!app.gpu) startupErrorWindow(app);
    if (!app.settings.view.showUi) return;

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    app.ui.layout = defaultPanelLayout({vp->WorkPos.x, vp->WorkPos.y}, {vp->WorkSize.x, vp->WorkSize.y},
                                       ImGui::GetIO().FontGlobalScale);
    placeNextWindow(app, app.ui.layout.sidebar);
    ImGui::Begin("Dicer");
    hint("Tab hides the panels"); // fps and the rest: the status line (ui_status.cpp)
    ImGui::SameLine();
    const bool reset = ImGui::SmallButton("Reset layout");
    if (ImGui::IsItemHovered())
        tooltip("every window back to its place and size; the layout is remembered in\n%s",
                          ImGui::GetIO().IniFilename ? ImGui::GetIO().IniFilename : "(nowhere in this run)");
    // --open-sections: every section open, as the fit check measures them.
    auto section = [&app](const char* name, ImGuiTreeNodeFlags flags = 0) {
        if (app.run.openSections) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
        return ImGui::CollapsingHeader(name, flags);
    };
    if (section("Model")) uiModelSection(app);
    if (app.gpu) {
        // Open while a volume is shown: its band is the setting that matters most then.
        ImGui::SetNextItemOpen(app.model.volume != nullptr, ImGuiCond_Appearing);
        if (section("Volume")) uiVolumeSection(app);
        if (section("Pipeline", ImGuiTreeNodeFlags_DefaultOpen)) uiPipelineSection(app);
        if (section("Particles & views", ImGuiTreeNodeFlags_DefaultOpen)) uiParticlesSection(app);
        if (section("Verify")) uiVerifySection(app);
    }
    if (section("Shaders & log")) shaderSection(app);
    if (section("Keys")) helpSection();
    ImGui::End();
    if (app.gpu) {
        placeNextWindow(app, app.ui.layout.timings);
        if (ImGui::Begin("Timings"))
            uiTimingsSection(app);
        else
            app.ui.timingsOnScreen = false; // collapsed
        ImGui::End();
        uiImageWindows(app);
        uiXrayWindow(app);
        uiStatusLine(app);
    }
    keepReachable();
    app.ui.resetLayout = reset; // applied to every window in the next frame
}

} // namespace dicer::app
