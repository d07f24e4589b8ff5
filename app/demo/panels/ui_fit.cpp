#include "ui_fit.h"

#include <imgui.h>
#include <imgui_internal.h> // the windows' extents: ImGui keeps them per window, not in its public API

#include <cstdio>

namespace dicer::app {

std::vector<PanelOverflow> measurePanelFit() {
    std::vector<PanelOverflow> overflows;
    const ImGuiContext* g = ImGui::GetCurrentContext();
    if (!g) return overflows;
    for (const ImGuiWindow* w : g->Windows) {
        // Only what was shown this frame, open; tooltips wrap at a width below the screen's (ui.h tooltip), and
        // a popup sizes itself to its content.
        if (!w->Active || w->Hidden || w->Collapsed) continue;
        if (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup)) continue;
        // CursorMaxPos: the right end of the widest row laid out; WorkRect: where rows may go (inside the padding
        // and the scrollbar). A window that scrolls sideways (the log) holds wide rows on purpose.
        if (w->Flags & ImGuiWindowFlags_HorizontalScrollbar) continue;
        const float over = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
        if (over > 1.f)
            overflows.push_back({w->Name, w->DC.CursorMaxPos.x - w->WorkRect.Min.x, w->WorkRect.GetWidth()});
    }
    return overflows;
}

std::string panelFitText(const std::vector<PanelOverflow>& overflows) {
    if (overflows.empty()) return "every panel fits";
    std::string text;
    for (const PanelOverflow& o : overflows) {
        char line[160];
        std::snprintf(line, sizeof line, "%s%s: %.0f px of content in %.0f px", text.empty() ? "" : "; ",
                      o.panel.c_str(), double(o.contentWidth), double(o.width));
        text += line;
    }
    return text;
}

} // namespace dicer::app
