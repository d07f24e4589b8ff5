// The colour legends: what a point's colour means in each colour mode, and the viridis bar (volume_values.h, the
// map of a volume's values and of the height colours) with the band marked on it, so a colour reads as a value.
#include "ui.h"

#include "app.h"
#include "volume_values.h"

#include <algorithm>

namespace dicer::app {
namespace {

ImU32 viridis(float t) {
    const std::uint32_t rgb = volume::volColormap(std::uint32_t(std::clamp(t, 0.f, 1.f) * 255.f + 0.5f));
    return IM_COL32((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, 255);
}

} // namespace

void viridisBar(const char* low, const char* high, std::optional<std::pair<float, float>> marked) {
    const float width = ImGui::GetContentRegionAvail().x, height = 12.f * ImGui::GetIO().FontGlobalScale;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, height));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    constexpr int kSteps = 64;
    for (int i = 0; i < kSteps; ++i) {
        const float x0 = origin.x + width * float(i) / kSteps, x1 = origin.x + width * float(i + 1) / kSteps;
        draw->AddRectFilled(ImVec2(x0, origin.y), ImVec2(x1 + 1.f, origin.y + height), viridis((float(i) + 0.5f) / float(kSteps)));
    }
    if (marked) { // the band: outside it dimmed, its ends as white ticks
        const float a = origin.x + width * std::clamp(marked->first, 0.f, 1.f);
        const float b = origin.x + width * std::clamp(marked->second, 0.f, 1.f);
        draw->AddRectFilled(origin, ImVec2(a, origin.y + height), IM_COL32(0, 0, 0, 150));
        draw->AddRectFilled(ImVec2(b, origin.y), ImVec2(origin.x + width, origin.y + height), IM_COL32(0, 0, 0, 150));
        for (float x : {a, b})
            draw->AddLine(ImVec2(x, origin.y - 2.f), ImVec2(x, origin.y + height + 2.f), IM_COL32_WHITE, 2.f);
    }
    ImGui::TextDisabled("%s", low);
    const float highWidth = ImGui::CalcTextSize(high).x;
    ImGui::SameLine(std::max(0.f, ImGui::GetWindowContentRegionMax().x - highWidth));
    ImGui::TextDisabled("%s", high);
}

void valueBar(volume::ValueRange r, volume::Band band) {
    const double span = r.max > r.min ? r.max - r.min : 1.0;
    viridisBar(volume::valueText(r.min).c_str(), volume::valueText(r.max).c_str(),
               std::pair{float((band.lo - r.min) / span), float((band.hi - r.min) / span)});
}

void colorLegend(const App& app) {
    const bool values = app.model.volume && app.model.valueRange;
    switch (app.settings.view.color) {
    case particles::ParticleColor::FalseColor:
        hint("colour = position: x red, y green, z blue (the paper's false colours)");
        break;
    case particles::ParticleColor::ModelColor:
        if (!values) {
            hint("colour = the model's: its texture or vertex colours (grey where it has none)");
            break;
        }
        hint("colour = value, viridis over the data's range; the band marked:");
        valueBar(*app.model.valueRange, app.settings.frame.band);
        break;
    case particles::ParticleColor::Height:
        hint("colour = height, viridis (colour-blind safe):");
        viridisBar("bottom", "top", std::nullopt);
        break;
    }
}

} // namespace dicer::app
