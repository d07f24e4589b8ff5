#include "cli.h"

#include "depth_order.h"

#include "cli_codecs.h"
#include "cli_volume.h"
#include "default_output.h"
#include "input_table.h"
#include "method_table.h"
#include "model_catalog.h"
#include "soak_schedule.h"
#include "vocabulary.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace dicer::app {
namespace {

using options::Codec;
using options::OptionText;
using Row = options::Option<CommandLine>;

template <class V>
Row row(OptionText text, Codec<V> codec, std::function<V(const CommandLine&)> get,
        std::function<void(CommandLine&, V)> set) {
    return options::option<CommandLine, V>(text, std::move(codec), std::move(get), std::move(set));
}

template <class V, class Field> Row row(OptionText text, Codec<V> codec, Field field) {
    return options::option<CommandLine, V>(text, std::move(codec), field);
}

// --voxels as both programs name it, and the demo's default without it (voxel/default_output.h).
options::OptionText demoVoxelsText() {
    static const std::string help = std::string(options::kVoxelsText.help) +
                                    "; not given: the fastest output that holds the preset and --mode on "
                                    "this driver (docs/DEMO.md: the bits "
                                    "at the default preset 128, sparse from 256)";
    return {options::kVoxelsText.name, options::kVoxelsText.label, help};
}

std::vector<Row> makeRows() {
    using options::field;
    using options::flag;
    using options::inSection;
    auto view = [](auto member) { return field(&CommandLine::settings, &Settings::view, member); };
    auto tuning = [](auto member) { return field(&CommandLine::settings, &Settings::particles, member); };
    std::vector<Row> rows = {
        inSection("model", row<std::string>(
                               options::kModelText, options::modelCodec(),
                               [](const CommandLine& c) {
                                   const ModelChoice& m = c.settings.model;
                                   return m.kind == ModelKind::File ? m.path : std::string(modelKindName(m.kind));
                               },
                               [](CommandLine& c, std::string v) { c.settings.model = modelChoice(v); })),
        row<std::string>(
            options::kVolumeText, options::volumeCodec(),
            [](const CommandLine& c) {
                return c.settings.model.kind == ModelKind::Volume ? c.settings.model.path : std::string();
            },
            [](CommandLine& c, std::string v) { c.settings.model = {ModelKind::Volume, v}; }),
        row<std::optional<volume::BandSpec>>(options::kBandText, options::bandCodec(), &CommandLine::band),
        row<std::optional<volume::SignedAxis>>(
            {"up", "up", "the volume's index axis that points up (default: its header's anatomy, the bundled "
                         "scans' table, else +y); U and Shift+U turn it by 90 degrees while it runs"},
            upAxisCodec(), &CommandLine::up),
        inSection("pipeline",
                  row<methods::MethodId>(options::kMethodText, demoMethodCodec(),
                                         field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::method))),
        row<surface::McMethodId>(options::kMcMethodText, options::mcMethodCodec(),
                                 field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::mcMethod)),
        row<occupancy::VoxelOutput>(
            demoVoxelsText(), options::voxelOutputCodec(),
            [](const CommandLine& c) { return c.settings.frame.voxels; },
            [](CommandLine& c, occupancy::VoxelOutput o) { c.settings.frame.voxels = o; }),
        row<hp::Storage>(options::kStorageText, options::storageCodec(),
                         field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::storage)),
        row<hp::BuildPath>(options::kBuildPathText, options::buildPathCodec(),
                           field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::buildPath)),
        row<std::string>(
            options::kPresetText, options::presetCodec(),
            [](const CommandLine& c) { return c.settings.frame.preset; },
            [](CommandLine& c, std::string v) { c.settings.frame.preset = v; }),
        row<voxel::VoxelMode>(
            options::kModeText, options::voxelModeCodec(),
            field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::voxelMode)),
        row<voxel::VoxMethodId>(
            options::kVoxMethodText, options::voxMethodCodec(),
            field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::voxMethod)),
        row<voxel::VoxRule>(options::kRuleText, options::voxRuleCodec(),
                            field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::rule)),
        row<double>(
            {"threshold", "threshold",
             "discriminator over the atlas: a voxel is active when alpha >= F in [0, 1] (selects --voxels "
             "atlas; the occupancy bits are already the active set); on a volume, --band F,max"},
            thresholdCodec(), [](const CommandLine& c) { return double(c.settings.frame.threshold); },
            [](CommandLine& c, double t) {
                c.threshold = t; // exact, for a volume's band (reconcileVolume)
                c.settings.frame.threshold = float(t);
            }),
        row<hp::ListPath>(options::kListPathText, options::listPathCodec(),
                          field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::listPath)),
        flag(row<bool>(
            {"test-atlas", "test atlas (sphere shell)",
             "the built-in sphere-shell atlas instead of the voxelized model: an exact input for the "
             "HistoPyramid stages"},
            options::switchCodec(),
            field(&CommandLine::settings, &Settings::frame, &frame::FrameSettings::testAtlas))),
        inSection(
            "view",
            row<glm::ivec2>({"window", "", "window size (--offscreen: the framebuffer's)"}, windowSizeCodec(),
                            field(&CommandLine::run, &RunOptions::windowSize))),
        row<float>({"ui-scale", "",
                    "the panels' scale: text and widgets (default: the monitor's content scale; offscreen 1)"},
                   options::floatCodec(0.5f, 4.f, "F", /*unset=*/0.f), field(&CommandLine::run, &RunOptions::uiScale)),
        flag(row<bool>({"open-sections", "",
                        "every section of the sidebar open (scripted runs: the summary's 'ui fit' line then "
                        "measures them all)"},
                       options::switchCodec(), field(&CommandLine::run, &RunOptions::openSections))),
        flag(
            row<bool>({"offscreen", "",
                       "no window, no display: render into a framebuffer on a headless EGL context (GPU: EGL "
                       "device platform, Mesa: surfaceless), panels included, no input (needs --frames)"},
                      options::switchCodec(), field(&CommandLine::run, &RunOptions::offscreen))),
        row<particles::ParticleColor>(
            {"color", "model colours",
             "particle colours: voxel coordinates as rgb (false), the model's (a volume's: its values through "
             "viridis, its default) or the height through viridis (colour-blind safe)"},
            options::namesCodec<particles::ParticleColor>({{"false", particles::ParticleColor::FalseColor},
                                                           {"model", particles::ParticleColor::ModelColor},
                                                           {"height", particles::ParticleColor::Height}}),
            field(&CommandLine::settings, &Settings::view, &ViewSettings::color)),
        row<particles::ParticleRender>(
            {"particles", "particles",
             "opaque compute splats, opaque GL point sprites, or sorted blending (translucent "
             "splats drawn back to front, HP counting sort of the view depths every frame)"},
            renderCodec(), view(&ViewSettings::render)),
        row<int>({"depth-buckets", "depth buckets", "sorted blending: view-depth buckets of the sort keys"},
                 options::intCodec(int(particles::ParticleDepthOrder::kMinBuckets),
                                   int(particles::ParticleDepthOrder::kMaxBuckets)),
                 view(&ViewSettings::depthBuckets)),
        row<float>({"opacity", "opacity", "sorted blending: alpha at a splat's centre"},
                   options::floatCodec(0.01f, 1.f), view(&ViewSettings::opacity)),
        flag(row<bool>({"auto-rotate", "auto-rotate (A)", "spin the model about the volume's y axis"},
                       options::switchCodec(),
                       field(&CommandLine::settings, &Settings::view, &ViewSettings::autoRotate))),
        flag(row<bool>(
            {"no-ui", "", "start with the panels hidden (Tab toggles)"}, options::switchCodec(),
            [](const CommandLine& c) { return !c.settings.view.showUi; },
            [](CommandLine& c, bool on) { c.settings.view.showUi = !on; })),
    };
    for (ViewId id : viewIds()) // --show-NAME, one per row of the view table
        rows.push_back(flag(row<bool>(
            showOptionText(id), options::switchCodec(),
            [id](const CommandLine& c) { return c.settings.view.shown.has(id); },
            [id](CommandLine& c, bool on) { c.settings.view.shown.set(id, on); })));
    rows.insert(rows.end(), {
        row<std::vector<ViewId>>(
            viewsOptionText(),
            viewsCodec(), [](const CommandLine& c) { return c.settings.view.shown.ids(); },
            [](CommandLine& c, std::vector<ViewId> ids) {
                c.settings.view.shown.bits = 0;
                for (ViewId id : ids)
                    c.settings.view.shown.set(id, true);
            }),
        row<float>({"point-size", "point size", "particle diameter in voxels"},
                   options::floatCodec(0.25f, 4.f), view(&ViewSettings::pointSize)),
        row<float>({"rotate-speed", "rotation", "auto-rotation speed, degrees per second"},
                   options::floatCodec(-180.f, 180.f, "DEG"), view(&ViewSettings::rotateDegreesPerSecond)),
        inSection("HeartBreaker",
                  row<float>({"explode-speed", "speed",
                              "explosion speed, world units per second (the volume is "
                              "2 wide)"},
                             options::floatCodec(0.f, 5.f), tuning(&particles::ParticleTuning::speed))),
        row<float>({"explode-noise", "noise", "random part of the launch velocity, a fraction of the speed"},
                   options::floatCodec(0.f, 1.f), tuning(&particles::ParticleTuning::noise)),
        row<float>({"gravity", "gravity", "gravity, world units per second squared"},
                   options::floatCodec(0.f, 10.f), tuning(&particles::ParticleTuning::gravity)),
        row<float>({"drag", "drag", "1/s: the velocity decays by e^(-drag t)"}, options::floatCodec(0.f, 5.f),
                   tuning(&particles::ParticleTuning::drag)),
        row<float>(
            {"floor", "floor",
             "height of the floor the particles bounce on, in half-heights of the volume as drawn (-1: "
             "its bottom)"},
            options::floatCodec(-2.f, 0.f, "Y"), tuning(&particles::ParticleTuning::floorY)),
        row<float>({"bounce", "bounce", "normal speed kept per bounce"}, options::floatCodec(0.f, 1.f),
                   tuning(&particles::ParticleTuning::restitution)),
        row<float>({"friction", "friction", "tangential speed kept per bounce"},
                   options::floatCodec(0.f, 1.f), tuning(&particles::ParticleTuning::friction)),
        row<float>(
            {"return", "return", "spring angular frequency of the re-assembly, rad/s (higher: faster)"},
            options::floatCodec(0.5f, 20.f), tuning(&particles::ParticleTuning::returnOmega)),
        inSection("scripted runs", row<int>({"frames", "", "render N frames, print a timing summary, exit"},
                                            options::intCodec(1, 1 << 30, "N", /*unset=*/0),
                                            field(&CommandLine::run, &RunOptions::frames))),
        row<std::string>({"screenshot", "", "PNG written after the last frame (needs --frames)"},
                         options::textCodec("FILE", "a file name"),
                         field(&CommandLine::run, &RunOptions::screenshot)),
    });
    for (ExportId id : exportIds()) // --export-... FILE, one per row of the export table
        rows.push_back(row<std::string>(
            exportOptionText(id), options::textCodec("FILE", "a file name"),
            [id](const CommandLine& c) { return c.run.exports[size_t(id.row)]; },
            [id](CommandLine& c, std::string file) { c.run.exports[size_t(id.row)] = std::move(file); }));
    rows.insert(rows.end(), {
        flag(row<bool>({"ply-ascii", "ASCII",
                        "point-cloud PLY exports as ASCII instead of binary little-endian (a surface's is "
                        "always binary)"},
                       options::switchCodec(), field(&CommandLine::settings, &Settings::plyAscii))),
        row<std::string>({"benchmark", "",
                          "CSV written at the end: one row per frame after the --warmup frames, each stage's "
                          "ms (docs/DEMO.md) (needs --frames)"},
                         options::textCodec("FILE", "a file name"),
                         field(&CommandLine::run, &RunOptions::benchmark)),
        row<std::string>({"screenshot-dir", "folder", "folder of F12 screenshots and PLY exports"},
                         options::textCodec("DIR", "a folder"),
                         field(&CommandLine::settings, &Settings::screenshotDir)),
        row<bool>({"screenshot-ui", "with panels", "screenshots with or without the panels"},
                  options::switchCodec(), field(&CommandLine::settings, &Settings::screenshotWithUi)),
        row<int>({"xray", "",
                  "after the last frame, follow output K down the method's HistoPyramid as its own traversal "
                  "does on the GPU and print the descent: per level the cell, the key, the children's sums, "
                  "the child taken; then the cell found (K beyond the count: the last output) (needs --frames)"},
                 options::intCodec(0, 1 << 30, "K", /*unset=*/-1), field(&CommandLine::run, &RunOptions::xray)),
        row<float>({"xray-steps", "",
                    "the X-ray panel's step mode at that many steps a second: the build reduction by reduction, "
                    "then the followed output's descent level by level, a caption a step (a scripted run shows "
                    "the last step)"},
                   options::floatCodec(0.25f, 8.f, "S", /*unset=*/0.f),
                   field(&CommandLine::run, &RunOptions::xraySteps)),
        row<int>({"xray-pyramid", "",
                  "the pyramid the X-ray panel shows: auto (the surface's when the "
                  "points are hidden, else the points'), the point method's, the surface's (marching cubes' over "
                  "the cells' vertex counts) or sorted blending's depth order (the counting sort's over the "
                  "view-depth buckets); one not drawn this frame: auto"},
                 xrayPyramidCodec(), field(&CommandLine::run, &RunOptions::xrayPyramid)),
        row<int>({"explode-at", "", "explode the particles at that frame"},
                 options::intCodec(0, 1 << 30, "FRAME", /*unset=*/-1),
                 field(&CommandLine::run, &RunOptions::explodeAt)),
        row<int>({"reload-shaders-at", "", "reload every shader at that frame (as Shift+R)"},
                 options::intCodec(0, 1 << 30, "FRAME", /*unset=*/-1),
                 field(&CommandLine::run, &RunOptions::reloadShadersAt)),
        row<int>({"verify-every", "every N frames",
                  "check the point list against the CPU reference every N "
                  "frames (0: on demand)"},
                 options::intCodec(0, 1 << 30), field(&CommandLine::settings, &Settings::verifyEveryFrames)),
        row<bool>({"verify-auto", "after each change",
                   "check the point list by itself after each change of input, method, output or band, off the "
                   "frame thread (lists of up to 4 M points; larger ones on request) (default on; off in a "
                   "--frames run, which checks its last frame)"},
                  options::switchCodec(), field(&CommandLine::settings, &Settings::verifyAuto)),
        // The soak (soak_schedule.h): N frames of scheduled settings changes with bounded GL objects and RSS.
        row<int>(
            {"soak", "",
             "render N frames (whole cycles of 200, at least 400) that change every setting on a fixed "
             "schedule (docs/RELIABILITY.md); print the live GL objects and RSS every 1000 frames; fail if "
             "they grow, on any GL error or verify mismatch"},
            options::intCodec(kSoakMinFrames, 1 << 30, "N", /*unset=*/0),
            [](const CommandLine& c) { return c.run.soak; },
            [](CommandLine& c, int n) { c.run.soak = c.run.frames = n; }),
        flag(row<bool>({"soak-leak-test", "", "test of the soak's check: leak one GL buffer per cycle"},
                       options::switchCodec(), field(&CommandLine::run, &RunOptions::soakLeakTest))),
        row<int>(
            {"refuse-memory-from", "",
             "test of the out-of-memory handling: every GL allocation of at least MIB MiB after the window "
             "or offscreen framebuffer is refused, as a driver out of memory refuses it"},
            options::intCodec(1, 1 << 20, "MIB", /*unset=*/0),
            field(&CommandLine::run, &RunOptions::refuseMemoryFromMiB)),
        row<bool>(options::kTimerText, options::timerCodec(),
                  field(&CommandLine::run, &RunOptions::forceCpuTimer)),
        row<int>(options::kWarmupText, options::intCodec(0, 10000),
                 field(&CommandLine::run, &RunOptions::warmupFrames)),
        flag(row<bool>(options::kGlDebugText, options::switchCodec(),
                       field(&CommandLine::run, &RunOptions::glDebug))),
        row<std::string>(options::kDumpShadersText, options::dumpDirCodec(),
                         field(&CommandLine::run, &RunOptions::dumpShaders)),
    });
    return rows;
}

// --method and --voxels: a method reads one output (MethodInfo::input). Without --voxels, the output is what
// the options given need: --method's (a paper variant: the atlas), the atlas for a slab voxelizer, the test
// atlas or a --threshold (it decides over the atlas' alpha), else the default (bits). --voxels alone picks its
// first method unless the default one reads it; given both, they must agree. The vox method, the test
// atlas, the threshold and the mode must suit the output: an option the output would ignore or cannot hold is an
// error. Returns it.
std::string reconcileOutput(CommandLine& c) {
    frame::FrameSettings& p = c.settings.frame;
    const char* method = methods::methodInfo(p.method).name;
    // An input with values gets its threshold as a band; a mesh's is the atlas' alpha.
    const bool meshThreshold = c.gave("threshold") && !frame::inputInfo(p.input).hasValues();
    if (!c.gave("voxels") &&
        (p.testAtlas || !voxel::checkOutput(p.voxMethod, occupancy::VoxelOutput::Bits) || meshThreshold))
        p.voxels = occupancy::VoxelOutput::Atlas;
    if (c.gave("method") && !c.gave("voxels")) p.voxels = frame::outputFor(p.method);
    c.outputChosen = c.gave("voxels") || c.gave("method") || p.voxels != occupancy::VoxelOutput::Bits;
    // An output the input's first stage does not write (input_table.h): a volume's discriminator writes the atlas
    // or the bits, never the sparse occupancy.
    const frame::InputInfo& input = frame::inputInfo(p.input);
    if (!input.writes(p.voxels)) {
        const std::string stage = frame::stageName(input.firstStage);
        const std::string why = std::string(" a ") + input.name + "'s " + stage + " stage writes " +
                                input.outputNames() + ", not the " + occupancy::voxelOutputName(p.voxels) + " output";
        if (c.gave("method") && !c.gave("voxels"))
            return std::string("--method ") + method + " reads the " + occupancy::voxelOutputName(p.voxels) +
                   " output, which a " + input.name + "'s " + stage + " stage does not write (it writes " +
                   input.outputNames() + ")";
        return std::string("--voxels ") + occupancy::voxelOutputName(p.voxels) + ":" + why;
    }
    if (!frame::offersMethod(p.voxels, p.method)) {
        if (c.gave("method"))
            return std::string("--method ") + method + " reads the " +
                   occupancy::voxelOutputName(frame::outputFor(p.method)) + ": it needs --voxels " +
                   occupancy::voxelOutputName(frame::outputFor(p.method));
        p.method = frame::defaultMethodFor(p.voxels);
    }
    if (meshThreshold && !frame::honoursThreshold(p.voxels))
        return std::string("--threshold decides over the atlas' alpha, but the occupancy bits (") +
               (c.gave("voxels") ? std::string("--voxels ") + occupancy::voxelOutputName(p.voxels)
                              : "--method " + std::string(method)) +
               ") are already the active set: use --voxels atlas, or leave --threshold out";
    if (Result<void> r = voxel::checkOutput(p.voxMethod, p.voxels); !r)
        return std::string("--voxels ") + occupancy::voxelOutputName(p.voxels) + ": " + r.error();
    // Before any context: the frame would refuse the pair at start-up (Frame::apply) with the same reason.
    if (Result<void> r = voxel::checkMode(p.voxels, p.voxelMode); !r && frame::inputInfo(p.input).reads("mode"))
        return std::string("--voxels ") + occupancy::voxelOutputName(p.voxels) + " --mode " +
               voxel::voxelModeName(p.voxelMode) + ": " + r.error();
    if (p.testAtlas && p.voxels != occupancy::VoxelOutput::Atlas) // bits and sparse alike
        return "--test-atlas is an RGBA8 atlas: it needs --voxels atlas";
    return {};
}

} // namespace

const options::Table<CommandLine>& optionTable() {
    static const options::Table<CommandLine> table{
        "dicer",
        "[model.obj] [options]",
        "  Dicer + HeartBreaker: voxelize -> HistoPyramid -> PointList -> particles, live.",
        "Exit status: 0 ok, 1 no display / start-up, model, screenshot, export or benchmark file error,\n"
        "or a --soak bound broken (GL objects, RSS, a verify mismatch or a failed load), 2 bad arguments,\n"
        "3 GL errors were reported, 4 the last frame's point list differs from the CPU reference, 5 it is\n"
        "incomplete (cut at the driver's storage blocks, or its input lost cells; what it holds is right).\n"
        "Without a display use --offscreen (or the headless benchmark dicer-bench).",
        "model",
        makeRows(),
        options::renamedDemoOptions(),
    };
    return table;
}

bool CommandLine::gave(std::string_view option) const {
    return std::find(given.begin(), given.end(), option) != given.end();
}

const options::RowInfo& optionRow(std::string_view name) {
    const options::Option<CommandLine>* row = optionTable().find(name);
    if (!row) std::abort(); // a UI label naming a row that does not exist: a programming error
    return *row;
}

ParseResult parseCommandLine(int argc, const char* const* argv, CommandLine& out, std::string* error) {
    switch (options::parse(optionTable(), argc, argv, out, error, &out.given)) {
    case options::Parsed::Help:
        return ParseResult::Help;
    case options::Parsed::Error:
        return ParseResult::Error;
    case options::Parsed::Run:
        break;
    }
    // The options of a scripted run mean nothing interactively (offscreen has no input to end the run).
    std::string message;
    for (auto [given, name] : {std::pair{!out.run.screenshot.empty(), "--screenshot"},
                               std::pair{!out.run.benchmark.empty(), "--benchmark"},
                               std::pair{out.run.offscreen, "--offscreen"},
                               std::pair{out.run.xray >= 0, "--xray"}})
        if (given && out.run.frames == 0) message = std::string(name) + " needs --frames N";
    for (ExportId id : exportIds())
        if (!out.run.exports[size_t(id.row)].empty() && out.run.frames == 0)
            message = "--" + std::string(exportRow(id).option) + " needs --frames N";
    if (out.run.soak > 0 && out.run.frames != out.run.soak)
        message = "--soak N renders N frames: leave out --frames";
    if (out.run.soak % kSoakCycleFrames != 0)
        message = "--soak N: N must be a multiple of the soak cycle, " + std::to_string(kSoakCycleFrames) +
                  " frames";
    if (out.run.soakLeakTest && out.run.soak == 0) message = "--soak-leak-test needs --soak N";
    // A view that hides another (the surface: the points) hides it unless it was asked for: --view names every
    // view shown, --show-NAME the one.
    if (!out.gave("view")) {
        ShownViews& shown = out.settings.view.shown;
        for (ViewId id : shown.ids()) {
            if (!viewRow(id).hides) continue;
            shown.set(id, false);
            shown.show(id, true, [&](ViewId other) { return out.gave(std::string("show-") + viewRow(other).name); });
        }
    }
    // A volume starts in its own colours (its values through viridis) unless --color says otherwise.
    if (out.settings.model.kind == ModelKind::Volume && !out.gave("color"))
        out.settings.view.color = particles::ParticleColor::ModelColor;
    // A scripted run checks its last frame (exit status 4 or 5): a check in the middle would only compete with
    // its frames for the cores.
    if (out.run.frames > 0 && !out.gave("verify-auto")) out.settings.verifyAuto = false;
    // The volume's rules first: they decide the input, which the output's rules read.
    std::string rule = reconcileVolume(out);
    if (rule.empty()) rule = reconcileOutput(out);
    if (!rule.empty()) message = rule;
    if (!message.empty()) {
        options::reportError(optionTable().program, optionTable().synopsis, message);
        if (error) *error = message;
        return ParseResult::Error;
    }
    return ParseResult::Run;
}

Result<void> resolveOutput(CommandLine& c, const gl::GlInfo& info) {
    frame::FrameSettings& p = c.settings.frame;
    if (!frame::inputInfo(p.input).reads("preset")) return {}; // a volume has its own size
    if (!c.outputChosen) return frame::takeDefaultOutput(p, info);
    const occupancy::VoxelOutput output = p.testAtlas ? occupancy::VoxelOutput::Atlas : p.voxels;
    const std::optional<glm::ivec3> volume = occupancy::presetVolume(p.preset);
    if (!volume) return makeError("unknown volume preset '" + p.preset + "'"); // parsing refused it already
    const Result<void> holds = voxel::checkHolds(*volume, p.voxelMode, p.voxMethod, output, info);
    if (holds) return {};
    std::string others; // the outputs that hold it, fastest first: "--voxels sparse or --voxels bits"
    for (occupancy::VoxelOutput o : voxel::outputPreference(*volume, p.voxelMode))
        if (voxel::checkHolds(*volume, p.voxelMode, p.voxMethod, o, info))
            others +=
                (others.empty() ? "--voxels " : " or --voxels ") + std::string(occupancy::voxelOutputName(o));
    if (others.empty()) { // no output holds it: the rule's message names each one's reason
        frame::FrameSettings fallback = p;
        return frame::takeDefaultOutput(fallback, info);
    }
    return makeError("preset '" + p.preset + "': " + holds.error() + " (" + others + " holds it)");
}

} // namespace dicer::app
