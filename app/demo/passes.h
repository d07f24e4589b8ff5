// The frame, stage by stage. main() calls these in order, each pipeline stage inside its ScopedStage:
//   beginFrame, (UI frame, input, panels), applyChanges,
//   voxelize -> buildPyramid -> buildPointList -> (colorPoints) -> (expandSurface) -> updateParticles ->
//   drawViews, verifyIfDue,
//   captureScreenshot(before UI), (UI), captureScreenshot(with UI), (swap), finishFrame.
#pragma once

#include "result.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <string>

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
// surface_passes.cpp: the surface is shown or exported this frame; the expand stage (volume + band ->
// triangles, marching cubes, no readback); its draw in the 3D view (drawViews calls it).
bool expandsSurface(const App& app);
void expandSurface(App& app);
void drawSurface(App& app, const glm::mat4& viewProj, const glm::vec3& lightDir);
bool updatesParticles(const App& app); // a shown view moves particles: the point cloud, the surface's pieces
void updateParticles(App& app);      // point buffer -> particle state (GPU), HeartBreaker phases
bool sortsParticles(const App& app); // the particle render mode draws in depth order (sorted blending)
void sortParticles(App& app);        // particle state -> back-to-front order (depth keys + HP counting sort)
void drawViews(App& app); // views/view_draws.cpp: every shown row of the view table
// HeartBreaker for surfaces: steps the surface's triangles as pieces (in the particles stage, after the points).
void updateSurfacePieces(App& app); // the 3D view (mesh, surface, particles, floor) and the panels' images

// The frame both PLY exports (points and surface) write in, into the volume space [-1,1]^3: a scalar volume's
// physical units (voxel i's centre at (i + 0.5) * spacing), a mesh's model space, the test atlas' volume space.
glm::mat4 exportFrameToVolume(const App& app);

// A stage's error, logged once (not every frame) and shown in the Pipeline panel.
void stageError(App& app, const Result<void>& r);
// One status line of its own (the particles', the splats'): logged when it changes to an error, cleared once it
// works again, so a problem that lasts is reported once and one that comes back is reported again.
void statusOnce(std::string& last, const Result<void>& r);

void verifyIfDue(App& app); // point list vs. the CPU reference: on request, every N frames, after each change
// Writes the requested screenshot at the right moment: before the UI is drawn when it should not show.
void captureScreenshot(App& app, bool uiDrawn);
// Writes the exports due (runs/exports.h: a button, or --export-... after the last frame), counts the frame; true when a
// --frames run is complete.
bool finishFrame(App& app);

} // namespace dicer::app
