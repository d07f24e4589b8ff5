// Mouse and keyboard outside the panels (ImGui's WantCaptureMouse/WantCaptureKeyboard decide what is
// "outside"). The keys are the rows of keys.h (each press latched, taken once); mouse: left-drag orbit,
// right- or middle-drag pan, wheel zoom.
#pragma once

namespace dicer::app {

struct App;

void handleInput(App& app);

} // namespace dicer::app
