// Timings panel: per stage the last / average / minimum / maximum over the sample window, where the numbers
// come from, a history plot per stage, and the frame time. Statistics restart a few frames after a
// configuration change.
#include "ui.h"

#include "app.h"

#include <cfloat>
#include <cstdio>
#include <vector>

namespace dicer::app {
namespace {

void plotHistory(const char* label, const SampleWindow& window, double avg) {
    const std::vector<double>& values = window.values();
    if (values.empty()) return;
    std::vector<float> f(values.begin(), values.end());
    char overlay[32];
    std::snprintf(overlay, sizeof overlay, "avg %.2f ms", avg);
    // The window is a ring: values_offset starts the plot at its oldest sample.
    ImGui::PlotLines(label, f.data(), int(f.size()), window.next(), overlay, 0.f, FLT_MAX,
                     ImVec2(0, 40.f * ImGui::GetIO().FontGlobalScale));
}

} // namespace

void uiTimingsSection(App& app) {
    const bool software = app.surface.info().softwareRenderer;
    ImGui::Text("source: %s", timerSourceName(app.timers.source()));
    if (software && app.timers.source() == TimerSource::CpuFenced)
        ImGui::TextDisabled("(%s: GPU timer queries unreliable,\n glFinish around each stage instead)",
                            app.surface.info().renderer.c_str());
    std::vector<StageStats> stats = app.timers.stats();
    if (ImGui::BeginTable("stages", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("stage");
        ImGui::TableSetupColumn("now ms");
        ImGui::TableSetupColumn("avg");
        ImGui::TableSetupColumn("min");
        ImGui::TableSetupColumn("max");
        ImGui::TableHeadersRow();
        for (const StageStats& s : stats) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(s.name.c_str());
            if (s.samples == 0) { // warming up after a reset, or no timer: say so rather than print 0
                ImGui::TableNextColumn();
                ImGui::TextDisabled("n/a");
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
    StageStats frame = app.frameMs.stats("frame");
    if (frame.samples > 0)
        ImGui::Text("frame %.2f ms avg (%.1f fps), min %.2f, max %.2f", frame.avgMs, 1000.0 / frame.avgMs,
                    frame.minMs, frame.maxMs);
    else
        ImGui::TextDisabled("frame: warming up");
    ImGui::TextDisabled("window: last %d samples", frame.samples);
    if (ImGui::TreeNodeEx("history", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const StageStats& s : stats)
            if (const SampleWindow* w = app.timers.history(s.name)) plotHistory(s.name.c_str(), *w, s.avgMs);
        plotHistory("frame", app.frameMs, frame.avgMs);
        ImGui::TreePop();
    }
    if (ImGui::Button("Reset statistics")) app.resetTimings = true;
}

} // namespace dicer::app
