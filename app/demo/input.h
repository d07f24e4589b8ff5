// Mouse and keyboard outside the panels (ImGui's WantCaptureMouse/WantCaptureKeyboard decide what is
// "outside"). Keys, documented in the README and the Help panel:
//   Space      explode / re-assemble the particles      R          reset the camera
//   Shift+R    reload every shader (keeps the last good) F12        screenshot
//   A          auto-rotate on/off                        Tab        hide/show the panels
// Mouse: left-drag orbit, right- or middle-drag pan, wheel zoom.
#pragma once

namespace dicer::app {

struct App;

void handleInput(App& app);

} // namespace dicer::app
