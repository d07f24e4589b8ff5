#include "keys.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <utility>

namespace dicer::app {
namespace {

constexpr KeyRow kKeys[] = {
    {GLFW_KEY_SPACE, false, KeyAction::ToggleExplosion, "Space", "explode / re-assemble the particles"},
    {GLFW_KEY_R, false, KeyAction::ResetCamera, "R", "reset the camera (its start direction, the subject framed)"},
    {GLFW_KEY_F, false, KeyAction::FrameSubject, "F", "frame the subject between the panels (keeps the direction)"},
    {GLFW_KEY_R, true, KeyAction::ReloadShaders, "Shift+R", "reload every shader (keeps the last good)"},
    {GLFW_KEY_U, false, KeyAction::TurnForward, "U", "turn a volume 90 degrees: its top toward you (remembered per file)"},
    {GLFW_KEY_U, true, KeyAction::TurnSideways, "Shift+U", "turn a volume 90 degrees: its right side up"},
    {GLFW_KEY_F12, false, KeyAction::Screenshot, "F12", "screenshot"},
    {GLFW_KEY_A, false, KeyAction::ToggleAutoRotate, "A", "auto-rotate on/off"},
    {GLFW_KEY_TAB, false, KeyAction::TogglePanels, "Tab", "hide/show the panels"},
    {GLFW_KEY_ESCAPE, false, KeyAction::Quit, "Esc", "quit (closes an open popup first)"},
    {GLFW_KEY_Q, false, KeyAction::Quit, "Q", "quit"},
};

} // namespace

void KeyLatch::onKey(int key, int action, int mods) {
    if (action == GLFW_PRESS) m_presses.push_back({key, (mods & GLFW_MOD_SHIFT) != 0});
}

std::vector<KeyPress> KeyLatch::take() {
    return std::exchange(m_presses, {});
}

std::span<const KeyRow> keyTable() {
    return kKeys;
}

std::optional<KeyAction> keyAction(const KeyPress& press) {
    // A row without Shift also takes the key with Shift when no Shift row exists (Shift+Space explodes too).
    const KeyRow* plain = nullptr;
    for (const KeyRow& row : kKeys) {
        if (row.key != press.key) continue;
        if (row.shift == press.shift) return row.action;
        if (!row.shift) plain = &row;
    }
    bool shiftRow = false;
    for (const KeyRow& row : kKeys)
        shiftRow = shiftRow || (row.key == press.key && row.shift);
    if (plain && !shiftRow) return plain->action;
    return std::nullopt;
}

KeyOutcome keyOutcome(const KeyPress& press, bool typing, bool popupOpen) {
    if (typing) return {};
    const std::optional<KeyAction> action = keyAction(press);
    if (action == KeyAction::Quit && popupOpen) return {std::nullopt, press.key == GLFW_KEY_ESCAPE};
    return {action, false};
}

} // namespace dicer::app
