// Volume panel: load a built-in field or a bundled scan; the loaded volume's facts (size, type,
// spacing, value range, the reader's notes); the histogram of its values (log counts) with the band drawn on
// it; the band's ends in the data's own units. A band change re-runs discriminate -> build -> list (and the
// surface's expand) on the GPU next frame (the volume is uploaded once; FrameChanges::band reads no count
// back). The Surface part: the mc method (a row of the marching-cubes table), the triangles
// (the late total), the vertex buffer's capacity, errors, and the surface's PLY export.
#include "ui.h"

#include "app.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "mc_method_table.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace dicer::app {
namespace {

constexpr int kHistogramBins = 128;

// log10(1 + count) per bin: a CT's air and soft tissue outnumber bone by 100x, linear bars would hide it.
// Computed once per loaded volume (a pass over every sample), then kept.
const std::vector<float>& logHistogram(App& app) {
    UiState& ui = app.ui;
    if (ui.histogramOf != app.model.volume) {
        ui.histogramOf = app.model.volume;
        ui.histogram.clear();
        if (app.model.volume && app.model.valueRange)
            for (std::uint64_t count :
                 volume::histogram(*app.model.volume, kHistogramBins, *app.model.valueRange))
                ui.histogram.push_back(float(std::log10(1.0 + double(count))));
    }
    return ui.histogram;
}

void loadButtons(App& app) {
    bool first = true;
    auto button = [&first](const std::string& label) { // a row that wraps at the panel's edge
        if (!first) sameLineIfButtonFits(label.c_str());
        first = false;
        return ImGui::Button(label.c_str());
    };
    for (std::string_view name : volume::builtinVolumeNames()) {
        const std::string spec = std::string(name) + ":" + std::to_string(volume::kDefaultBuiltinSide);
        if (button(spec)) app.actions.load = ModelChoice{ModelKind::Volume, spec};
    }
    for (const volume::BundledVolume& b : volume::bundledVolumes())
        if (button(std::string(b.label)))
            app.actions.load = ModelChoice{ModelKind::Volume, volume::bundledVolumePath(b.name).string()};
    hint("files: the Model panel's path field or drop (.nrrd .nhdr .mhd .mha)");
}

// The band as a translucent box over the histogram's bars (the item just drawn).
void drawBandOn(const ImVec2& min, const ImVec2& max, volume::Band band, volume::ValueRange range) {
    if (!(range.max > range.min)) return;
    auto x = [&](double v) {
        const double t = std::clamp((v - range.min) / (range.max - range.min), 0.0, 1.0);
        return min.x + float(t) * (max.x - min.x);
    };
    if (band.lo > band.hi) return;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float x0 = x(band.lo), x1 = std::max(x(band.hi), x0 + 1.f);
    draw->AddRectFilled({x0, min.y}, {x1, max.y}, IM_COL32(255, 200, 60, 60));
    draw->AddRect({x0, min.y}, {x1, max.y}, IM_COL32(255, 200, 60, 200));
}

void bandControls(App& app, volume::ValueRange range, bool integer) {
    volume::Band& band = app.settings.frame.band;
    // Integer data are edited in integers (a CT's 1150, never 1150.47): at least one unit a step, rounded.
    const double speed = std::max((range.max - range.min) / 500.0, integer ? 1.0 : 1e-6);
    const char* format = integer ? "%.0f" : "%.6g";
    ImGui::SetNextItemWidth(-40.f * ImGui::GetIO().FontGlobalScale);
    if (ImGui::DragScalar("lo", ImGuiDataType_Double, &band.lo, float(speed), &range.min, &range.max, format) &&
        integer)
        band.lo = std::round(band.lo);
    ImGui::SetNextItemWidth(-40.f * ImGui::GetIO().FontGlobalScale);
    if (ImGui::DragScalar("hi", ImGuiDataType_Double, &band.hi, float(speed), &range.min, &range.max, format) &&
        integer)
        band.hi = std::round(band.hi);
    if (ImGui::IsItemHovered()) optionTooltip("band");
    if (ImGui::SmallButton("default band")) band = volume::defaultBand(*app.model.volume, range);
    if (ImGui::IsItemHovered()) tooltip("Otsu's threshold of the histogram up to the maximum: the values above the split between background and subject");
    ImGui::SameLine();
    if (ImGui::SmallButton("lo = min")) band.lo = range.min;
    ImGui::SameLine();
    if (ImGui::SmallButton("hi = max")) band.hi = range.max;
    hint("--band %s", volume::bandText(band).c_str());
}

// The surface of the band: the view's switch, the method (every available row built once: the combo
// switches an index), what the last runs gave, and the export.
void surfaceSection(App& app) {
    ImGui::PushID("surface"); // the Particles & views panel has a "surface" checkbox too
    ImGui::Separator();
    ImGui::TextUnformatted("Surface");
    ImGui::SameLine();
    bool shown = app.settings.view.shown.has(kSurfaceView);
    if (optionCheckbox("show-surface", shown))
        if (std::optional<ViewId> hid = app.settings.view.shown.show(kSurfaceView, shown))
            app.ui.viewNote = std::string("surface on: ") + viewRow(*hid).name + " turned off (tick it to draw both)";
    const frame::Frame& frame = *app.gpu->frame;
    surface::McMethodId& chosen = app.settings.frame.mcMethod;
    if (ImGui::BeginCombo(optionLabel("mc-method"), surface::mcMethodInfo(chosen).label)) {
        for (surface::McMethodId id : gl::rowIds(surface::mcMethodTable())) {
            const surface::McMethodInfo& row = surface::mcMethodInfo(id);
            const bool available = frame.mcMethodAvailable(id);
            if (ImGui::Selectable(row.label, chosen == id, available ? 0 : ImGuiSelectableFlags_Disabled))
                chosen = id;
            if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                tooltip("%s: %s%s", row.name, row.summary, available ? "" : " (not available on this driver)");
        }
        ImGui::EndCombo();
    }
    optionTooltip("mc-method");
    if (!frame::inputInfo(app.settings.frame.input).hasValues())
        hint("%s: the surface of its voxels (a voxel remesh)", frame::inputInfo(app.settings.frame.input).name);
    const frame::SurfaceStage& s = frame.surface();
    if (!app.ui.surfaceError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", app.ui.surfaceError.c_str());
        ImGui::PopStyleColor();
    } else if (s.drawable() && s.vertexCount()) {
        ImGui::TextWrapped("%u triangles%s", *s.vertexCount() / 3, s.countIsLate() ? " (a few frames old)" : "");
        hint("vertex buffer: %u vertices%s", s.capacity(), s.growing() ? ", growing" : "");
        if (!s.limitMessage().empty()) ImGui::TextColored(kWarn, "%s", s.limitMessage().c_str());
    } else if (!app.settings.view.shown.has(kSurfaceView)) {
        hint("not shown: the expand stage does not run");
    }
    exportControls(app, ExportPanel::Surface);
    ImGui::PopID();
}

} // namespace

void uiVolumeSection(App& app) {
    loadButtons(app);
    const std::shared_ptr<const volume::ScalarVolume>& v = app.model.volume;
    if (!v) {
        hint("showing a mesh: load a volume to decide its values with a band");
        surfaceSection(app);
        return;
    }
    ImGui::TextWrapped("%s: %d x %d x %d %s", app.model.choice.label().c_str(), v->size.x, v->size.y, v->size.z,
                volume::scalarTypeName(v->type));
    hint("spacing %g x %g x %g, loaded in %.0f ms, uploaded in %.0f ms", double(v->spacing.x),
                        double(v->spacing.y), double(v->spacing.z), app.model.loadMs, app.model.uploadMs);
    if (!app.model.valueRange) {
        ImGui::TextColored(kWarn, "every value is NaN: no band holds a voxel");
        surfaceSection(app);
        return;
    }
    const volume::ValueRange range = *app.model.valueRange;
    hint("values %.6g ... %.6g", range.min, range.max);
    const std::vector<float>& bars = logHistogram(app);
    const float top = bars.empty() ? 1.f : *std::max_element(bars.begin(), bars.end());
    ImGui::PlotHistogram("##values", bars.data(), int(bars.size()), 0, "log10(1 + count)", 0.f, top,
                         ImVec2(ImGui::GetContentRegionAvail().x, 90.f * ImGui::GetIO().FontGlobalScale));
    drawBandOn(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), app.settings.frame.band, range);
    valueBar(range, app.settings.frame.band); // the value colours' legend
    bandControls(app, range, volume::isInteger(app.model.volume->type));
    if (auto count = app.gpu ? app.gpu->frame->activeCount() : std::nullopt) {
        if (*count == 0)
            ImGui::TextColored(kWarn, "the band holds no voxel: 0 points");
        else
            ImGui::TextWrapped("%u voxels in the band%s", *count,
                        app.gpu->frame->countIsLate() ? " (a few frames old)" : "");
    }
    surfaceSection(app);
}

} // namespace dicer::app
