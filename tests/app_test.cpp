// CPU tests of the demo's window-free parts: command line, settings comparison, orbit camera, screenshot
// names and pixels, recent files, model choice, the --benchmark CSV, the PLY export's model-space points, the
// default layout and the layout's ini path.
#include "benchmark.h"
#include "camera.h"
#include "cli.h"
#include "default_output.h"
#include "fake_gl_info.h"
#include "input_table.h"
#include "mc_method_table.h"
#include "method_table.h"
#include "model_loader.h"
#include "point_snapshot.h"
#include "renamed.h"
#include "row_ids.h"
#include "screenshot.h"
#include "settings.h"
#include "ui_layout.h"

#include "soak_schedule.h"
#include <glm/gtc/matrix_transform.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <vector>

using namespace dicer;
using namespace dicer::app;

namespace {

ParseResult parse(std::vector<const char*> args, CommandLine& out) {
    args.insert(args.begin(), "dicer");
    testing::internal::CaptureStderr(); // the usage text of the error cases
    testing::internal::CaptureStdout();
    ParseResult r = parseCommandLine(int(args.size()), args.data(), out);
    testing::internal::GetCapturedStdout();
    testing::internal::GetCapturedStderr();
    return r;
}

// The one error line of a command line that must be refused ("" if it parsed).
std::string parseError(std::vector<const char*> args) {
    args.insert(args.begin(), "dicer");
    CommandLine out;
    std::string error;
    testing::internal::CaptureStderr();
    testing::internal::CaptureStdout();
    const ParseResult r = parseCommandLine(int(args.size()), args.data(), out, &error);
    testing::internal::GetCapturedStdout();
    testing::internal::GetCapturedStderr();
    EXPECT_EQ(r, ParseResult::Error) << args[1];
    return error;
}

} // namespace

TEST(CommandLine, DefaultsAreTheInteractiveTeapot) {
    CommandLine c;
    ASSERT_EQ(parse({}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.model.kind, ModelKind::Teapot);
    EXPECT_EQ(c.run.frames, 0);
    EXPECT_EQ(c.run.windowSize, glm::ivec2(1280, 800));
    EXPECT_EQ(c.settings.frame.listPath, hp::ListPath::Resident);
}

TEST(CommandLine, ScriptedRunOptions) {
    CommandLine c;
    ASSERT_EQ(parse({"model.obj",        "--method",     "dicer_vec4",   "--preset=64",
                     "--window",         "640x480",      "--frames",     "12",
                     "--screenshot",     "out.png",      "--explode-at", "4",
                     "--timer",          "cpu",          "--gl-debug",   "--storage",
                     "float32",          "--build-path", "fragment",     "--list-path=readback",
                     "--color",          "model",        "--threshold",  "0.25",
                     "--screenshot-ui",  "off",          "--particles",  "sprites",
                     "--mode",           "solid",        "--vox-method", "binned",
                     "--rule=slice-axis"},
                    c),
              ParseResult::Run);
    EXPECT_EQ(c.settings.model, (ModelChoice{ModelKind::File, "model.obj"}));
    EXPECT_EQ(c.settings.frame.method, test::methodId("dicer_vec4"));
    EXPECT_EQ(c.settings.frame.preset, "64");
    EXPECT_EQ(c.run.windowSize, glm::ivec2(640, 480));
    EXPECT_EQ(c.run.frames, 12);
    EXPECT_EQ(c.run.screenshot, "out.png");
    EXPECT_EQ(c.run.explodeAt, 4);
    EXPECT_TRUE(c.run.forceCpuTimer);
    EXPECT_TRUE(c.run.glDebug);
    EXPECT_EQ(c.settings.frame.storage, hp::Storage::Float32);
    EXPECT_EQ(c.settings.frame.buildPath, hp::BuildPath::Fragment);
    EXPECT_EQ(c.settings.frame.listPath, hp::ListPath::Readback);
    EXPECT_EQ(c.settings.view.color, particles::ParticleColor::ModelColor);
    EXPECT_FLOAT_EQ(c.settings.frame.threshold, 0.25f);
    EXPECT_FALSE(c.settings.screenshotWithUi);
    EXPECT_EQ(c.settings.view.render, particles::ParticleRender::Sprites);
    EXPECT_EQ(c.settings.frame.voxelMode, voxel::VoxelMode::Solid);
    EXPECT_EQ(c.settings.frame.voxMethod, voxel::VoxMethodId::Binned);
    EXPECT_EQ(c.settings.frame.rule, voxel::VoxRule::SliceAxis);
}

TEST(CommandLine, ReloadShadersAtAFrame) {
    CommandLine c;
    EXPECT_EQ(c.run.reloadShadersAt, -1);
    ASSERT_EQ(parse({"--reload-shaders-at", "5"}, c), ParseResult::Run);
    EXPECT_EQ(c.run.reloadShadersAt, 5);
    EXPECT_EQ(parse({"--reload-shaders-at", "-1"}, c), ParseResult::Error);
}

// --voxels atlas|bits: a method reads one output (MethodInfo::reads). --voxels alone picks its first
// method, --method alone sets its output, both must agree; slab voxelizers and the test atlas need the atlas.
TEST(CommandLine, VoxelOutputAndMethodAgree) {
    CommandLine c;
    ASSERT_EQ(parse({"--voxels", "bits"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.frame.voxels, occupancy::VoxelOutput::Bits);
    EXPECT_EQ(methods::methodInfo(c.settings.frame.method).reads, occupancy::VoxelOutput::Bits);
    CommandLine v;
    ASSERT_EQ(parse({"--method", "hp_bits"}, v), ParseResult::Run);
    EXPECT_EQ(v.settings.frame.voxels, occupancy::VoxelOutput::Bits);
    CommandLine a;
    ASSERT_EQ(parse({"--method", "dicer_vec4", "--voxels", "atlas"}, a), ParseResult::Run);
    EXPECT_EQ(a.settings.frame.voxels, occupancy::VoxelOutput::Atlas);
    for (std::vector<const char*> bad :
         {std::vector<const char*>{"--method", "dicer_vec4", "--voxels", "bits"},
          {"--method", "hp_bits", "--voxels", "atlas"},
          {"--voxels", "bits", "--vox-method", "binned"},
          {"--voxels", "bits", "--test-atlas"},
          {"--voxels", "sparse", "--test-atlas"},
          {"--voxels", "sparse", "--vox-method", "binned"},
          {"--voxels", "nibbles"}}) {
        CommandLine e;
        EXPECT_EQ(parse(bad, e), ParseResult::Error) << bad[1] << " " << bad[3 % bad.size()];
    }
    // Every output offers at least one method, and every offered method reads it.
    for (occupancy::VoxelOutput o : occupancy::kVoxelOutputs) {
        const methods::MethodId row = frame::defaultMethodFor(o);
        EXPECT_TRUE(frame::offersMethod(o, row)) << occupancy::voxelOutputName(o);
        EXPECT_EQ(frame::outputFor(row), o);
    }
}

// --method takes every row of the method table the demo offers (the id is the row); the CPU paths, which
// read the atlas back every frame, are not offered. The old spelling --variant is one usage error naming
// --method.
TEST(CommandLine, MethodIsARowOfTheMethodTable) {
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& m = methods::methodInfo(id);
        CommandLine c;
        const ParseResult r = parse({"--method", m.name}, c);
        if (m.inDemo()) {
            ASSERT_EQ(r, ParseResult::Run) << m.name;
            EXPECT_EQ(c.settings.frame.method, id);
        } else {
            EXPECT_EQ(r, ParseResult::Error) << m.name;
        }
        EXPECT_EQ(parseError({"--variant", m.name}), "--variant was renamed: use --method");
    }
    for (const char* cpu : {"cpu_linewise", "cpu_threaded"}) {
        CommandLine c;
        EXPECT_EQ(parse({"--method", cpu}, c), ParseResult::Error);
    }
}

// Before the names were unified --method named the voxelization method (now --vox-method): a vox method's
// name there is one usage error naming the option to use, never a silent alias.
TEST(CommandLine, MethodWithAVoxMethodNameIsAnErrorNamingVoxMethod) {
    for (voxel::VoxMethodId vox : voxel::voxMethods()) {
        const std::string name = voxel::voxMethodName(vox);
        EXPECT_EQ(parseError({"--method", name.c_str()}),
                  "--method: renamed: use --vox-method " + name + " for a vox method");
        CommandLine c;
        ASSERT_EQ(parse({"--vox-method", name.c_str()}, c), ParseResult::Run) << name;
        EXPECT_EQ(c.settings.frame.voxMethod, vox);
        // No --method: the first method reading the output this vox method writes (a slab method: the atlas).
        EXPECT_EQ(c.settings.frame.method, frame::defaultMethodFor(c.settings.frame.voxels)) << name;
    }
}

// Every spelling dicer no longer takes (renamed.h) is one usage error naming what replaced it, whatever
// follows.
TEST(CommandLine, RetiredSpellingsAreUsageErrorsNamingTheNewOption) {
    const std::vector<std::pair<std::vector<const char*>, std::string>> retired = {
        {{"--variant", "dicer_vec4"}, "--variant was renamed: use --method"},
        {{"--size", "640x480"}, "--size was renamed: use --window WxH"},
        {{"--builtin", "heart"}, "--builtin was renamed: use --model"},
        {{"--slice-axis"}, "--slice-axis was renamed: use --rule slice-axis"},
        {{"--paper-list"}, "--paper-list was renamed: use --list-path readback"},
        {{"--show-particles"}, "--show-particles was renamed: use --show-points"},
        {{"--volumes", "metaballs"}, "--volumes was renamed: use --volume"},
    };
    for (const auto& [args, want] : retired)
        EXPECT_EQ(parseError(args), want) << args[0];
    // The table holds exactly those (a new entry gets a case here).
    EXPECT_EQ(options::renamedDemoOptions().size(), retired.size());
    for (const options::Renamed& r : options::renamedDemoOptions())
        EXPECT_FALSE(optionTable().find(r.old)) << r.old << " is both an option and retired";
    // The new spellings take what the old ones did.
    CommandLine c;
    ASSERT_EQ(parse({"--window", "640x480", "--rule", "slice-axis", "--list-path", "readback",
                     "--show-points=off", "--particles", "sprites"},
                    c),
              ParseResult::Run);
    EXPECT_EQ(c.run.windowSize, glm::ivec2(640, 480));
    EXPECT_EQ(c.settings.frame.rule, voxel::VoxRule::SliceAxis);
    EXPECT_EQ(c.settings.frame.listPath, hp::ListPath::Readback);
    EXPECT_FALSE(c.settings.view.shown.has(kPointsView));
    EXPECT_EQ(c.settings.view.render, particles::ParticleRender::Sprites);
    CommandLine points; // the GL point sprites' old name is no render mode now
    EXPECT_EQ(parse({"--particles", "points"}, points), ParseResult::Error);
}

// The threshold decides over the atlas' alpha; the occupancy bits are already the active set. Given without
// --voxels it selects the atlas (as a paper --method does); with the bits it is a usage error naming why.
TEST(CommandLine, ThresholdSelectsTheAtlasOrIsAnError) {
    CommandLine c;
    ASSERT_EQ(parse({"--threshold", "0", "--preset", "128"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.frame.voxels, occupancy::VoxelOutput::Atlas);
    EXPECT_FLOAT_EQ(c.settings.frame.threshold, 0.f);
    EXPECT_TRUE(frame::offersMethod(occupancy::VoxelOutput::Atlas, c.settings.frame.method));
    CommandLine d;
    ASSERT_EQ(parse({"--threshold", "0.25", "--method", "dicer_rect"}, d), ParseResult::Run);
    EXPECT_EQ(d.settings.frame.voxels, occupancy::VoxelOutput::Atlas);
    for (std::vector<const char*> bad : {std::vector<const char*>{"--threshold", "0", "--voxels", "bits"},
                                         {"--threshold", "0.5", "--method", "hp_bits"}}) {
        const std::string error = parseError(bad);
        EXPECT_NE(error.find("--threshold decides over the atlas' alpha"), std::string::npos) << error;
        EXPECT_NE(error.find("already the active set"), std::string::npos) << error;
    }
}

// The sparse occupancy holds the bricks a surface touches; a solid's interior would fill whole bricks: solid mode
// with it is a usage error naming the output, the mode and what to use instead (the bits hold both modes).
TEST(CommandLine, SolidModeWithTheSparseOutputIsAnError) {
    for (std::vector<const char*> bad : {std::vector<const char*>{"--voxels", "sparse", "--mode", "solid"},
                                         {"--mode", "solid", "--method", "hp_sparse"}}) {
        const std::string error = parseError(bad);
        EXPECT_NE(error.find("--voxels sparse --mode solid: the sparse occupancy holds surfaces"),
                  std::string::npos)
            << error;
        EXPECT_NE(error.find("use --voxels bits with --mode solid"), std::string::npos) << error;
    }
    CommandLine c;
    ASSERT_EQ(parse({"--voxels", "bits", "--mode", "solid"}, c), ParseResult::Run);
    CommandLine s;
    ASSERT_EQ(parse({"--voxels", "sparse", "--mode", "shell"}, s), ParseResult::Run);
}

TEST(CommandLine, OffscreenBenchmarkRun) {
    CommandLine c;
    EXPECT_FALSE(c.run.offscreen);
    ASSERT_EQ(parse({"--offscreen", "--frames", "5", "--warmup", "2", "--benchmark", "b.csv", "--window",
                     "320x200"},
                    c),
              ParseResult::Run);
    EXPECT_TRUE(c.run.offscreen);
    EXPECT_EQ(c.run.benchmark, "b.csv");
    EXPECT_EQ(c.run.warmupFrames, 2);
    EXPECT_EQ(c.run.windowSize, glm::ivec2(320, 200)); // one size flag for the window and the framebuffer
}

// The default output per preset (voxel/default_output.h), decided once the driver is known
// (resolveOutput, at start-up): llvmpipe's limits here (16384 textures, 128 MiB storage blocks).
namespace {

using test::llvmpipeLike;

// Parses, then resolves the output: "" when both pass, else the message.
std::string resolved(std::vector<const char*> args, CommandLine& c) {
    if (parse(std::move(args), c) != ParseResult::Run) return "usage error";
    const Result<void> r = resolveOutput(c, llvmpipeLike());
    return r ? std::string() : r.error();
}

} // namespace

TEST(CommandLine, PresetTakesTheFastestOutputThatHoldsIt) {
    for (const char* preset : {"2048", "4096"}) {
        CommandLine c;
        ASSERT_EQ(resolved({"--preset", preset}, c), "") << preset;
        EXPECT_EQ(c.settings.frame.voxels, occupancy::VoxelOutput::Sparse) << preset;
        EXPECT_EQ(methods::methodInfo(c.settings.frame.method).reads, occupancy::VoxelOutput::Sparse);
        EXPECT_FALSE(c.outputChosen);
    }
    // Below kSparseFromSide the bits (the faster frame there, and the model colours per point).
    for (const char* preset : {"64", "256", "1024", "64x32x128"}) {
        CommandLine c;
        ASSERT_EQ(resolved({"--preset", preset}, c), "") << preset;
        const bool sparse =
            occupancy::presetLayout(preset, 1 << 20)->voxelCount() >=
            std::int64_t(voxel::kSparseFromSide) * voxel::kSparseFromSide * voxel::kSparseFromSide;
        EXPECT_EQ(c.settings.frame.voxels, sparse ? occupancy::VoxelOutput::Sparse : occupancy::VoxelOutput::Bits)
            << preset;
    }
    // Solid mode up to 1024^3: the bits (the sparse output holds surfaces).
    CommandLine solid;
    ASSERT_EQ(resolved({"--preset", "1024", "--mode", "solid"}, solid), "");
    EXPECT_EQ(solid.settings.frame.voxels, occupancy::VoxelOutput::Bits);
    // An output implied by another option is a choice: the test atlas, a slab voxelizer, a paper method.
    CommandLine slab;
    ASSERT_EQ(resolved({"--preset", "256", "--vox-method", "binned"}, slab), "");
    EXPECT_EQ(slab.settings.frame.voxels, occupancy::VoxelOutput::Atlas);
    EXPECT_TRUE(slab.outputChosen);
    // A volume brings its own size: no preset, no rule (its layout is checked when it loads).
    CommandLine volume;
    ASSERT_EQ(resolved({"--volume", "metaballs:32"}, volume), "");
    EXPECT_EQ(volume.settings.frame.voxels, occupancy::VoxelOutput::Bits);
}

TEST(CommandLine, ChosenOutputThatCannotHoldThePresetIsOneError) {
    CommandLine bits;
    const std::string e = resolved({"--preset", "2048", "--voxels", "bits"}, bits);
    EXPECT_TRUE(bits.outputChosen);
    EXPECT_NE(e.find("preset '2048': volume 2048x2048x2048 needs a 131072x131072 slice atlas"),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("the occupancy bits' limit"), std::string::npos) << e;
    EXPECT_NE(e.find("(--voxels sparse holds it)"), std::string::npos) << e;
    CommandLine method; // hp_bits reads the bits: the same choice
    EXPECT_NE(resolved({"--preset", "2048", "--method", "hp_bits"}, method).find("--voxels sparse holds it"),
              std::string::npos);
    CommandLine atlas; // the atlas at 1024^3 (a 32768^2 texture): the bits hold it
    const std::string a = resolved({"--preset", "1024", "--voxels", "atlas"}, atlas);
    EXPECT_NE(a.find("32768x32768 slice atlas"), std::string::npos) << a;
    // Both occupancy outputs hold 1024^3, named fastest first (the rule's order: kSparseFromSide decides it).
    EXPECT_NE(a.find(voxel::kSparseFromSide <= 1024 ? "(--voxels sparse or --voxels bits holds it)"
                                                    : "(--voxels bits or --voxels sparse holds it)"),
              std::string::npos)
        << a;
    // Chosen and holding it: no error, kept as chosen.
    CommandLine sparse;
    ASSERT_EQ(resolved({"--preset", "128", "--voxels", "sparse"}, sparse), "");
    EXPECT_EQ(sparse.settings.frame.voxels, occupancy::VoxelOutput::Sparse);
}

// Solid mode at 2048^3: the bits' 131072^2 virtual atlas is past their limit and the sparse output holds surfaces,
// so no output holds it, with --voxels (or a method) or without: one message naming each output's reason.
TEST(CommandLine, SolidModeAt2048IsOneError) {
    for (std::vector<const char*> args : {std::vector<const char*>{"--preset", "2048", "--mode", "solid"},
                                          {"--preset", "4096", "--mode", "solid", "--voxels", "bits"},
                                          {"--preset", "2048", "--mode", "solid", "--method", "hp_bits"}}) {
        CommandLine c;
        const std::string e = resolved(args, c);
        SCOPED_TRACE(e);
        EXPECT_NE(e.find("no voxelizer output holds"), std::string::npos);
        EXPECT_NE(e.find("voxels in solid mode on this driver (bits: needs a"), std::string::npos);
        EXPECT_NE(e.find("sparse: it holds surfaces only (shell mode)"), std::string::npos);
        EXPECT_EQ(e.find('\n'), std::string::npos); // one line
    }
    // --voxels sparse --mode solid is refused whatever the preset, as a usage error before any context.
    CommandLine sparse;
    EXPECT_EQ(parse({"--preset", "2048", "--mode", "solid", "--voxels", "sparse"}, sparse),
              ParseResult::Error);
}

// The Pipeline panel between two frames (followDefaultOutput, called before the frame takes the settings): a new
// preset or mode takes its default output unless one was chosen; where none holds it, the previous preset and mode.
TEST(Settings, PanelPresetAndModeFollowTheDefaultOutput) {
    const gl::GlInfo info = llvmpipeLike();
    frame::FrameSettings last; // the defaults: 128, bits, hp_bits, shell
    frame::FrameSettings now = last;
    now.preset = "2048"; // the preset combo
    ASSERT_TRUE(followDefaultOutput(now, last, /*outputChosen=*/false, info));
    EXPECT_EQ(now.voxels, occupancy::VoxelOutput::Sparse);
    EXPECT_EQ(now.method, frame::defaultMethodFor(occupancy::VoxelOutput::Sparse));
    // Back to a small preset: the bits again (below kSparseFromSide), with their method.
    last = now;
    now.preset = "64";
    ASSERT_TRUE(followDefaultOutput(now, last, false, info));
    EXPECT_EQ(now.voxels, occupancy::VoxelOutput::Bits);
    EXPECT_EQ(now.method, frame::defaultMethodFor(occupancy::VoxelOutput::Bits));
    // Solid mode at 2048^3, by either order of the two clicks: one error, the previous preset and mode stay.
    last = now;
    now.preset = "2048";
    ASSERT_TRUE(followDefaultOutput(now, last, false, info));
    last = now;
    now.voxelMode = voxel::VoxelMode::Solid;
    const Result<void> solid = followDefaultOutput(now, last, false, info);
    ASSERT_FALSE(solid);
    EXPECT_NE(solid.error().find("no voxelizer output holds 2048x2048x2048 voxels in solid mode"),
              std::string::npos);
    EXPECT_EQ(now, last);
    frame::FrameSettings solid1024 = last;
    solid1024.preset = "1024";
    solid1024.voxelMode = voxel::VoxelMode::Solid;
    ASSERT_TRUE(followDefaultOutput(solid1024, last, false, info)); // solid at 1024: the bits
    EXPECT_EQ(solid1024.voxels, occupancy::VoxelOutput::Bits);
    frame::FrameSettings to2048 = solid1024;
    to2048.preset = "2048";
    EXPECT_FALSE(followDefaultOutput(to2048, solid1024, false, info));
    EXPECT_EQ(to2048, solid1024);
    // A chosen output (the panel's buttons) is kept; the frame then refuses what it cannot hold.
    frame::FrameSettings chosen = last;
    chosen.preset = "256";
    chosen.voxels = occupancy::VoxelOutput::Sparse;
    frame::FrameSettings next = chosen;
    next.preset = "64";
    ASSERT_TRUE(followDefaultOutput(next, chosen, /*outputChosen=*/true, info));
    EXPECT_EQ(next.voxels, occupancy::VoxelOutput::Sparse);
    // Nothing that decides the output changed (a method, the rule): nothing happens, even with another output.
    frame::FrameSettings atlas = last;
    atlas.voxels = occupancy::VoxelOutput::Atlas;
    atlas.rule = voxel::VoxRule::SliceAxis;
    frame::FrameSettings kept = atlas;
    ASSERT_TRUE(followDefaultOutput(kept, last, false, info));
    EXPECT_EQ(kept, atlas);
}

TEST(CommandLine, BadArgumentsAreErrors) {
    const std::vector<std::vector<const char*>> bad = {
        {"--bogus"},
        {"--method", "dicer_nope"},
        {"--method"},
        {"--preset", "96x"},
        {"--preset", "paper-96"}, // paper-N: N a power of two
        {"--mode", "hollow"},
        {"--method", "raytraced"},
        {"--window", "640"},
        {"--window", "0x480"},
        {"--window", "640x480x3"},
        {"--frames", "0"},
        {"--frames", "ten"},
        {"--explode-at", "-1"},
        {"--timer", "fast"},
        {"--threshold", "2"},
        {"--screenshot", "a.png"}, // needs --frames
        {"a.obj", "b.obj"},
        {"--gl-debug=yes"},
        {"--offscreen"},          // needs --frames
        {"--benchmark", "b.csv"}, // needs --frames
    };
    for (const auto& args : bad) {
        CommandLine c;
        EXPECT_EQ(parse(args, c), ParseResult::Error) << args[0];
    }
    CommandLine c;
    EXPECT_EQ(parse({"--help"}, c), ParseResult::Help);
}

// Sorted blending: the render mode is a row of particles.h's table; its depth buckets and opacity
// are checked on the command line with one clear error (the message names the option and the range).
TEST(CommandLine, SortedBlendingAndItsSettings) {
    CommandLine c;
    EXPECT_EQ(c.settings.view.render, particles::ParticleRender::Splats);
    EXPECT_EQ(c.settings.view.depthBuckets, 4096);
    ASSERT_EQ(parse({"--particles", "sorted", "--depth-buckets", "2", "--opacity", "0.75"}, c),
              ParseResult::Run);
    EXPECT_EQ(c.settings.view.render, particles::ParticleRender::SortedBlend);
    EXPECT_EQ(c.settings.view.depthBuckets, 2);
    EXPECT_FLOAT_EQ(c.settings.view.opacity, 0.75f);
    ASSERT_EQ(parse({"--depth-buckets", "1048575", "--opacity", "1"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.view.depthBuckets, 1048575);
    for (const particles::ParticleRenderInfo& mode : particles::particleRenderModes()) {
        CommandLine m;
        ASSERT_EQ(parse({"--particles", mode.name}, m), ParseResult::Run) << mode.name;
        EXPECT_EQ(m.settings.view.render, mode.mode);
    }
    const std::vector<std::pair<std::vector<const char*>, const char*>> bad = {
        {{"--depth-buckets", "0"}, "--depth-buckets"},
        {{"--depth-buckets", "1"}, "--depth-buckets"},
        {{"--depth-buckets", "1048576"}, "--depth-buckets"},
        {{"--depth-buckets", "many"}, "--depth-buckets"},
        {{"--opacity", "nan"}, "--opacity"},
        {{"--opacity", "0"}, "--opacity"},
        {{"--opacity", "1.5"}, "--opacity"},
        {{"--opacity", "-inf"}, "--opacity"},
        {{"--particles", "blended"}, "--particles"},
    };
    for (const auto& [args, option] : bad) {
        CommandLine b;
        std::vector<const char*> argv = args;
        argv.insert(argv.begin(), "dicer");
        std::string error;
        testing::internal::CaptureStderr();
        EXPECT_EQ(parseCommandLine(int(argv.size()), argv.data(), b, &error), ParseResult::Error) << args[1];
        testing::internal::GetCapturedStderr();
        EXPECT_NE(error.find(option), std::string::npos) << error;
        EXPECT_EQ(b.settings.view, ViewSettings{}) << "a bad value changed the settings: " << args[1];
    }
}

TEST(Settings, ComparisonNamesWhatToRebuild) {
    Settings a, b;
    EXPECT_FALSE(compareSettings(a, b).any());
    EXPECT_FALSE(changesTimings(a, b));
    b.frame.method = test::methodId("dicer_rect");
    ASSERT_NE(b.frame.method, a.frame.method);
    EXPECT_TRUE(compareSettings(b, a).frame.method);
    EXPECT_FALSE(compareSettings(b, a).frame.layout);
    b = a;
    b.frame.preset = "256";
    EXPECT_TRUE(compareSettings(b, a).frame.layout);
    b = a;
    b.frame.voxelMode = voxel::VoxelMode::Solid;
    EXPECT_TRUE(compareSettings(b, a).frame.voxelize);
    b = a;
    b.frame.listPath = hp::ListPath::Readback;
    EXPECT_TRUE(compareSettings(b, a).frame.listPath);
    b = a;
    b.model = {ModelKind::Heart, {}};
    EXPECT_TRUE(compareSettings(b, a).model);
    b = a;
    b.frame.threshold = 0.1f; // no rebuild, but other timings
    EXPECT_FALSE(compareSettings(b, a).any());
    EXPECT_TRUE(changesTimings(b, a));
    b = a;
    b.particles.gravity = 1.f; // neither
    EXPECT_FALSE(changesTimings(b, a));
}

TEST(OrbitCamera, PitchIsClampedAndResetRestores) {
    OrbitCamera cam;
    const glm::vec3 start = cam.eye();
    cam.orbit({0.f, 1e6f});
    EXPECT_FLOAT_EQ(cam.pitch(), OrbitCamera::kMaxPitch);
    cam.orbit({0.f, -1e6f});
    EXPECT_FLOAT_EQ(cam.pitch(), -OrbitCamera::kMaxPitch);
    glm::mat4 view = cam.view();
    EXPECT_FALSE(glm::any(glm::isnan(view[0])));
    cam.zoom(1000.f);
    EXPECT_FLOAT_EQ(cam.distance(), OrbitCamera::kMinDistance);
    cam.zoom(-1000.f);
    EXPECT_FLOAT_EQ(cam.distance(), OrbitCamera::kMaxDistance);
    cam.pan({10.f, 5.f}, 600.f);
    EXPECT_NE(cam.target(), glm::vec3(0.f));
    cam.reset();
    EXPECT_EQ(cam.eye(), start);
    EXPECT_EQ(cam.target(), glm::vec3(0.f));
}

TEST(OrbitCamera, PanFollowsTheCursorAndIgnoresEmptyViewports) {
    OrbitCamera cam;
    glm::vec3 before = cam.target();
    cam.pan({100.f, 0.f}, 0.f); // minimised window: no division by zero
    EXPECT_EQ(cam.target(), before);
    cam.pan({100.f, 0.f}, 800.f);
    glm::mat4 v = cam.view();
    glm::vec3 right(v[0][0], v[1][0], v[2][0]);
    EXPECT_LT(glm::dot(cam.target() - before, right),
              0.f);                    // drag right: the scene follows, target moves left
    glm::mat4 p = cam.projection(0.f); // aspect 0 (0x0 framebuffer) stays finite
    EXPECT_FALSE(glm::any(glm::isnan(p[0])) || glm::any(glm::isinf(p[0])));
}

TEST(Screenshot, FileNameHasDateTimeAndMilliseconds) {
    std::tm t{};
    t.tm_year = 2024 - 1900;
    t.tm_mon = 2;
    t.tm_mday = 7;
    t.tm_hour = 9;
    t.tm_min = 5;
    t.tm_sec = 3;
    EXPECT_EQ(screenshotFileName(t, 42), "dicer_20240307-090503-042.png");
    std::string next = nextScreenshotPath("shots").filename().string();
    EXPECT_TRUE(std::regex_match(next, std::regex(R"(dicer_\d{8}-\d{6}-\d{3}\.png)"))) << next;
}

TEST(Screenshot, RowsAreFlippedAndAlphaOpaque) {
    // 1x3 image, rows bottom-up as GL reads them: values 1, 2, 3 with alpha 0.
    std::vector<std::uint8_t> rgba = {1, 1, 1, 0, 2, 2, 2, 0, 3, 3, 3, 0};
    flipRowsAndMakeOpaque(rgba, 1, 3);
    EXPECT_EQ(rgba, (std::vector<std::uint8_t>{3, 3, 3, 255, 2, 2, 2, 255, 1, 1, 1, 255}));
}

TEST(Screenshot, UnwritableFolderIsAnError) {
    Result<void> r =
        saveScreenshot("/proc/dicer-no-such-dir/x.png", {4, 4}, 0, 0); // fails before any GL call
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("cannot create folder"), std::string::npos) << r.error();
}

TEST(Models, RecentFilesAreUniqueAndBounded) {
    std::vector<std::string> recent;
    for (int i = 0; i < 12; ++i) {
        std::string path = "m"; // not "m" + to_string(i): GCC 12 warns -Wrestrict on that (a false positive)
        path += std::to_string(i) + ".obj";
        rememberRecent(recent, path);
    }
    EXPECT_EQ(recent.size(), kMaxRecent);
    EXPECT_EQ(recent.front(), "m11.obj");
    rememberRecent(recent, "m8.obj");
    EXPECT_EQ(recent.front(), "m8.obj");
    EXPECT_EQ(std::count(recent.begin(), recent.end(), "m8.obj"), 1);
}

TEST(Models, BuiltinsLoadAndMissingFilesFail) {
    auto teapot = loadModel({ModelKind::Teapot, {}});
    ASSERT_TRUE(teapot) << teapot.error();
    EXPECT_GT(teapot->mesh.triangleCount(), 1000u);
    EXPECT_EQ(teapot->placement, glm::mat4(1.f)); // the paper's placement, unchanged
    auto missing = loadModel({ModelKind::File, "/nonexistent/model.obj"});
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("/nonexistent/model.obj"), std::string::npos) << missing.error();
    EXPECT_EQ((ModelChoice{ModelKind::File, "/a/b/spot.obj"}).label(), "spot.obj");
}

// `--screenshot /dev/full` once printed "saved" and exited 0 (stbi_write_png ignored write errors).
TEST(Screenshot, WriteErrorsAreReported) {
    const std::vector<std::uint8_t> rgba(64 * 32 * 4, 200);
    Result<void> r = writePngRgba8("/dev/full", 64, 32, rgba);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("screenshot: cannot write screenshot '/dev/full'"), std::string::npos)
        << r.error();
    EXPECT_NE(r.error().find("No space left on device"), std::string::npos) << r.error();
}

// --- PLY export and the first screen ---

TEST(CommandLine, ExportPlyNeedsFramesAndAsciiIsASwitch) {
    CommandLine c;
    ASSERT_EQ(parse({"--frames", "3", "--export-ply", "cloud.ply", "--ply-ascii"}, c), ParseResult::Run);
    EXPECT_EQ(c.run.exports[size_t(kPointsExport.row)], "cloud.ply");
    EXPECT_TRUE(c.settings.plyAscii);
    CommandLine d;
    ASSERT_EQ(parse({"--frames", "3", "--export-ply=cloud.ply"}, d), ParseResult::Run);
    EXPECT_FALSE(d.settings.plyAscii); // binary little-endian by default
    CommandLine e;
    EXPECT_EQ(parse({"--export-ply", "cloud.ply"}, e), ParseResult::Error);
}

// --- The surface view ---

// --view LIST shows exactly the views named; --show-surface is the surface's switch; --mc-method names a row
// of the marching-cubes table (an unknown name is a usage error); --export-surface needs --frames.
TEST(CommandLine, SurfaceViewOptions) {
    CommandLine c;
    ASSERT_EQ(parse({"--volume", "metaballs:32", "--view", "surface"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.view.shown.ids(), std::vector<ViewId>{kSurfaceView});
    CommandLine d;
    ASSERT_EQ(parse({"--view", "points,mesh,list"}, d), ParseResult::Run);
    EXPECT_EQ(d.settings.view.shown.ids(), (std::vector<ViewId>{kMeshView, kPointsView, kListView}));
    EXPECT_EQ(optionTable().find("view")->format(d), "mesh,points,list"); // table order
    CommandLine e;
    ASSERT_EQ(parse({"--view", "none", "--show-surface"}, e), ParseResult::Run);
    EXPECT_EQ(e.settings.view.shown.ids(), std::vector<ViewId>{kSurfaceView});
    CommandLine f;
    ASSERT_EQ(parse({"--view", "all"}, f), ParseResult::Run);
    EXPECT_EQ(f.settings.view.shown.ids(), viewIds());
    // Off by default: the mesh (it hides the cloud) and the surface (it costs the expand stage).
    EXPECT_EQ(CommandLine().settings.view.shown.ids(), (std::vector<ViewId>{kPointsView, kAtlasView, kListView}));
    for (const auto& bad : std::vector<std::vector<const char*>>{{"--view", "points,bogus"},
                                                                 {"--view", ""},
                                                                 {"--mc-method", "nope"},
                                                                 {"--export-surface", "s.ply"}}) {
        CommandLine g;
        EXPECT_EQ(parse(bad, g), ParseResult::Error) << bad[0];
    }
    for (surface::McMethodId row : gl::rowIds(surface::mcMethodTable())) {
        CommandLine h;
        ASSERT_EQ(parse({"--mc-method", surface::mcMethodInfo(row).name, "--frames", "2", "--export-surface",
                         "s.ply"},
                        h),
                  ParseResult::Run);
        EXPECT_EQ(h.settings.frame.mcMethod, row);
        EXPECT_EQ(h.run.exports[size_t(kSurfaceExport.row)], "s.ply");
    }
}

TEST(PointExport, VoxelCentresGoBackThroughTheModelMatrixWithAtlasColors) {
    frame::PointSnapshot s;
    s.volume = {4, 4, 2};
    s.atlasSize = 8;
    s.rgba.assign(8 * 8 * 4, 0);
    auto paint = [&s](int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        const size_t at = (size_t(y) * 8 + size_t(x)) * 4;
        s.rgba[at] = r, s.rgba[at + 1] = g, s.rgba[at + 2] = b, s.rgba[at + 3] = 255;
    };
    paint(0, 0, 10, 20, 30);
    paint(7, 3, 200, 100, 0);
    // Voxel (0,0,0) at texel (0,0); voxel (3,3,1) at texel (7,3) (slice 1 = the second tile of the row).
    s.entries = {{0, 0, 0, 0u | 0u << 16}, {3, 3, 1, 7u | 3u << 16}};
    // Model -> volume: scale 2, then move by (0.5, 0, 0): model = (world - (0.5,0,0)) / 2.
    s.modelToVolume =
        glm::translate(glm::mat4(1.f), {0.5f, 0.f, 0.f}) * glm::scale(glm::mat4(1.f), glm::vec3(2.f));
    Result<std::vector<model::PlyPoint>> points = modelSpacePoints(s);
    ASSERT_TRUE(points) << points.error();
    ASSERT_EQ(points->size(), 2u);
    // World centres: -1 + (v + 0.5) * 2 / volume = (-0.75, -0.75, -0.5) and (0.75, 0.75, 0.5).
    EXPECT_EQ((*points)[0].position, glm::vec3(-0.625f, -0.375f, -0.25f));
    EXPECT_EQ((*points)[1].position, glm::vec3(0.125f, 0.375f, 0.25f));
    EXPECT_EQ((*points)[0].color, glm::u8vec3(10, 20, 30));
    EXPECT_EQ((*points)[1].color, glm::u8vec3(200, 100, 0));
}

TEST(PointExport, CorruptEntriesAndSingularMatricesAreErrors) {
    frame::PointSnapshot s;
    s.volume = {4, 4, 2};
    s.atlasSize = 8;
    s.rgba.assign(8 * 8 * 4, 0);
    s.entries = {{4, 0, 0, 0}}; // x beyond the volume
    EXPECT_FALSE(modelSpacePoints(s));
    s.entries = {{0, 0, 0, 8u}}; // texel beyond the atlas
    EXPECT_FALSE(modelSpacePoints(s));
    s.entries = {{0, 0, 0, 0}};
    s.modelToVolume = glm::mat4(0.f);
    Result<std::vector<model::PlyPoint>> singular = modelSpacePoints(s);
    ASSERT_FALSE(singular);
    EXPECT_NE(singular.error().find("not invertible"), std::string::npos) << singular.error();
    s.modelToVolume = glm::mat4(1.f);
    s.rgba.resize(10); // a short read-back
    EXPECT_FALSE(modelSpacePoints(s));
}

// Bits output: no atlas; each point's colour is its slot colour (RGBA8, red in the low byte), and a colour list
// that does not match the points is an error, not a guess.
TEST(PointExport, BitsOutputColorsComeFromThePointColors) {
    frame::PointSnapshot s;
    s.volume = {4, 4, 2};
    s.atlasSize = 8; // the virtual atlas: texels must still lie in it
    s.entries = {{0, 0, 0, 0u}, {3, 3, 1, 7u | 3u << 16}};
    s.pointColors = {0xff1e140au, 0xff006Ec8u};
    Result<std::vector<model::PlyPoint>> points = modelSpacePoints(s);
    ASSERT_TRUE(points) << points.error();
    ASSERT_EQ(points->size(), 2u);
    EXPECT_EQ((*points)[0].color, glm::u8vec3(10, 20, 30));
    EXPECT_EQ((*points)[1].color, glm::u8vec3(200, 110, 0));
    EXPECT_EQ((*points)[1].position, glm::vec3(0.75f, 0.75f, 0.5f));
    s.pointColors.pop_back();
    EXPECT_FALSE(modelSpacePoints(s));
}

// Each export's button writes into the screenshot folder under the screenshots' names, with its suffix.
TEST(Exports, FileNamesFollowTheScreenshots) {
    std::string points = nextScreenshotPath("shots", exportRow(kPointsExport).suffix).string();
    EXPECT_TRUE(std::regex_match(points, std::regex(R"(shots/dicer_\d{8}-\d{6}-\d{3}\.ply)"))) << points;
    std::string surface = nextScreenshotPath("shots", exportRow(kSurfaceExport).suffix).string();
    EXPECT_TRUE(std::regex_match(surface, std::regex(R"(shots/dicer_\d{8}-\d{6}-\d{3}_surface\.ply)")))
        << surface;
}

TEST(Layout, IniFileIsInTheUserConfigFolderNeverTheWorkingDirectory) {
    using P = std::filesystem::path;
    ConfigEnv env{nullptr, "/x/config", "/home/u"};
    EXPECT_EQ(layoutIniPath(env, false), P("/x/config/dicer/imgui.ini"));
    env.xdgConfigHome = "relative/config"; // not absolute: ignored, as the XDG spec says
    EXPECT_EQ(layoutIniPath(env, false), P("/home/u/.config/dicer/imgui.ini"));
    env.xdgConfigHome = nullptr;
    EXPECT_EQ(layoutIniPath(env, false), P("/home/u/.config/dicer/imgui.ini"));
    env.home = "";
    EXPECT_EQ(layoutIniPath(env, false), std::nullopt); // nowhere to put it: no file (not the cwd)
    env.home = "/home/u";
    EXPECT_EQ(layoutIniPath(env, /*scriptedRun=*/true), std::nullopt); // --frames runs: no user layout
    env.dicerConfigDir = "/tmp/t";
    EXPECT_EQ(layoutIniPath(env, true), P("/tmp/t/imgui.ini"));
    EXPECT_EQ(layoutIniPath(env, false), P("/tmp/t/imgui.ini"));
    env.dicerConfigDir = ""; // set but empty: explicitly none
    EXPECT_EQ(layoutIniPath(env, false), std::nullopt);
}

TEST(Layout, TimingsWindowIsInsideTheFirstScreen) {
    for (float scale : {1.f, 1.25f}) {
        const PanelLayout l = defaultPanelLayout({0.f, 0.f}, {1280.f, 800.f}, scale);
        ASSERT_TRUE(l.listFolded) << "1280x800 holds one image panel at the column's width";
        // Folded, the list shows its title bar only: that is what must lie on the first screen.
        const WindowRect listTitle{l.list.pos, {l.list.size.x, l.titleHeight}};
        for (const WindowRect* r : {&l.sidebar, &l.timings, &l.atlas, &listTitle, &l.status}) {
            EXPECT_TRUE(r->inside({0.f, 0.f}, {1280.f, 800.f})) << scale;
            if (r != &l.status) {
                EXPECT_FALSE(r->overlaps(l.status)) << scale << ": the status line stays visible";
            }
        }
        EXPECT_FALSE(l.timings.overlaps(l.sidebar)) << scale;
        EXPECT_FALSE(l.timings.overlaps(l.atlas)) << scale;
        EXPECT_FALSE(l.atlas.overlaps(listTitle)) << scale;
        EXPECT_GE(l.timings.size.y, 280.f * scale) << "room for the table"; // the window test measures it
    }
    // Top-right corner, at 1280x800.
    const PanelLayout l = defaultPanelLayout({0.f, 0.f}, {1280.f, 800.f}, 1.f);
    EXPECT_EQ(l.timings.pos.y, 8.f);
    EXPECT_EQ(l.timings.pos.x + l.timings.size.x, 1272.f);
    // Small or offset viewports: still inside, never negative sizes.
    for (glm::vec2 size : {glm::vec2(640.f, 480.f), glm::vec2(320.f, 200.f), glm::vec2(10.f, 10.f)}) {
        const PanelLayout s = defaultPanelLayout({5.f, 20.f}, size, 1.f);
        const WindowRect listShown = s.listFolded ? WindowRect{s.list.pos, {s.list.size.x, s.titleHeight}} : s.list;
        for (const WindowRect* r : {&s.sidebar, &s.timings, &s.atlas, &listShown, &s.status}) {
            EXPECT_TRUE(r->inside({5.f, 20.f}, size)) << size.x << "x" << size.y;
            EXPECT_GT(r->size.x, 0.f);
            EXPECT_GT(r->size.y, 0.f);
        }
    }
    EXPECT_FALSE((WindowRect{{1200.f, 700.f}, {360.f, 290.f}}).inside({0.f, 0.f}, {1280.f, 800.f}));
}

// An image panel is as tall as a square image of the column's width (less the padding) and its text need: at
// 1280x800 and 1920x1080 the atlas gets that and the list folds; a tall screen holds both unfolded.
TEST(Layout, ImagePanelsHoldASquareImageOfTheColumnsWidth) {
    constexpr float kText = 19.f + 16.f + 4.f * 17.f + 8.f; // title, padding, four lines (ui_layout.cpp)
    for (glm::vec2 size : {glm::vec2(1280.f, 800.f), glm::vec2(1920.f, 1080.f)}) {
        const PanelLayout l = defaultPanelLayout({0.f, 0.f}, size, 1.f);
        EXPECT_TRUE(l.listFolded) << size.y;
        EXPECT_GE(l.atlas.size.y - kText, 0.85f * (l.atlas.size.x - 16.f)) << size.y << ": the atlas image is narrow";
        EXPECT_GE(l.list.size.y - kText, l.list.size.x - 16.f) << "unfolded, the list's image is the column's width";
        EXPECT_LE(l.list.size.y, size.y) << "unfolded, it fits on the screen";
        EXPECT_NEAR(l.list.pos.y + l.titleHeight, l.status.pos.y - 8.f, 0.5f) << "its title bar ends the column";
    }
    const PanelLayout tall = defaultPanelLayout({0.f, 0.f}, {1920.f, 1440.f}, 1.f);
    EXPECT_FALSE(tall.listFolded);
    for (const WindowRect* r : {&tall.atlas, &tall.list}) {
        EXPECT_GE(r->size.y - kText, r->size.x - 16.f);
        EXPECT_TRUE(r->inside({0.f, 0.f}, {1920.f, 1440.f}));
    }
    EXPECT_FALSE(tall.atlas.overlaps(tall.list));
}

// One column per frame stage (frame_stages.h), in stage order: a stage the loop times is never dropped.
TEST(Benchmark, HeaderHasAColumnPerFrameStage) {
    std::string want = "frame,surface,renderer,gl_version,timer,model,method,preset,points";
    for (const frame::StageInfo& stage : frame::kStages)
        want += std::string(",") + stage.column;
    EXPECT_EQ(benchmarkHeader(), want + ",frame_ms,fps\n");
    EXPECT_NE(benchmarkHeader().find(",colors_ms,expand_ms,particles_ms,sort_ms,views_ms,"),
              std::string::npos);
    for (const frame::StageInfo& stage : frame::kStages)
        EXPECT_EQ(frame::findStage(stage.name), stage.stage) << stage.name;
    EXPECT_FALSE(frame::findStage("HP Build"));
}

TEST(Benchmark, CsvFieldsAreQuotedOnlyWhenNeeded) {
    EXPECT_EQ(csvField("teapot"), "teapot");
    EXPECT_EQ(csvField("llvmpipe (LLVM 15.0.6, 256 bits)"), "\"llvmpipe (LLVM 15.0.6, 256 bits)\"");
    EXPECT_EQ(csvField("a \"b\""), "\"a \"\"b\"\"\"");
}

// Rows start after the warm-up, come in frame order whatever order the samples arrive in (GPU results come
// late), and a value that never came is an empty cell, never a made-up number.
TEST(Benchmark, RowsAfterTheWarmupInFrameOrder) {
    const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / "dicer_benchmark_test.csv";
    auto log = BenchmarkLog::open(file, /*warmupFrames=*/1);
    ASSERT_TRUE(log) << log.error();
    log->setRun({"offscreen", "llvmpipe, x", "4.5", "cpu-fenced", "teapot", "dicer_single", "64"});
    for (int frame : {2, 0, 1})
        for (const frame::StageInfo& stage : frame::kStages)
            // A mesh frame never discriminates (nor expands a surface); frame 2 skipped the sort.
            if (stage.stage != frame::Stage::Discriminate && stage.stage != frame::Stage::Expand &&
                (frame != 2 || stage.stage != frame::Stage::Sort))
                log->stageSample(frame, stage.name, 1.5);
    log->stageSample(1, "not a stage", 9.0);
    log->frameTime(0, 10.0);
    log->frameTime(1, 20.0);
    log->points(1, 7u);
    log->points(2, std::nullopt);
    // voxelize, discriminate, HP build, PointList, colours, expand, particles, sort, views, UI
    const std::string want = benchmarkHeader() +
                             "1,offscreen,\"llvmpipe, x\",4.5,cpu-fenced,teapot,dicer_single,64,7,"
                             "1.500,,1.500,1.500,1.500,,1.500,1.500,1.500,1.500,20.000,50.00\n"
                             "2,offscreen,\"llvmpipe, x\",4.5,cpu-fenced,teapot,dicer_single,64,,"
                             "1.500,,1.500,1.500,1.500,,1.500,,1.500,1.500,,\n";
    EXPECT_EQ(log->text(), want);
    EXPECT_EQ(log->rowCount(), 2);
    ASSERT_TRUE(log->write());
    std::ifstream in(file);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), want);
    std::filesystem::remove(file);
}

TEST(Benchmark, UnwritablePathIsAnErrorAtOpen) {
    for (const char* path : {"/proc/dicer-no-such-dir/b.csv", "/dev/full"}) {
        auto log = BenchmarkLog::open(path, 0);
        ASSERT_FALSE(log) << path;
        EXPECT_NE(log.error().find("cannot write benchmark CSV"), std::string::npos) << log.error();
    }
}

// --soak N is a --frames N run; N is whole cycles, at least two (a warm-up cycle and one to compare).
TEST(Soak, CommandLine) {
    CommandLine c;
    ASSERT_EQ(parse({"--soak", "600"}, c), ParseResult::Run);
    EXPECT_EQ(c.run.soak, 600);
    EXPECT_EQ(c.run.frames, 600);
    EXPECT_FALSE(c.run.soakLeakTest);
    CommandLine leak;
    ASSERT_EQ(parse({"--soak", "400", "--soak-leak-test"}, leak), ParseResult::Run);
    EXPECT_TRUE(leak.run.soakLeakTest);
    for (std::vector<const char*> bad : std::vector<std::vector<const char*>>{
             {"--soak", "200"},                     // one cycle: nothing to compare
             {"--soak", "450"},                     // not whole cycles
             {"--soak", "400", "--frames", "10"},   // two frame counts
             {"--frames", "10", "--soak-leak-test"} // the leak test is a soak
         }) {
        CommandLine out;
        EXPECT_EQ(parse(bad, out), ParseResult::Error) << bad[0] << " " << bad[1];
    }
}

namespace {
std::vector<SoakStep> scheduleOf(const Settings& base, int cycle) {
    return soakSchedule(
        base, cycle, [](methods::MethodId) { return true; },
        [](std::string_view name) { return "/m/" + std::string(name) + ".obj"; },
        [](std::string_view name) { return "/v/" + std::string(name) + ".mhd"; });
}
} // namespace

// One cycle covers every kind of change: each demo row x its storages x its build paths, both list paths,
// every voxelizer method x mode, the other rule, the presets, the test atlas, every model, the view, explode,
// re-assemble and a shader reload, the volumes and their bands; each step is the base with one change, and it fits in the cycle.
TEST(Soak, ScheduleCoversEveryKindOfChange) {
    Settings base;
    base.frame.preset = "64";
    const std::vector<SoakStep> steps = scheduleOf(base, 1);
    ASSERT_LE(int(steps.size()) * kSoakFramesPerStep, kSoakCycleFrames);
    std::set<std::tuple<methods::MethodId, hp::Storage, hp::BuildPath>> variants;
    std::set<std::pair<voxel::VoxMethodId, voxel::VoxelMode>> voxelizers;
    std::set<std::string> presets, models;
    std::set<SoakEvent> events;
    std::set<std::pair<std::string, std::string>> bands; // (volume, band) of the band steps
    bool paperList = false, rule = false, testAtlas = false, view = false;
    for (const SoakStep& s : steps) {
        const frame::FrameSettings& p = s.settings.frame;
        variants.insert({p.method, p.storage, p.buildPath});
        voxelizers.insert({p.voxMethod, p.voxelMode});
        presets.insert(p.preset);
        models.insert(s.settings.model.label());
        events.insert(s.event);
        paperList |= p.listPath == hp::ListPath::Readback;
        rule |= p.rule == voxel::VoxRule::SliceAxis;
        testAtlas |= p.testAtlas;
        view |= s.settings.view != base.view;
        // One kind of change per step: pipeline, model, view or an event, never two; a volume's band step is
        // the volume (loaded by the step before) with another band and its surface shown.
        const bool bandStep = p.input == frame::kVolumeInput && p.band != base.frame.band;
        if (bandStep) {
            bands.insert({s.settings.model.label(), volume::bandText(p.band)});
            EXPECT_EQ(s.settings.model.kind, ModelKind::Volume) << s.label;
            EXPECT_EQ(steps[size_t(&s - steps.data()) - 1].settings.model, s.settings.model) << s.label;
            ViewSettings surfaceShown = base.view;
            surfaceShown.shown.set(kSurfaceView, true);
            EXPECT_EQ(s.settings.view, surfaceShown) << s.label;
        }
        const int kinds = int(p != base.frame) + int(s.settings.model != base.model) +
                          int(s.settings.view != base.view) + int(s.event != SoakEvent::None);
        EXPECT_EQ(kinds, bandStep ? 3 : 1) << s.label;
    }
    size_t configs = 0;
    for (const methods::MethodConfig& c : methods::methodConfigs())
        if (c.method->inDemo()) {
            ++configs;
            const methods::MethodId row = test::methodId(c.method->name);
            const bool isBase = row == base.frame.method &&
                                (c.method->storages.empty() || c.options.storage == base.frame.storage) &&
                                (c.method->buildPaths.empty() || c.options.buildPath == base.frame.buildPath);
            const bool found =
                isBase || std::any_of(variants.begin(), variants.end(), [&](const auto& v) {
                    return std::get<0>(v) == row &&
                           (c.method->storages.empty() || std::get<1>(v) == c.options.storage) &&
                           (c.method->buildPaths.empty() || std::get<2>(v) == c.options.buildPath);
                });
            EXPECT_TRUE(found) << c.label();
        }
    EXPECT_GE(configs, 17u);
    voxelizers.insert({base.frame.voxMethod, base.frame.voxelMode}); // the base: no step of its own
    EXPECT_EQ(voxelizers.size(), voxel::voxMethods().size() * voxel::kVoxelModes.size());
    EXPECT_EQ(presets, (std::set<std::string>{"64", "128", "paper-1024"}));
    // Mesh -> volume -> mesh: a small built-in and the MR scan, each with a band of its own after
    // its load; the step after the last volume loads the base model back.
    EXPECT_EQ(models, (std::set<std::string>{"teapot", "heart", "spot.obj", "cornell_box.obj",
                                             kSoakBuiltinVolume, "head_mr.mhd"}));
    EXPECT_EQ(bands, (std::set<std::pair<std::string, std::string>>{
                         {kSoakBuiltinVolume, volume::bandText(kSoakBuiltinBand)},
                         {"head_mr.mhd", volume::bandText(kSoakScanBand)}}));
    for (size_t i = 0; i + 1 < steps.size(); ++i) {
        if (steps[i].settings.model.kind == ModelKind::Volume &&
            steps[i + 1].settings.model.kind != ModelKind::Volume) {
            EXPECT_EQ(steps[i + 1].settings.model, base.model) << steps[i + 1].label;
        }
    }
    EXPECT_EQ(events, (std::set<SoakEvent>{SoakEvent::None, SoakEvent::Explode, SoakEvent::Reassemble,
                                           SoakEvent::ReloadShaders}));
    EXPECT_TRUE(paperList && rule && testAtlas && view);
    // The large preset only every kSoakLargeEvery-th cycle, the first (warm-up) one included.
    auto hasLarge = [&](int cycle) {
        for (const SoakStep& s : scheduleOf(base, cycle))
            if (s.settings.frame.preset == kSoakLargePreset) return true;
        return false;
    };
    EXPECT_TRUE(hasLarge(0));
    EXPECT_FALSE(hasLarge(1));
    EXPECT_TRUE(hasLarge(kSoakLargeEvery));
    EXPECT_EQ(scheduleOf(base, 0).size(), steps.size());
    // Unavailable rows are left out.
    const std::vector<SoakStep> none = soakSchedule(
        base, 1, [](methods::MethodId) { return false; },
        [](std::string_view) { return std::string("x.obj"); },
        [](std::string_view) { return std::string("x.mhd"); });
    for (const SoakStep& s : none)
        EXPECT_EQ(s.settings.frame.method, base.frame.method) << s.label;
}

// From a volume (the CT head), every step is one the volume can take: no method whose output its discriminator
// does not write (hp_sparse), no voxelizer, rule or preset step (a volume ignores them), and the base keeps its
// band, so the cycle ends on the volume as loaded.
TEST(Soak, ScheduleFromAVolumeHasOnlyStepsAVolumeTakes) {
    Settings base;
    base.model = {ModelKind::Volume, "/v/headsq.nhdr"};
    base.frame.input = frame::kVolumeInput;
    base.frame.band = {1963, 3926};
    const std::vector<SoakStep> steps = scheduleOf(base, 1);
    ASSERT_FALSE(steps.empty());
    bool anyMethod = false;
    for (const SoakStep& s : steps) {
        const frame::FrameSettings& p = s.settings.frame;
        if (s.settings.model != base.model) continue; // a load step: another input with its own settings
        EXPECT_TRUE(frame::inputInfo(frame::kVolumeInput).writes(p.voxels)) << s.label;
        EXPECT_TRUE(frame::inputOffersMethod(frame::kVolumeInput, p.method)) << s.label;
        EXPECT_EQ(p.voxMethod, base.frame.voxMethod) << s.label;
        EXPECT_EQ(p.voxelMode, base.frame.voxelMode) << s.label;
        EXPECT_EQ(p.rule, base.frame.rule) << s.label;
        EXPECT_EQ(p.preset, base.frame.preset) << s.label;
        EXPECT_FALSE(p.testAtlas) << s.label;
        EXPECT_EQ(p.band, base.frame.band) << s.label;
        anyMethod |= p.method != base.frame.method;
    }
    EXPECT_TRUE(anyMethod) << "the methods are still switched";
}

// The growth check: within the bounds nothing is reported; one more object of a kind, RSS past the bound, a
// GL error, a verify mismatch or a failed load each give one line naming it.
TEST(Soak, ViolationsNameWhatGrew) {
    SoakSample start;
    start.objects = {{"textures", 20, 100}, {"buffers", 40, 200}};
    start.rssBytes = 200ull << 20;
    const SoakBounds bounds;
    SoakSample same = start;
    same.rssBytes += bounds.rssGrowthBytes; // at the bound: allowed
    same.objects[1].created += 500;         // churn is no growth
    same.verifies = 80;
    EXPECT_TRUE(soakViolations(start, same, bounds).empty());

    SoakSample leak = same;
    leak.objects[1].live += 1;
    std::vector<std::string> v = soakViolations(start, leak, bounds);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0], "buffers: 40 -> 41 live (bound +0)");

    SoakSample rss = same;
    rss.rssBytes += 1;
    v = soakViolations(start, rss, bounds);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].find("RSS"), std::string::npos) << v[0];

    // The second half of a long run: its own, smaller RSS bound.
    SoakSample middle = start, late = same;
    middle.rssBytes = start.rssBytes + bounds.rssGrowthBytes - bounds.lateRssGrowthBytes;
    EXPECT_TRUE(soakViolations(start, late, bounds, &middle).empty());
    middle.rssBytes -= 1;
    v = soakViolations(start, late, bounds, &middle);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].find("second half"), std::string::npos) << v[0];

    SoakSample bad = same;
    bad.glErrors = 1;
    bad.mismatches = 2;
    bad.stageErrors = 1;
    EXPECT_EQ(soakViolations(start, bad, bounds).size(), 3u);
    EXPECT_EQ(soakRow(start, "start").find("soak:"), 0u);
}

// The Pipeline panel's method combo lists every row the demo runs: a row of another output switches to it and
// says so in one line; a row of the same output switches nothing else and says nothing.
TEST(MethodCombo, ARowOfAnotherOutputSwitchesToItAndSaysSo) {
    frame::FrameSettings s; // the default: the bits, hp_bits
    ASSERT_EQ(s.voxels, occupancy::VoxelOutput::Bits);
    const methods::MethodId vec4 = *methods::findMethod("dicer_vec4");
    EXPECT_EQ(switchMethod(s, vec4), "dicer_vec4 reads the atlas output: voxels bits -> atlas");
    EXPECT_EQ(s.method, vec4);
    EXPECT_EQ(s.voxels, occupancy::VoxelOutput::Atlas);
    const methods::MethodId single = *methods::findMethod("dicer_single");
    EXPECT_EQ(switchMethod(s, single), "");
    EXPECT_EQ(s.method, single);
    const methods::MethodId sparse = *methods::findMethod("hp_sparse");
    EXPECT_EQ(switchMethod(s, sparse), "hp_sparse reads the sparse output: voxels atlas -> sparse");
    EXPECT_EQ(s.voxels, occupancy::VoxelOutput::Sparse);
    EXPECT_EQ(s.method, sparse) << "suitOutput keeps the chosen row";
}
