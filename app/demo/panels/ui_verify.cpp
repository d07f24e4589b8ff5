// Verify panel: the point list against the CPU reference (hp::verifyPointList), on demand or every N
// frames. Reading a 4096^2 atlas back and building the reference takes a while: it is not for every frame.
#include "ui.h"

#include "app.h"

namespace dicer::app {

void uiVerifySection(App& app) {
    if (ImGui::Button("Verify now")) app.actions.verify = true;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100.f * ImGui::GetIO().FontGlobalScale);
    ImGui::InputInt(optionLabel("verify-every"), &app.settings.verifyEveryFrames);
    optionTooltip("verify-every");
    if (app.settings.verifyEveryFrames < 0) app.settings.verifyEveryFrames = 0;
    hint("0 = on demand only");
    const std::optional<hp::VerifyReport>& r = app.ui.verify;
    if (!r) {
        ImGui::TextColored(kNeutral, "not verified yet");
        return;
    }
    switch (r->verdict()) {
    case hp::VerifyReport::Verdict::Ok:
        ImGui::TextColored(kGood, "OK: %u points match the CPU reference", r->gpuCount);
        break;
    case hp::VerifyReport::Verdict::Incomplete:
        ImGui::TextColored(kBad,
                           "INCOMPLETE: the %u points listed match, but the sparse pool dropped bricks this "
                           "frame (it grows for the next)",
                           r->gpuCount);
        break;
    case hp::VerifyReport::Verdict::Mismatch:
        ImGui::TextColored(kBad, "MISMATCH: %u entries differ (GPU %u, CPU %u points)", r->mismatches,
                           r->gpuCount, r->cpuCount);
        break;
    }
    hint("frame %d, %.0f ms", app.ui.verifyFrame, app.ui.verifyMs);
}

} // namespace dicer::app
