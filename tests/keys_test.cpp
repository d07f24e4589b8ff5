// The demo's keys (keys.h): every press reaches the frame once, however short the tap and however slow the
// frame; a held key's repeats are no presses; Shift+R is not R; Esc and Q quit, not while typing or over a popup.
#include "keys.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <gtest/gtest.h>

using namespace dicer::app;

TEST(Keys, TapsShorterThanAFrameAreEachTakenOnce) {
    KeyLatch latch;
    // Five taps of Space (press and release with no frame between), then a frame: five presses.
    for (int tap = 0; tap < 5; ++tap) {
        latch.onKey(GLFW_KEY_SPACE, GLFW_PRESS, 0);
        latch.onKey(GLFW_KEY_SPACE, GLFW_RELEASE, 0);
    }
    const std::vector<KeyPress> presses = latch.take();
    ASSERT_EQ(presses.size(), 5u);
    for (const KeyPress& p : presses)
        EXPECT_EQ(keyAction(p), KeyAction::ToggleExplosion);
    EXPECT_TRUE(latch.take().empty()) << "each press is taken once";
}

TEST(Keys, RepeatsAreNoPressesAndOrderIsKept) {
    KeyLatch latch;
    latch.onKey(GLFW_KEY_TAB, GLFW_PRESS, 0);
    latch.onKey(GLFW_KEY_TAB, GLFW_REPEAT, 0);
    latch.onKey(GLFW_KEY_TAB, GLFW_REPEAT, 0);
    latch.onKey(GLFW_KEY_R, GLFW_PRESS, GLFW_MOD_SHIFT);
    latch.onKey(GLFW_KEY_TAB, GLFW_RELEASE, 0);
    latch.onKey(GLFW_KEY_R, GLFW_PRESS, 0);
    const std::vector<KeyPress> presses = latch.take();
    ASSERT_EQ(presses.size(), 3u);
    EXPECT_EQ(keyAction(presses[0]), KeyAction::TogglePanels);
    EXPECT_EQ(keyAction(presses[1]), KeyAction::ReloadShaders);
    EXPECT_EQ(keyAction(presses[2]), KeyAction::ResetCamera);
}

TEST(Keys, EveryRowIsFoundAndUnknownKeysAreNone) {
    for (const KeyRow& row : keyTable())
        EXPECT_EQ(keyAction({row.key, row.shift}), row.action) << row.keyName;
    EXPECT_EQ(keyAction({GLFW_KEY_SPACE, true}), KeyAction::ToggleExplosion) << "Shift does not hide a key";
    EXPECT_FALSE(keyAction({GLFW_KEY_Z, false}));
}

TEST(Keys, EscAndQQuitUnlessTypingOrAPopupIsOpen) {
    const KeyPress esc{GLFW_KEY_ESCAPE, false}, q{GLFW_KEY_Q, false}, space{GLFW_KEY_SPACE, false};
    EXPECT_EQ(keyOutcome(esc, false, false), (KeyOutcome{KeyAction::Quit, false}));
    EXPECT_EQ(keyOutcome(q, false, false), (KeyOutcome{KeyAction::Quit, false}));
    // A text field has the keyboard: every key is typing, Esc leaves the field (ImGui's).
    EXPECT_EQ(keyOutcome(esc, true, false), KeyOutcome{});
    EXPECT_EQ(keyOutcome(q, true, true), KeyOutcome{});
    // A popup is open: Esc closes it, Q does nothing, other keys still work.
    EXPECT_EQ(keyOutcome(esc, false, true), (KeyOutcome{std::nullopt, true}));
    EXPECT_EQ(keyOutcome(q, false, true), KeyOutcome{});
    EXPECT_EQ(keyOutcome(space, false, true), (KeyOutcome{KeyAction::ToggleExplosion, false}));
}
