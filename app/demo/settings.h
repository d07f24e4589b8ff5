// The demo's single source of truth: the command line fills it, the UI edits it, and every frame the app
// compares it with last frame's copy to decide what to rebuild (nvpro's m_tweak / m_tweakLast idea).
#pragma once

#include "frame_settings.h"
#include "particles.h"
#include "view_table.h"

#include <string>

namespace dicer::app {

// What the demo shows: a mesh (a built-in or an OBJ/glTF file) or a scalar volume (a built-in field
// "NAME[:N]" or an NRRD/MetaImage file), which the frame reads as its volume input.
enum class ModelKind { Teapot, Heart, File, Volume };
const char* modelKindName(ModelKind kind); // "teapot" / "heart" / "file" / "volume"

struct ModelChoice {
    ModelKind kind = ModelKind::Teapot;
    std::string path; // ModelKind::File: the file; ModelKind::Volume: the file or the built-in's "NAME[:N]"
    bool operator==(const ModelChoice&) const = default;
    std::string label() const; // "teapot" or the file name
};

struct ViewSettings {
    ShownViews shown;   // the views on screen (view_table.h: the point cloud, the mesh, the surface, the panels)
    bool showUi = true; // Tab hides every panel
    particles::ParticleColor color = particles::ParticleColor::FalseColor;
    particles::ParticleRender render = particles::ParticleRender::Splats;
    float pointSize = 1.0f;  // sprite diameter in voxels
    int depthBuckets = 4096; // sorted blending: view-depth buckets of the sort keys (ParticleDepthOrder)
    float opacity = 0.5f;    // sorted blending: alpha at a sprite's centre
    bool autoRotate = false;
    float rotateDegreesPerSecond = 30.f;
    bool operator==(const ViewSettings&) const = default;
};

struct Settings {
    ModelChoice model;          // the model on screen (changes only when a load succeeded)
    frame::FrameSettings frame; // the pipeline: voxels, method, discriminator, list path (frame_settings.h)
    ViewSettings view;
    particles::ParticleTuning particles;
    int verifyEveryFrames = 0; // 0: only on demand
    // Verify after each change, off the frame thread (frame/auto_verify.h). A --frames run verifies its last
    // frame instead unless asked (cli.cpp).
    bool verifyAuto = true;
    std::string screenshotDir = "screenshots";
    bool screenshotWithUi = true;
    bool plyAscii = false; // PLY export: ASCII instead of binary little-endian
    bool operator==(const Settings&) const = default;
};

// What differs between two frames' settings, in rebuild terms: the model, and the frame's own changes.
struct SettingsChanges {
    bool model = false; // new mesh for the voxelizer and the mesh view
    frame::FrameChanges frame;
    bool any() const { return model || frame.any(); }
};
SettingsChanges compareSettings(const Settings& now, const Settings& last);

// Between two frames (the Pipeline panel, a loaded mesh): a new preset, mode or mesh input takes its default output
// (frame::takeDefaultOutput: the fastest that holds it on this driver) unless the output was chosen (--voxels and
// the like, or the panel's output buttons) or the test atlas is on. Where no output holds it (solid mode at 2048^3),
// the error says why and `now` gets the previous preset and mode back. Nothing changes otherwise.
Result<void> followDefaultOutput(frame::FrameSettings& now, const frame::FrameSettings& last,
                                 bool outputChosen, const gl::GlInfo& info);

// The Pipeline panel's method combo: `method`, and where it reads another output than the settings' (the 2006
// variants read the atlas) that output too (frame::suitOutput); returns the one line saying so, empty when the
// output stays.
std::string switchMethod(frame::FrameSettings& settings, methods::MethodId method);

// Timing statistics mean something only for one configuration: anything that changes the work per frame.
bool changesTimings(const Settings& now, const Settings& last);

} // namespace dicer::app
