// Everything the frame loop touches. main() creates it after the surface and the UI layer and destroys it
// before them (reverse order of creation); the stages, input and panels are free functions over it.
#pragma once

#include "auto_verify.h"
#include "benchmark.h"
#include "camera.h"
#include "cli.h"
#include "depth_order.h"
#include "export_table.h"
#include "framing.h"
#include "frame.h"
#include "image_views.h"
#include "mesh_view.h"
#include "model_loader.h"
#include "point_pick.h"
#include "soak.h"
#include "surface.h"
#include "surface_shatter.h"
#include "surface_view.h"
#include "timer.h"
#include "ui_fit.h"
#include "ui_layout.h"
#include "xray_follow.h"
#include "xray_view.h"

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace dicer::app {

// What a 2D panel's image depends on. Unchanged since the last render, that image is still right, so the
// panels cost nothing while the model stands still (the atlas view reads up to 36 texels per pixel).
struct PanelInputs {
    glm::mat4 model{1.f};
    ModelChoice choice;
    frame::FrameSettings frame;
    glm::vec4 window{0.f}; // atlas view: the texel window shown
    glm::ivec2 size{0};
    int shaderReloads = 0;
    // The sparse pool's slots: after it grew, bricks the last image showed as dropped hold their bits.
    std::uint32_t sparseSlots = 0;
    bool operator==(const PanelInputs&) const = default;
};

// Everything that holds GL programs. Built as a whole, so that a shader error at start-up leaves the app
// running with the log on screen, and a fixed shader (Shift+R) builds it again.
struct GpuState {
    gl::ShaderLibrary shaders;
    std::unique_ptr<frame::Frame> frame; // the pipeline: voxelize -> build -> list -> colours
    std::optional<particles::ParticleSystem> particles;
    std::optional<particles::ParticleDepthOrder> depthOrder; // sorted blending's per-frame order
    bool orderSorted = false;                                // depthOrder holds this frame's order
    std::uint32_t orderSlots = 0;                            // the particle slots it sorted
    std::optional<MeshView> meshView, floorView;
    std::optional<SurfaceView> surfaceView; // the expand stage's triangles (surface_view.h)
    // HeartBreaker for surfaces: the triangles as rigid pieces (null where the driver has no vertex-stage
    // storage block: the surface is then drawn as extracted and Space moves the points only).
    std::optional<particles::SurfaceShatter> shatter;
    std::optional<ImageViews> views;
    std::optional<PanelInputs> atlasShown, listShown; // inputs of the images the panels hold now
    std::optional<XrayView> xray; // the X-ray panel's image: made when the panel is first shown
    std::optional<particles::PointPick> pointPick; // a click's pick for the X-ray: made at the first click
    // Verify after each change (settings.verifyAuto); deleted before the frame whose list its snapshots copy.
    frame::AutoVerify autoVerify;
};

// One-frame requests from keys and buttons, consumed by applyChanges().
struct Actions {
    bool toggleExplosion = false;
    bool explode = false;
    bool reassemble = false;
    bool resetCamera = false;
    bool frameSubject = false; // F: the camera frames the subject again (framing.h)
    // U / Shift+U: the volume turned 90 degrees (its top toward the camera / its right side up).
    enum class Turn { None, Forward, Sideways } turnVolume = Turn::None;
    bool reloadShaders = false;
    bool screenshot = false;
    bool verify = false;
    ExportRequests exports; // the export buttons (export_table.h)
    std::optional<ModelChoice> load;
};

enum class ReloadStatus { None, Ok, Failed };

// What the panels show and keep between frames (not settings: nothing here changes the pipeline).
struct UiState {
    std::string pathInput;  // the Model panel's path field
    std::string modelError; // last failed load (the previous model stays)
    std::vector<std::string> recent;
    std::vector<std::string> modelWarnings;
    ReloadStatus reload = ReloadStatus::None;
    std::string shaderLog;     // failed programs of the last reload
    std::string pipelineError; // a stage that failed this configuration (e.g. preset too large)
    std::string typedPreset;   // the last XxYxZ preset in use (--preset or typed): kept in the preset combo
    std::string presetInput;   // the Pipeline panel's XxYxZ field
    std::string presetError;   // why the field's last entry is not a volume
    std::string methodNote;    // the method combo's last switch of the output ("dicer_vec4 reads the atlas: ...")
    std::string viewNote;      // the last view that turned another off ("surface on: points turned off ...")
    std::string screenshotMessage;
    bool screenshotFailed = false;
    // Each export's last line: "saved N points to FILE" or why not (export_table.h's rows).
    struct ExportStatus {
        std::string message;
        bool failed = false;
    };
    std::array<ExportStatus, kExportCount> exports;
    std::string surfaceError;         // the expand stage's last error (reported once), empty while it works
    std::string particlesError;       // the particles' refused growth (reported once), empty while they grow
    std::string splatsError;          // the splat images' refusal (reported once), empty while they draw
    PanelLayout layout;                  // this frame's default window rectangles (ui_layout.h)
    bool resetLayout = false;            // "Reset layout" was pressed: place every window again
    std::optional<bool> timingsOnScreen; // the Timings table and fps fully visible in the last UI frame
    std::vector<PanelOverflow> fit;      // the panels clipped on the right in a scripted run's last frame (ui_fit.h)
    std::optional<hp::VerifyReport> verify;
    // What the last verify checked: a report for other settings is not this frame's (the status line says so).
    std::pair<ModelChoice, frame::FrameSettings> verified;
    // The last confirmation (a screenshot or an export saved, or why not), shown in the status line for a while.
    struct Notice {
        std::string text;
        bool failed = false;
        double atMs = 0; // gl::steadyNowMs() when it was set
    } notice;
    int verifyFrame = 0;
    double verifyMs = 0;      // in place: the stall; off the frame thread: from the copy to the report
    bool verifiedAuto = false; // the last check ran off the frame thread (after a change)
    glm::ivec2 atlasPanelSize{256}; // pixels the atlas image gets (the panel's free area, last frame)
    float atlasZoom = 1.f;          // 1 = whole atlas
    glm::vec2 atlasCentre{0.5f};    // in atlas uv
    // The X-ray panel: the window on every level (zoom 1 = whole levels; centre in fractions of a level), the
    // tiles' side in pixels (the panel's width, last frame), the pyramid chosen (the points', the surface's, the
    // depth order's), the output followed and its path (traced when k or the pyramid change), the last error.
    float xrayZoom = 1.f;
    glm::vec2 xrayCentre{0.5f};
    int xraySide = 96;
    std::optional<int> xrayOf; // the pyramid shown: a row of xrayPyramidTable() (unset: xray_subject.h's default)
    int xrayK = 0;
    XrayFollow xrayFollow;
    std::string xrayError;
    // The step mode (xray_steps.h): on, its speed in steps a second, and the steps played so far (a scripted run
    // shows the last).
    std::optional<glm::vec2> xrayPickAt; // a click on the 3D view to pick the point followed (window units)
    bool xrayStepMode = false;
    float xrayStepSpeed = 1.f;
    float xrayStepClock = 0.f;
    std::deque<std::string> log;    // the last lines of the engine log
    // The Volume panel's histogram (log10(1 + count) per bin) and the volume it was computed for.
    std::shared_ptr<const volume::ScalarVolume> histogramOf;
    std::vector<float> histogram;
};

struct App {
    App(Surface& surface, const CommandLine& cli, gl::TimerSource timerSource);
    ~App(); // detaches the log sink that points into `ui`
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    Surface& surface; // the window or the offscreen framebuffer (surface.h)
    RunOptions run;
    Settings settings, last;
    // The user chose the voxelizer output (the command line's outputChosen, or the Pipeline panel's output
    // buttons): a new preset or mode keeps it. Otherwise they take their default output (followDefaultOutput).
    bool outputChosen = false;
    // The user chose the particle colours (--color, the panel's buttons): a new input keeps them. Otherwise a
    // volume starts in value colours and a mesh in the false colours.
    bool colorChosen = false;
    std::unique_ptr<GpuState> gpu; // null while the shaders do not build (gpuError says why)
    std::string gpuError;
    LoadedModel model;
    glm::mat4 modelMatrix{1.f}; // this frame's rotation * placement
    OrbitCamera camera;
    std::optional<FramedFor> framedFor; // what the camera last framed (framing.h)
    // The turns the user gave volume files this run (U, Shift+U, --up), by path: a file loaded again keeps its.
    std::map<std::string, VolumeTurn> volumeTurns;
    gl::StageTimers timers;
    gl::SampleWindow frameMs{128};
    Actions actions;
    UiState ui;
    glm::ivec2 framebuffer{0};
    int frame = 0; // rendered frames
    double frameStartMs = 0;
    float dt = 0.f;              // seconds simulated this frame
    float rotationDegrees = 0.f; // of the model about the volume's y axis; advances while auto-rotating
    bool resetTimings = false;   // restart the statistics and their warm-up (StageTimers::reset) this frame
    int shaderReloads = 0;
    bool screenshotRequested = false;
    bool verifyRequested = false;
    ExportRequests exportsRequested; // by the buttons, written after this frame
    // A --frames run could not do what it was asked (screenshot, export, benchmark, soak bounds).
    bool scriptFailed = false;
    std::optional<BenchmarkLog> benchmark; // --benchmark FILE.csv
    std::unique_ptr<SoakState> soak;       // --soak N (soak.h); null otherwise
};

// Loads the model, builds the GPU state and applies the settings. A model error is fatal (the command line
// named a model that does not load); a shader error is fatal only in --frames runs.
// --benchmark opens its file here: an unwritable path is a start-up error.
Result<std::unique_ptr<App>> createApp(Surface& surface, const CommandLine& cli);
// (Re)builds every GL program and object that depends on them; on error `gpu` stays null.
Result<void> buildGpuState(App& app);

// Keeps the last lines of the engine log for the Log panel (and still prints them to stderr).
void captureLog(App& app);

} // namespace dicer::app
