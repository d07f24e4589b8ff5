// The ImGui panels. buildUi() lays out a sidebar of collapsible sections, each built by its own file, the
// Timings window, the image windows and, after a failed start-up build, the shader error window (where they
// start: ui_layout.h). Panels only edit
// app.settings and request app.actions; applyChanges() decides what that means.
#pragma once

#include "band.h"
#include "export_table.h"

#include <imgui.h>

#include <string>
#include <string_view>

namespace dicer::app {

struct App;

void buildUi(App& app);
// Points ImGui at the layout's ini file (ui_layout.h) before the first frame and creates its folder; returns
// a line for the log. Without an ImGui context (no UI) it does nothing.
std::string setupLayoutIni(bool scriptedRun);

void uiModelSection(App& app);     // ui_model.cpp: built-ins, OBJ by path / drop, recent files, screenshots
void uiPipelineSection(App& app);  // ui_pipeline.cpp: output, method, storage, build path, preset, vox method,
                                   // threshold, list path
void uiParticlesSection(App& app); // ui_particles.cpp: HeartBreaker controls, views, colours, rotation
void uiVolumeSection(App& app);    // ui_volume.cpp: scalar volumes: load, histogram, band
void uiVerifySection(App& app);    // ui_verify.cpp: point list vs. CPU reference
void uiTimingsSection(App& app);   // ui_timings.cpp: per-stage table, history plots, frame time
void uiImageWindows(App& app);     // ui_images.cpp: slice atlas and point list panels
void uiXrayWindow(App& app);       // ui_xray.cpp: the HistoPyramid X-ray panel
void uiStatusLine(App& app);       // ui_status.cpp: input, method, points, fps, verify, last confirmation

// The colour legend of the current colour mode (ui_legend.cpp): a line, and for value and height colours the
// viridis bar from `low` to `high` with the band's [t0, t1] (fractions of the bar) marked.
void colorLegend(const App& app);
void viridisBar(const char* low, const char* high, std::optional<std::pair<float, float>> marked);
void valueBar(volume::ValueRange range, volume::Band band); // the bar over the data's range, the band marked

// Verify's state for the status line and the Verify panel (ui_verify.cpp): the verdict of the last check while it
// still applies, else pending, on request or not checked, and its colour.
struct VerifyLine {
    std::string text; // "OK", "pending", "on request", ...
    ImVec4 color;
    bool current = false; // the last report is this configuration's
};
VerifyLine verifyLine(const App& app);

struct WindowRect;
// Places the next window at its default rectangle (folded: only its title bar shows): the first time only (the
// ini remembers the user's), or every time in the frame after *Reset layout*.
void placeNextWindow(const App& app, const WindowRect& rect, bool folded = false);

// A setting's widget is labelled by its command-line row (cli.cpp optionTable(): the same text as --help):
// optionLabel() is the row's label, optionTooltip() shows the row's help while the last item is hovered.
const char* optionLabel(std::string_view option);
void optionTooltip(std::string_view option);
// A tooltip for the last item, wrapped at a readable width (a long help line never runs off the screen).
void tooltip(const char* fmt, ...) IM_FMTARGS(1);
// A slider over the row's range, labelled by the row (hideLabel: the label is only the widget's id).
bool optionSlider(std::string_view option, float& value, const char* format, bool hideLabel = false);
// A checkbox labelled by the row, with its tooltip.
bool optionCheckbox(std::string_view option, bool& value);
// The export table's buttons that sit in `panel` (export_table.h), each with its tooltip (the file it writes)
// and its last status line.
void exportControls(App& app, ExportPanel panel);
// Before a checkbox or radio button labelled `label`: on the last item's line while it fits, else on the next.
void sameLineIfFits(const char* label);
// Before a button labelled `label`: the same, so a row of buttons wraps instead of running past the panel.
void sameLineIfButtonFits(const char* label);
// Grey explanatory text, wrapped at the panel's edge (a panel never clips a sentence).
void hint(const char* fmt, ...) IM_FMTARGS(1);

// Shared look: green / grey / red status text.
inline const ImVec4 kGood{0.35f, 0.85f, 0.35f, 1.f};
inline const ImVec4 kNeutral{0.85f, 0.85f, 0.85f, 1.f};
inline const ImVec4 kBad{1.f, 0.35f, 0.3f, 1.f};
inline const ImVec4 kWarn{1.f, 0.8f, 0.3f, 1.f};

} // namespace dicer::app
