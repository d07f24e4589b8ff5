// CPU tests of the demo's window-free parts: command line, settings comparison, orbit camera, screenshot
// names and pixels, recent files, model choice.
#include "camera.h"
#include "cli.h"
#include "method_table.h"
#include "model_loader.h"
#include "screenshot.h"
#include "settings.h"

#include <gtest/gtest.h>

#include <regex>
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

} // namespace

TEST(CommandLine, DefaultsAreTheInteractiveTeapot) {
    CommandLine c;
    ASSERT_EQ(parse({}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.model.kind, ModelKind::Teapot);
    EXPECT_EQ(c.run.frames, 0);
    EXPECT_EQ(c.run.windowSize, glm::ivec2(1280, 800));
    EXPECT_TRUE(c.settings.pipeline.gpuResident);
}

TEST(CommandLine, ScriptedRunOptions) {
    CommandLine c;
    ASSERT_EQ(parse({"model.obj",    "--variant",   "dicer_vec4",   "--preset=64",  "--size",
                     "640x480",      "--frames",    "12",           "--screenshot", "out.png",
                     "--explode-at", "4",           "--timer",      "cpu",          "--gl-debug",
                     "--storage",    "float32",     "--build-path", "fragment",     "--paper-list",
                     "--color",      "model",       "--threshold",  "0.25",         "--screenshot-ui",
                     "off",          "--particles", "points",       "--mode",       "solid",
                     "--method",     "binned",      "--slice-axis"},
                    c),
              ParseResult::Run);
    EXPECT_EQ(c.settings.model, (ModelChoice{ModelKind::File, "model.obj"}));
    EXPECT_EQ(c.settings.pipeline.variant, 1);
    EXPECT_EQ(c.settings.pipeline.preset, "64");
    EXPECT_EQ(c.run.windowSize, glm::ivec2(640, 480));
    EXPECT_EQ(c.run.frames, 12);
    EXPECT_EQ(c.run.screenshot, "out.png");
    EXPECT_EQ(c.run.explodeAt, 4);
    EXPECT_TRUE(c.run.forceCpuTimer);
    EXPECT_TRUE(c.run.glDebug);
    EXPECT_EQ(c.settings.pipeline.storage, hp::Storage::Float32);
    EXPECT_EQ(c.settings.pipeline.buildPath, hp::BuildPath::Fragment);
    EXPECT_FALSE(c.settings.pipeline.gpuResident);
    EXPECT_EQ(c.settings.view.color, ParticleColor::ModelColor);
    EXPECT_FLOAT_EQ(c.settings.pipeline.threshold, 0.25f);
    EXPECT_FALSE(c.settings.screenshotWithUi);
    EXPECT_EQ(c.settings.view.render, ParticleRender::Points);
    EXPECT_EQ(c.settings.pipeline.voxelMode, VoxelMode::Solid);
    EXPECT_EQ(c.settings.pipeline.voxelMethod, VoxelMethod::Binned);
    EXPECT_TRUE(c.settings.pipeline.sliceAxisRule);
}

TEST(CommandLine, ReloadShadersAtAFrame) {
    CommandLine c;
    EXPECT_EQ(c.run.reloadShadersAt, -1);
    ASSERT_EQ(parse({"--reload-shaders-at", "5"}, c), ParseResult::Run);
    EXPECT_EQ(c.run.reloadShadersAt, 5);
    EXPECT_EQ(parse({"--reload-shaders-at", "-1"}, c), ParseResult::Error);
}

// --variant takes every row of the method table the demo offers (its index is the row); the CPU paths, which
// read the atlas back every frame, are not offered.
TEST(CommandLine, VariantIsARowOfTheMethodTable) {
    auto table = methods::methodTable();
    for (size_t i = 0; i < table.size(); ++i) {
        CommandLine c;
        const ParseResult r = parse({"--variant", table[i].name}, c);
        if (table[i].inDemo()) {
            ASSERT_EQ(r, ParseResult::Run) << table[i].name;
            EXPECT_EQ(c.settings.pipeline.variant, int(i));
        } else {
            EXPECT_EQ(r, ParseResult::Error) << table[i].name;
        }
    }
    for (const char* cpu : {"cpu_linewise", "cpu_threaded"}) {
        CommandLine c;
        EXPECT_EQ(parse({"--variant", cpu}, c), ParseResult::Error);
    }
}

TEST(CommandLine, BadArgumentsAreErrors) {
    const std::vector<std::vector<const char*>> bad = {
        {"--bogus"},         {"--variant", "dicer_nope"}, {"--variant"},
        {"--preset", "96"},  {"--mode", "hollow"},        {"--method", "raytraced"},
        {"--size", "640"},   {"--size", "0x480"},         {"--size", "640x480x3"},
        {"--frames", "0"},   {"--frames", "ten"},         {"--explode-at", "-1"},
        {"--timer", "fast"}, {"--threshold", "2"},        {"--screenshot", "a.png"}, // needs --frames
        {"a.obj", "b.obj"},  {"--gl-debug=yes"},
    };
    for (const auto& args : bad) {
        CommandLine c;
        EXPECT_EQ(parse(args, c), ParseResult::Error) << args[0];
    }
    CommandLine c;
    EXPECT_EQ(parse({"--help"}, c), ParseResult::Help);
}

// Sorted blending (issue 11): the render mode is a row of particles.h's table; its depth buckets and opacity
// are checked on the command line with one clear error (the message names the option and the range).
TEST(CommandLine, SortedBlendingAndItsSettings) {
    CommandLine c;
    EXPECT_EQ(c.settings.view.render, ParticleRender::Splats);
    EXPECT_EQ(c.settings.view.depthBuckets, 4096);
    ASSERT_EQ(parse({"--particles", "sorted", "--depth-buckets", "2", "--opacity", "0.75"}, c),
              ParseResult::Run);
    EXPECT_EQ(c.settings.view.render, ParticleRender::SortedBlend);
    EXPECT_EQ(c.settings.view.depthBuckets, 2);
    EXPECT_FLOAT_EQ(c.settings.view.opacity, 0.75f);
    ASSERT_EQ(parse({"--depth-buckets", "1048575", "--opacity", "1"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.view.depthBuckets, 1048575);
    for (const ParticleRenderInfo& mode : particleRenderModes()) {
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
    b.pipeline.variant = 2;
    EXPECT_TRUE(compareSettings(b, a).pyramid);
    EXPECT_FALSE(compareSettings(b, a).layout);
    b = a;
    b.pipeline.preset = "256";
    EXPECT_TRUE(compareSettings(b, a).layout);
    b = a;
    b.pipeline.voxelMode = VoxelMode::Solid;
    EXPECT_TRUE(compareSettings(b, a).voxelize);
    b = a;
    b.model = {ModelKind::Heart, {}};
    EXPECT_TRUE(compareSettings(b, a).model);
    b = a;
    b.pipeline.threshold = 0.1f; // no rebuild, but other timings
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
    Result<void> r = saveScreenshot("/proc/dicer-no-such-dir/x.png", {4, 4});
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

// Issue 12: `--screenshot /dev/full` printed "saved" and exited 0 (stbi_write_png ignored write errors).
TEST(Screenshot, WriteErrorsAreReported) {
    const std::vector<std::uint8_t> rgba(64 * 32 * 4, 200);
    Result<void> r = writePngRgba8("/dev/full", 64, 32, rgba);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("screenshot: cannot write screenshot '/dev/full'"), std::string::npos)
        << r.error();
    EXPECT_NE(r.error().find("No space left on device"), std::string::npos) << r.error();
}
