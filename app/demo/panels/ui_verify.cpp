// Verify panel: the point list against the CPU reference. By itself after each change (frame/auto_verify.h:
// copied on the GPU, compared on a worker thread, never stalling a frame), on request (in place: a list of any
// size, the frame waits) or every N frames.
#include "ui.h"

#include "app.h"

namespace dicer::app {

VerifyLine verifyLine(const App& app) {
    const std::optional<hp::VerifyReport>& r = app.ui.verify;
    // The last report applies while nothing the list depends on changed (a surface's mc method does not).
    const bool current = r && app.ui.verified.first == app.settings.model &&
                         !frame::compareFrameSettings(app.settings.frame, app.ui.verified.second).list();
    if (current) {
        const bool ok = r->verdict() == hp::VerifyReport::Verdict::Ok;
        return {r->verdictName(), ok ? kGood : kBad, true};
    }
    if (!app.settings.verifyAuto || !app.gpu)
        return {r ? "not since the last change" : "not yet (Verify panel)", kNeutral, false};
    using State = frame::AutoVerify::State;
    switch (app.gpu->autoVerify.state()) {
    case State::Pending: return {"pending", kNeutral, false};
    case State::OnRequest: return {"on request (Verify panel)", kNeutral, false};
    case State::Failed: return {"not checked (Verify panel)", kWarn, false};
    case State::Done: break;
    }
    return {"not since the last change", kNeutral, false};
}

void uiVerifySection(App& app) {
    if (ImGui::Button("Verify now")) app.actions.verify = true;
    if (ImGui::IsItemHovered()) tooltip("in place, whatever the list's size: the frame waits for it");
    optionCheckbox("verify-auto", app.settings.verifyAuto);
    ImGui::SetNextItemWidth(100.f * ImGui::GetIO().FontGlobalScale);
    ImGui::InputInt(optionLabel("verify-every"), &app.settings.verifyEveryFrames);
    optionTooltip("verify-every");
    if (app.settings.verifyEveryFrames < 0) app.settings.verifyEveryFrames = 0;
    hint("0 = on request or after each change only");

    const VerifyLine line = verifyLine(app);
    const std::optional<hp::VerifyReport>& r = app.ui.verify;
    if (!line.current) {
        ImGui::TextColored(line.color, "%s", line.text.c_str());
        if (app.gpu && app.settings.verifyAuto && !app.gpu->autoVerify.why().empty())
            hint("%s", app.gpu->autoVerify.why().c_str());
        if (!r) return;
        hint("the last check, for an earlier configuration:");
    }
    switch (r->verdict()) {
    case hp::VerifyReport::Verdict::Ok:
        ImGui::TextColored(kGood, "OK: %u points match the CPU reference", r->gpuCount);
        break;
    case hp::VerifyReport::Verdict::Incomplete:
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kBad, "INCOMPLETE: the %u points listed match, but %s", r->held, r->limit.c_str());
        ImGui::PopTextWrapPos();
        break;
    case hp::VerifyReport::Verdict::Mismatch:
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextColored(kBad, "MISMATCH: %u entries differ (GPU %u, CPU %u points)", r->mismatches,
                           r->gpuCount, r->cpuCount);
        ImGui::PopTextWrapPos();
        break;
    }
    if (app.ui.verifiedAuto)
        hint("frame %d, after a change: %.0f ms from the copy to the report, off the frame thread",
             app.ui.verifyFrame, app.ui.verifyMs);
    else
        hint("frame %d, in place: the frame waited %.0f ms", app.ui.verifyFrame, app.ui.verifyMs);
}

} // namespace dicer::app
