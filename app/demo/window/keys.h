// The demo's keys: presses latched between frames, and what each key does (one row per key; the Keys panel lists
// them from here, and docs/MANUAL.md's table follows it).
//
// Why a latch: ImGui 1.86 reads key state once a frame, so a tap shorter than a frame (at the frame rates of the
// large presets on llvmpipe, most taps) was lost, and at 13 fps 2 of 5 taps were. The window's key callback
// queues every press, the frame takes each exactly once; a held key's repeats are not presses.
#pragma once

#include <optional>
#include <span>
#include <vector>

namespace dicer::app {

struct KeyPress {
    int key = 0; // GLFW_KEY_*
    bool shift = false;
    bool operator==(const KeyPress&) const = default;
};

class KeyLatch {
public:
    // From GLFW's key callback (action: GLFW_PRESS, GLFW_REPEAT or GLFW_RELEASE; mods: GLFW_MOD_*).
    void onKey(int key, int action, int mods);
    // The presses since the last call, in order; the latch is empty afterwards.
    std::vector<KeyPress> take();

private:
    std::vector<KeyPress> m_presses;
};

enum class KeyAction {
    ToggleExplosion,
    ResetCamera,
    FrameSubject,
    TurnForward,
    TurnSideways,
    ReloadShaders,
    Screenshot,
    ToggleAutoRotate,
    TogglePanels,
    Quit
};

struct KeyRow {
    int key = 0;
    bool shift = false;
    KeyAction action;
    const char* keyName; // "Space", "Shift+R"
    const char* does;    // "explode / re-assemble the particles"
};
std::span<const KeyRow> keyTable();
// The row of a press (Shift+R is not R); none for a key without a row.
std::optional<KeyAction> keyAction(const KeyPress& press);

// What a press does in this frame: nothing while a panel's text field has the keyboard (typing; Esc there
// leaves the field, ImGui's own), and Quit not while a popup is open: Esc closes the popup instead.
struct KeyOutcome {
    std::optional<KeyAction> action;
    bool closePopup = false;
    bool operator==(const KeyOutcome&) const = default;
};
KeyOutcome keyOutcome(const KeyPress& press, bool typing, bool popupOpen);

} // namespace dicer::app
