// Where the panels start and where ImGui remembers where the user moved them. Pure functions (no ImGui), so
// the CPU tests check them; ui.cpp applies them.
//
// Default layout (the Timings table visible at 1280x800 without scrolling): the settings sidebar
// down the left edge, and a right-hand column of Timings (top), Slice atlas and Point list below it, above the
// status line along the bottom edge. The Timings window is tall enough for its table, frame time and timer
// source; its history plots are folded. The image panels are as tall as a square image of the column's width
// and their text need: where the column cannot hold both (Timings and two such panels need ~1 240 px), the
// Slice atlas gets its height and the Point list starts folded, its title bar along the column's bottom
// (unfolded, it moves up to stay on screen: ui.cpp keepOnScreen).
//
// The layout the user arranges is ImGui's ini file in the user's config folder, never the working
// directory: $DICER_CONFIG_DIR/imgui.ini when that variable is set (set but empty: no file at all; the tests
// point it into their output folder), else $XDG_CONFIG_HOME/dicer/imgui.ini (an absolute XDG_CONFIG_HOME
// only, as the XDG spec says), else $HOME/.config/dicer/imgui.ini. Scripted runs (--frames) read and write
// it only when DICER_CONFIG_DIR names a folder, so a user's arrangement never changes their screenshots or
// timings and no test writes to the real home.
#pragma once

#include <glm/vec2.hpp>

#include <filesystem>
#include <optional>

namespace dicer::app {

struct WindowRect {
    glm::vec2 pos{0.f}, size{0.f}; // top-left corner and size, in ImGui's screen coordinates (pixels)
    // Whether the whole rectangle lies inside the area [areaPos, areaPos + areaSize].
    bool inside(glm::vec2 areaPos, glm::vec2 areaSize) const;
    bool overlaps(const WindowRect& other) const;
};

struct PanelLayout {
    WindowRect sidebar, timings, atlas, list, status;
    WindowRect xray; // the X-ray panel, over the free area's lower right (it is off by default)
    // The 3D view's free area: between the sidebar and the right-hand column, above the status line, where the
    // camera frames the subject (OrbitCamera::fit). Where that is too narrow (under a quarter of the width),
    // everything above the status line.
    WindowRect free;
    // The column is too short for both images at its width: the list starts folded, `list` is its unfolded
    // size with its top at the column's bottom less `titleHeight` (only its title bar shows).
    bool listFolded = false;
    float titleHeight = 0.f; // a window's title bar at the layout's scale
};

// The free area of a layout as normalised device coordinates of a display of `displaySize` (the layout's units):
// its centre and half-size, y up. Without panels: the whole display.
struct NdcArea {
    glm::vec2 centre{0.f}, half{1.f};
};
NdcArea freeAreaNdc(const PanelLayout& layout, glm::vec2 displaySize, bool panelsShown);

// The default rectangles in a viewport (ImGui's work area) at a font scale; every rectangle stays inside the
// viewport (shrunk where the viewport is smaller than the panels).
PanelLayout defaultPanelLayout(glm::vec2 workPos, glm::vec2 workSize, float scale);

// The environment the ini path depends on (null: variable not set).
struct ConfigEnv {
    const char* dicerConfigDir = nullptr; // DICER_CONFIG_DIR
    const char* xdgConfigHome = nullptr;  // XDG_CONFIG_HOME
    const char* home = nullptr;           // HOME
    static ConfigEnv fromProcess();
};

// The ini file, or nullopt where none is used (see above). The folder may not exist yet.
std::optional<std::filesystem::path> layoutIniPath(const ConfigEnv& env, bool scriptedRun);

} // namespace dicer::app
