// Whether the panels fit their windows: a panel whose content reaches past its right edge is clipped there (a
// label cut mid-word, a row of buttons running out). Measured from ImGui's own extents of the frame just built,
// so the summary of a scripted run can say it at any window size and UI scale (--window, --ui-scale) with every
// section open (--open-sections), and a test can fail on it.
#pragma once

#include <string>
#include <vector>

namespace dicer::app {

struct PanelOverflow {
    std::string panel;  // the window's name ("Dicer", "Timings", ...; a child window: "Dicer/log")
    float contentWidth; // pixels its widest row asked for
    float width;        // pixels it has
};

// Every panel of the frame just built (after buildUi, before rendering) whose content is wider than its work
// area; empty when all fit. Collapsed and hidden windows are not measured; tooltips wrap by construction
// (ui.h tooltip).
std::vector<PanelOverflow> measurePanelFit();
// "every panel fits" or "Dicer: 412 px of content in 350 px; ..." for the summary.
std::string panelFitText(const std::vector<PanelOverflow>& overflows);

} // namespace dicer::app
