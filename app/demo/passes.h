// The frame, stage by stage. main() calls these in order, each pipeline stage inside its ScopedStage:
//   beginFrame, (UI frame, input, panels), applyChanges,
//   voxelize -> buildPyramid -> buildPointList -> (colorPoints) -> updateParticles -> drawViews, verifyIfDue,
//   captureScreenshot(before UI), (UI), captureScreenshot(with UI), (swap), finishFrame.
#pragma once

namespace dicer::app {

struct App;
struct ModelChoice;

void beginFrame(App& app);   // frame time, simulation step
void applyChanges(App& app); // actions, dropped files, settings vs. last frame: loads and rebuilds
// Loads a model or a volume (load_choice.cpp); on error the previous one stays (app.ui.modelError says why).
void loadChoice(App& app, const ModelChoice& choice);

void voxelize(App& app);       // model -> slice atlas
void buildPyramid(App& app);   // atlas -> HistoPyramid (+ count on the GPU)
void buildPointList(App& app); // HistoPyramid -> point buffer
// Bits output: the model colours per point, when something shows or exports them this frame.
bool colorsPoints(const App& app);
void colorPoints(App& app); // mesh + point list -> colour of point k (voxelizer slot passes, hp_bits' rank)
void updateParticles(App& app);      // point buffer -> particle state (GPU), HeartBreaker phases
bool sortsParticles(const App& app); // the particle render mode draws in depth order (sorted blending)
void sortParticles(App& app);        // particle state -> back-to-front order (depth keys + HP counting sort)
void drawViews(App& app);            // the 3D view (mesh, particles, floor) and the 2D panels' images

void verifyIfDue(App& app); // point list vs. the CPU reference, on request or every N frames
// Writes the requested screenshot at the right moment: before the UI is drawn when it should not show.
void captureScreenshot(App& app, bool uiDrawn);
// Writes a requested PLY export (button, or --export-ply after the last frame), counts the frame; true when a
// --frames run is complete.
bool finishFrame(App& app);

} // namespace dicer::app
