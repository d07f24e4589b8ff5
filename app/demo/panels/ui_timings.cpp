// Timings window: per stage the last / average / minimum / maximum over the sample window, where the numbers
// come from, the frame time and fps, and (folded) a history plot per stage. Statistics restart a few frames
// after a configuration change. The table comes first and the window is sized for it (ui_layout.h); whether
// it is on screen this frame is recorded for scripted runs to report.
#include "ui.h"

#include "app.h"
#include "report.h"
#include "ui_layout.h"

#include <cfloat>
#include <cstdio>
#include <vector>

namespace dicer::app {
namespace {

void plotHistory(const char* label, const gl::SampleWindow& window, double avg) {
    const std::vector<double>& values = window.values();
    if (values.empty()) return;
    std::vector<float> f(values.begin(), values.end());
    char overlay[32];
    std::snprintf(overlay, sizeof overlay, "avg %.2f ms", avg);
    // The window is a ring: values_offset starts the plot at its oldest sample.
    ImGui::PlotLines(label, f.data(), int(f.size()), window.next(), overlay, 0.f, FLT_MAX,
                     ImVec2(0, 40.f * ImGui::GetIO().FontGlobalScale));
}

// Whether everything from `top` to `bottom` (screen y) is visible: inside the window's visible part, and the
// window inside the viewport.
bool onScreen(float top, float bottom) {
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const WindowRect window{{pos.x, pos.y}, {size.x, size.y}};
    return window.inside({vp->WorkPos.x, vp->WorkPos.y}, {vp->WorkSize.x, vp->WorkSize.y}) && top >= pos.y &&
           bottom <= pos.y + size.y;
}

} // namespace

void uiTimingsSection(App& app) {
    const float top = ImGui::GetCursorScreenPos().y;
    const bool software = app.surface.info().softwareRenderer;
    ImGui::Text("source: %s", gl::timerSourceName(app.timers.source()));
    if (software && app.timers.source() == gl::TimerSource::CpuFenced) {
        ImGui::SameLine();
        hint("(why?)");
        if (ImGui::IsItemHovered())
            tooltip("%s: GPU timer queries unreliable,\nglFinish around each stage instead",
                              app.surface.info().renderer.c_str());
    }
    const std::vector<gl::StageStats> stats = stageRows(app.timers); // in frame order (frame_stages.h)
    const gl::StageStats frame = app.frameMs.stats("frame");
    if (ImGui::BeginTable("stages", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("stage");
        ImGui::TableSetupColumn("now ms");
        ImGui::TableSetupColumn("avg");
        ImGui::TableSetupColumn("min");
        ImGui::TableSetupColumn("max");
        ImGui::TableHeadersRow();
        std::vector<gl::StageStats> rows = stats;
        rows.push_back(frame); // the whole frame as the last row
        for (const gl::StageStats& s : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(s.name.c_str());
            if (s.samples == 0) { // warming up after a reset, or no timer: say so rather than print 0
                ImGui::TableNextColumn();
                hint("n/a");
                continue;
            }
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", s.lastMs);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", s.avgMs);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", s.minMs);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", s.maxMs);
        }
        ImGui::EndTable();
    }
    if (frame.samples > 0)
        ImGui::TextWrapped("%.1f fps (average frame), last %d frames", 1000.0 / frame.avgMs, frame.samples);
    else
        hint("fps: warming up (%d frames after a change)", app.timers.warmupFrames());
    app.ui.timingsOnScreen = onScreen(top, ImGui::GetCursorScreenPos().y);
    if (ImGui::TreeNode("history")) {
        for (const gl::StageStats& s : stats)
            if (const gl::SampleWindow* w = app.timers.history(s.name))
                plotHistory(s.name.c_str(), *w, s.avgMs);
        plotHistory("frame", app.frameMs, frame.avgMs);
        ImGui::TreePop();
    }
    if (ImGui::Button("Reset statistics")) app.resetTimings = true;
}

} // namespace dicer::app
