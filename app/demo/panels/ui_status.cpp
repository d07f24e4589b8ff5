// The status line along the bottom edge, always on screen with the panels: what is shown (the input and its
// voxels' size), the method, the points, the frame time and fps (app.frameMs: the Timings panel's frame row and
// the summary read the same numbers), the last verify and whether it still applies, and the last confirmation
// (a screenshot or an export saved, or why not) for a few seconds.
#include "ui.h"

#include "app.h"
#include "method_table.h"
#include "timer.h"
#include "ui_layout.h"
#include "volume_layout.h"

#include <string>

namespace dicer::app {
namespace {

constexpr double kNoticeMs = 6000; // how long a confirmation stays in the line

std::string withThousands(std::uint32_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
        out += digits[i];
    }
    return out;
}

} // namespace

void uiStatusLine(App& app) {
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNav;
    // Always where the layout puts it (the user cannot move it; a resized window moves it along).
    const WindowRect& rect = app.ui.layout.status;
    ImGui::SetNextWindowPos(ImVec2(rect.pos.x, rect.pos.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.size.x, rect.size.y), ImGuiCond_Always);
    const float scale = ImGui::GetIO().FontGlobalScale;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.f * scale, 4.f * scale));
    ImGui::Begin("Status", nullptr, kFlags);
    ImGui::PopStyleVar();
    const frame::Frame& frame = *app.gpu->frame;
    ImGui::Text("%s %s", app.settings.model.label().c_str(), occupancy::volumeText(frame.source().volume()).c_str());
    ImGui::SameLine(0.f, 16.f);
    ImGui::TextUnformatted(methods::methodInfo(app.settings.frame.method).name);
    ImGui::SameLine(0.f, 16.f);
    if (const std::optional<std::uint32_t> n = frame.activeCount())
        ImGui::Text("%s points", withThousands(*n).c_str());
    else
        ImGui::TextDisabled("points: -");
    ImGui::SameLine(0.f, 16.f);
    if (const gl::StageStats f = app.frameMs.stats("frame"); f.samples > 0)
        ImGui::Text("%.1f ms  %.1f fps", f.avgMs, 1000.0 / f.avgMs);
    else
        ImGui::TextDisabled("fps: -");
    ImGui::SameLine(0.f, 16.f);
    const VerifyLine verify = verifyLine(app);
    ImGui::TextColored(verify.color, "verify: %s", verify.text.c_str());
    if (!app.ui.notice.text.empty() && gl::steadyNowMs() - app.ui.notice.atMs < kNoticeMs) {
        ImGui::SameLine(0.f, 16.f);
        ImGui::PushTextWrapPos(0.f); // wrapped at the edge: the rest of a long path falls below the line
        ImGui::TextColored(app.ui.notice.failed ? kBad : kGood, "%s", app.ui.notice.text.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

} // namespace dicer::app
