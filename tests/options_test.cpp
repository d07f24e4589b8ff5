// CPU tests of the option tables (app/common/options.h) and of both programs' rows: every row reads back what
// it writes, unknown options and bad values give one message naming the option, --help lists every row, and
// dicer and dicer-bench speak one vocabulary for the settings they share.
#include "band.h"
#include "bench_options.h"
#include "cli.h"
#include "renamed.h"
#include "vocabulary.h"
#include "volume_layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace dicer;

namespace {

struct Outcome {
    int status; // dicer: ParseResult as int; dicer-bench: parseOptions' return value
    std::string error, out;
};

Outcome parseDemo(std::vector<const char*> args, app::CommandLine& c) {
    args.insert(args.begin(), "dicer");
    testing::internal::CaptureStderr();
    testing::internal::CaptureStdout();
    Outcome o;
    o.status = int(app::parseCommandLine(int(args.size()), args.data(), c, &o.error));
    o.out = testing::internal::GetCapturedStdout();
    testing::internal::GetCapturedStderr();
    return o;
}

Outcome parseBench(std::vector<const char*> args, bench::Options& opt) {
    args.insert(args.begin(), "dicer-bench");
    testing::internal::CaptureStderr();
    testing::internal::CaptureStdout();
    Outcome o;
    o.status = bench::parseOptions(int(args.size()), args.data(), opt, &o.error);
    o.out = testing::internal::GetCapturedStdout();
    testing::internal::GetCapturedStderr();
    return o;
}

// Every row formats its value, parses that text into a default target and formats the same text again;
// applying every row's text to a default target rebuilds the whole target.
template <class Target> void expectRoundTrips(const options::Table<Target>& table, const Target& full) {
    Target rebuilt{};
    for (const options::Option<Target>& row : table.rows) {
        const std::string text = row.format(full);
        if (text.empty()) continue; // "not given" (frames 0, explode-at -1, an empty file name)
        Target fresh{};
        ASSERT_TRUE(row.parse(fresh, text)) << "--" << row.text.name << " " << text;
        EXPECT_EQ(row.format(fresh), text) << "--" << row.text.name;
        ASSERT_TRUE(row.parse(rebuilt, text)) << "--" << row.text.name << " " << text;
    }
    EXPECT_TRUE(rebuilt == full);
}

} // namespace

TEST(OptionCodecs, NumbersNamesAndLists) {
    const auto ints = options::intCodec(1, 10);
    EXPECT_EQ(ints.parse("10"), 10);
    for (const char* bad : {"0", "11", "", "1x", " 1", "1.0"})
        EXPECT_FALSE(ints.parse(bad).has_value()) << bad;
    const auto floats = options::floatCodec(0.f, 1.f);
    EXPECT_EQ(floats.parse(".25"), 0.25f);
    EXPECT_FALSE(floats.parse("1.5").has_value());
    EXPECT_FALSE(floats.parse("nan").has_value());
    EXPECT_EQ(floats.parse(floats.format(0.1f)), 0.1f); // up to 9 digits: every float reads back exactly
    EXPECT_EQ(floats.format(0.3f), "0.3");              // the shortest text that does (--help's defaults)
    EXPECT_EQ(floats.min, 0.0);                         // the range, for the UI's sliders
    EXPECT_EQ(floats.max, 1.0);
    const auto storages =
        options::listCodec(options::storageCodec(), "both", {hp::Storage::Uint32, hp::Storage::Float32});
    EXPECT_EQ(storages.parse("both")->size(), 2u);
    EXPECT_EQ(storages.parse("float32,uint32"),
              (std::vector<hp::Storage>{hp::Storage::Float32, hp::Storage::Uint32}));
    EXPECT_FALSE(storages.parse("uint32,").has_value());
    EXPECT_EQ(storages.expects, "a comma list of uint32 or float32, or both");
    // The enum codecs take the engine's own names (one name table per enum).
    for (voxel::VoxMethodId m : voxel::voxMethods())
        EXPECT_EQ(options::voxMethodCodec().format(m), voxel::voxMethodName(m));
    for (voxel::VoxRule r : voxel::kVoxRules)
        EXPECT_EQ(options::voxRuleCodec().parse(voxel::voxRuleName(r)), r);
    for (const char* bad : {"raytraced", "", "Binned", "binned "})
        EXPECT_FALSE(options::voxMethodCodec().parse(bad).has_value()) << bad;
    EXPECT_FALSE(options::voxelModeCodec().parse("hollow").has_value());
    EXPECT_FALSE(options::voxRuleCodec().parse("z").has_value());
    EXPECT_EQ(options::voxelModeCodec().metavar, "shell|solid");
}

TEST(DemoOptions, EveryRowRoundTrips) {
    app::CommandLine defaults;
    expectRoundTrips(app::optionTable(), defaults);
    app::CommandLine full;
    ASSERT_EQ(parseDemo({"heart",
                         "--method",
                         "hp_compute",
                         "--storage",
                         "float32",
                         "--build-path",
                         "fragment",
                         "--preset",
                         "paper-1024",
                         "--mode",
                         "solid",
                         "--vox-method",
                         "per-slice",
                         "--rule",
                         "slice-axis",
                         "--threshold",
                         "0.1",
                         "--list-path",
                         "readback",
                         "--test-atlas",
                         "--window",
                         "64x48",
                         "--color",
                         "model",
                         "--particles",
                         "sprites",
                         "--auto-rotate",
                         "--no-ui",
                         "--frames",
                         "3",
                         "--screenshot",
                         "a.png",
                         "--screenshot-dir",
                         "d",
                         "--screenshot-ui",
                         "off",
                         "--explode-at",
                         "2",
                         "--timer",
                         "cpu",
                         "--warmup",
                         "0",
                         "--gl-debug"},
                        full)
                  .status,
              int(app::ParseResult::Run));
    ASSERT_EQ(parseDemo({"--dump-shaders", "dump"}, full).status, int(app::ParseResult::Run));
    EXPECT_EQ(full.run.dumpShaders, "dump");
    expectRoundTrips(app::optionTable(), full);
}

TEST(BenchOptions, EveryRowRoundTrips) {
    bench::Options defaults;
    expectRoundTrips(bench::optionTable(), defaults);
    bench::Options full;
    ASSERT_EQ(parseBench({"--method",
                          "dicer_rect,hp_compute",
                          "--storage",
                          "both",
                          "--build-path",
                          "fragment",
                          "--reps",
                          "2",
                          "--warmup",
                          "0",
                          "--source",
                          "heart",
                          "--rule",
                          "dominant-axis",
                          "--mode",
                          "solid",
                          "--vox-method",
                          "binned",
                          "--peers",
                          "--list-path",
                          "readback,resident",
                          "--scaling",
                          "--preset",
                          "8,16,64",
                          "--plot",
                          "p.png",
                          "--timer",
                          "cpu",
                          "--egl",
                          "surfaceless",
                          "--csv",
                          "a.csv",
                          "--json",
                          "a.json",
                          "--gl-debug",
                          "--solid",
                          "off",
                          "--sort-plot",
                          "none",
                          "--dump-shaders",
                          "dump"},
                         full)
                  .status,
              0);
    EXPECT_EQ(full.sortPlot, ""); // none: no plot, and it prints back as none
    EXPECT_EQ(full.methods, (std::vector<methods::MethodId>{*methods::findMethod("dicer_rect"),
                                                            *methods::findMethod("hp_compute")}));
    EXPECT_EQ(full.presets, (std::vector<std::string>{"8", "16", "64"}));
    EXPECT_EQ(full.cubeSides(), (std::vector<int>{8, 16, 64}));
    EXPECT_TRUE(full.compareListPaths());
    EXPECT_FALSE(full.solid);
    expectRoundTrips(bench::optionTable(), full);
}

TEST(DemoOptions, ErrorsNameTheOption) {
    app::CommandLine c;
    Outcome o = parseDemo({"--bogus"}, c);
    EXPECT_EQ(o.status, int(app::ParseResult::Error));
    EXPECT_EQ(o.error, "unknown option '--bogus'");
    o = parseDemo({"--storage", "int8"}, c);
    EXPECT_EQ(o.error, "bad value 'int8' for --storage (expected uint32 or float32)");
    o = parseDemo({"--threshold"}, c);
    EXPECT_EQ(o.error, "--threshold needs a value: a number (a mesh's atlas alpha: in [0, 1]; a volume's "
                       "value: in its units)");
    o = parseDemo({"--slice-axis=on"},
                  c); // a retired alias: one error naming its replacement, whatever the value
    EXPECT_EQ(o.status, int(app::ParseResult::Error));
    EXPECT_EQ(o.error, "--slice-axis was renamed: use --rule slice-axis");
    o = parseDemo({"a.obj", "b.obj"}, c);
    EXPECT_NE(o.error.find("'b.obj'"), std::string::npos) << o.error;
}

TEST(BenchOptions, ErrorsNameTheOption) {
    bench::Options opt;
    Outcome o = parseBench({"--bogus"}, opt);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "unknown option '--bogus'");
    o = parseBench({"--preset", "1000x"}, opt);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error.rfind("bad value '1000x' for --preset (expected ", 0), 0u) << o.error;
    o = parseBench({"--size", "1000"}, opt); // retired: one error naming its replacement
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error,
              "--size was renamed: use --preset paper-N (N: the atlas side, 1024 to 16384, or any preset)");
    o = parseBench({"--model.obj"}, opt);
    EXPECT_EQ(o.error, "unknown option '--model.obj'");
    o = parseBench({"teapot"}, opt); // dicer-bench has no positional argument
    EXPECT_EQ(o.error, "unexpected argument 'teapot'");
}

// dicer-bench --volume: the rules parsing alone can check are usage errors (status 2), as in dicer;
// --quick with --volume runs one repetition without warm-up unless --reps / --warmup are given beside it.
TEST(BenchOptions, VolumeAndBandRules) {
    bench::Options opt;
    ASSERT_EQ(
        parseBench({"--volume", "metaballs:8,head.nhdr", "--band", "1,max", "--voxels", "bits"}, opt).status,
        0);
    EXPECT_EQ(opt.volumes, (std::vector<std::string>{"metaballs:8", "head.nhdr"}));
    ASSERT_TRUE(opt.band);
    EXPECT_EQ(volume::bandSpecText(*opt.band), "1,max");
    EXPECT_EQ(opt.band, volume::parseBandSpec("1,max").value());
    expectRoundTrips(bench::optionTable(), opt);
    Outcome o = parseBench({"--band", "300,max"}, opt = {});
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error.rfind("--band decides over a scalar volume's values: it needs --volume", 0), 0u)
        << o.error;
    o = parseBench({"--volume", "metaballs:16", "--band", "5,1"}, opt = {});
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "--band: band '5,1': the lower end 5 is above the upper end 1");
    for (const char* band : {"5", "nan,max", "1,2,3", "x,max"}) {
        EXPECT_EQ(parseBench({"--volume", "metaballs:16", "--band", band}, opt = {}).status, 2) << band;
    }
    EXPECT_EQ(parseBench({"--volume", "metaballs:0"}, opt = {}).status, 2);
    EXPECT_EQ(parseBench({"--volume", "bogus:16"}, opt = {}).status, 2);
    EXPECT_EQ(parseBench({"--volume", "model.obj"}, opt = {}).status, 2);
    EXPECT_EQ(parseBench({"--volume", "metaballs:16", "--sort"}, opt = {}).status, 2);
    ASSERT_EQ(parseBench({"--volume", "metaballs:16", "--quick"}, opt = {}).status, 0);
    EXPECT_EQ(opt.reps, 1);
    EXPECT_EQ(opt.warmup, 0);
    ASSERT_EQ(
        parseBench({"--reps", "4", "--quick", "--volume", "metaballs:16", "--warmup=2"}, opt = {}).status, 0);
    EXPECT_EQ(opt.reps, 4);
    EXPECT_EQ(opt.warmup, 2);
    ASSERT_EQ(parseBench({"--quick"}, opt = {}).status, 0); // without --volume: the quick run's own
    EXPECT_EQ(opt.reps, 3);
}

// --band not given is no band (each volume's default band, volume::defaultBand), in both programs: its row
// formats as "not given", so --help names no "(default ...)" value beside the help's own default, and a
// default target reads back unchanged. (A band spec that formats as "0,0" would read back as the band [0, 0].)
TEST(BandOption, NotGivenFormatsAsNotGiven) {
    const app::CommandLine demo;
    ASSERT_FALSE(demo.band);
    EXPECT_EQ(app::optionTable().find("band")->format(demo), "");
    const bench::Options bench;
    ASSERT_FALSE(bench.band);
    EXPECT_EQ(bench::optionTable().find("band")->format(bench), "");
    app::CommandLine c;
    const Outcome help = parseDemo({"--help"}, c);
    EXPECT_EQ(help.out.find("(default 0,0)"), std::string::npos);
}

// dicer-bench --mc: its default volumes (metaballs at 64 and 128, or 32 and 64 with --quick, and both
// committed scans), --volume and --band as for the volume tables, the same usage errors.
TEST(BenchOptions, McVolumesAndBand) {
    bench::Options opt;
    ASSERT_EQ(parseBench({"--mc"}, opt).status, 0);
    ASSERT_EQ(opt.volumes.size(), 4u);
    EXPECT_EQ(opt.volumes[0], "metaballs:64");
    EXPECT_EQ(opt.volumes[1], "metaballs:128");
    EXPECT_NE(opt.volumes[2].find("quarter.nhdr"), std::string::npos) << opt.volumes[2];
    EXPECT_NE(opt.volumes[3].find("HeadMRVolume.mhd"), std::string::npos) << opt.volumes[3];
    ASSERT_EQ(parseBench({"--mc", "--quick"}, opt = {}).status, 0);
    EXPECT_EQ(opt.volumes[0], "metaballs:32");
    EXPECT_EQ(opt.volumes[1], "metaballs:64");
    EXPECT_EQ(opt.reps, 1);
    EXPECT_EQ(opt.warmup, 0);
    ASSERT_EQ(parseBench({"--mc", "--volume", "noise:16", "--band", "min,0.5"}, opt = {}).status, 0);
    EXPECT_EQ(opt.volumes, (std::vector<std::string>{"noise:16"}));
    expectRoundTrips(bench::optionTable(), opt);
    Outcome o = parseBench({"--mc", "--band", "5,3"}, opt = {});
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "--band: band '5,3': the lower end 5 is above the upper end 3");
}

// dicer-bench --brick-stats: its default volumes (both scans, metaballs 128-512, noise:256; with
// --quick the scans and metaballs:32), --volume and --band as for the other volume tables, never with --mc.
TEST(BenchOptions, BrickStatsVolumesAndBand) {
    bench::Options opt;
    ASSERT_EQ(parseBench({"--brick-stats"}, opt).status, 0);
    ASSERT_EQ(opt.volumes.size(), 6u);
    EXPECT_NE(opt.volumes[0].find("quarter.nhdr"), std::string::npos) << opt.volumes[0];
    EXPECT_NE(opt.volumes[1].find("HeadMRVolume.mhd"), std::string::npos) << opt.volumes[1];
    EXPECT_EQ(opt.volumes[4], "metaballs:512");
    EXPECT_EQ(opt.volumes[5], "noise:256");
    ASSERT_EQ(parseBench({"--brick-stats", "--quick"}, opt = {}).status, 0);
    EXPECT_EQ(opt.volumes.size(), 3u);
    EXPECT_EQ(opt.volumes[2], "metaballs:32");
    ASSERT_EQ(parseBench({"--brick-stats", "--volume", "noise:16", "--band", "1150,4000"}, opt = {}).status,
              0);
    EXPECT_EQ(opt.volumes, (std::vector<std::string>{"noise:16"}));
    EXPECT_TRUE(opt.brickStats);
    expectRoundTrips(bench::optionTable(), opt);
    Outcome o = parseBench({"--brick-stats", "--mc"}, opt = {});
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "--brick-stats runs only the brick statistics: leave out --mc");
    EXPECT_EQ(parseBench({"--brick-stats", "--sort"}, opt = {}).status, 2);
}

// --preset XxYxZ is a volume of exactly those voxels in both programs; the named presets stay; every
// bad form is the one usage error (status 2) naming the value and both spellings. (A well-formed volume beyond
// the output's limits is the layout's error at start-up, status 1: volume_layout_test.)
TEST(PresetOption, XxYxZIsAVolumeInBothProgramsAndBadFormsAreUsageErrors) {
    app::CommandLine c;
    ASSERT_EQ(parseDemo({"--preset", "64x32x128"}, c).status, int(app::ParseResult::Run));
    EXPECT_EQ(c.settings.frame.preset, "64x32x128");
    ASSERT_EQ(parseDemo({"--preset=paper-2048"}, c).status, int(app::ParseResult::Run));
    EXPECT_EQ(c.settings.frame.preset, "paper-2048");
    ASSERT_EQ(parseDemo({"--preset", "96"}, c).status, int(app::ParseResult::Run)); // N: N^3 voxels
    EXPECT_EQ(c.settings.frame.preset, "96");
    EXPECT_EQ(occupancy::presetVolume("96"), glm::ivec3(96));
    EXPECT_EQ(occupancy::presetVolume("paper-2048"), glm::ivec3(128, 128, 256));
    bench::Options opt; // the voxelizer's tables take any volume
    ASSERT_EQ(parseBench({"--voxelizer", "--preset", "128x128x256,paper-2048,1x1x1,96"}, opt).status, 0);
    EXPECT_EQ(opt.presets, (std::vector<std::string>{"128x128x256", "paper-2048", "1x1x1", "96"}));
    // The HistoPyramid tables (no mode) take the paper's layouts only, the scaling table cubes only: a usage
    // error naming the preset and what the table takes.
    const Outcome paperOnly = parseBench({"--preset", "paper-2048,64x32x128"}, opt = {});
    EXPECT_EQ(paperOnly.status, 2);
    EXPECT_EQ(
        paperOnly.error.rfind("--preset 64x32x128: the HistoPyramid tables take the paper's layouts", 0), 0u)
        << paperOnly.error;
    const Outcome cubesOnly = parseBench({"--scaling", "--preset", "64,64x64x32"}, opt = {});
    EXPECT_EQ(cubesOnly.status, 2);
    EXPECT_EQ(cubesOnly.error, "--preset 64x64x32: the scaling tables take cubes (N: N^3 voxels)");
    for (const char* bad :
         {"0x4x4", "-1x2x3", "12x", "1x2x3x4", "99999999999x1x1", "64x32", "64X32X128", "96x", "paper-96"}) {
        SCOPED_TRACE(bad);
        app::CommandLine d;
        Outcome o = parseDemo({"--preset", bad}, d);
        EXPECT_EQ(o.status, int(app::ParseResult::Error));
        EXPECT_NE(o.error.find("bad value '" + std::string(bad) + "' for --preset"), std::string::npos)
            << o.error;
        EXPECT_NE(o.error.find("paper-2048"), std::string::npos) << o.error;
        EXPECT_NE(o.error.find("XxYxZ"), std::string::npos) << o.error;
        bench::Options b;
        EXPECT_EQ(parseBench({"--preset", bad}, b).status, 2);
    }
}

TEST(Help, ListsEveryRowWithItsDefault) {
    app::CommandLine c;
    Outcome demo = parseDemo({"--help"}, c);
    EXPECT_EQ(demo.status, int(app::ParseResult::Help));
    for (const auto& row : app::optionTable().rows)
        EXPECT_NE(demo.out.find("--" + std::string(row.text.name) + " "), std::string::npos) << row.text.name;
    EXPECT_NE(demo.out.find("(default 128)"), std::string::npos); // formatted from a default CommandLine
    for (const options::Renamed& r : options::renamedDemoOptions()) // retired spellings are no rows of --help
        EXPECT_EQ(demo.out.find("--" + std::string(r.old) + " "), std::string::npos) << r.old;
    bench::Options opt;
    Outcome bench = parseBench({"--help"}, opt);
    EXPECT_EQ(bench.status, -1);
    for (const auto& row : bench::optionTable().rows)
        EXPECT_NE(bench.out.find("--" + std::string(row.text.name) + " "), std::string::npos)
            << row.text.name;
    EXPECT_NE(bench.out.find("not given: each table's default (the"), std::string::npos)
        << "--preset's defaults";
    for (const options::Renamed& r : options::renamedBenchOptions())
        EXPECT_EQ(bench.out.find("--" + std::string(r.old) + " "), std::string::npos) << r.old;
}

// A setting both programs have has one name, one help line and one set of value spellings.
TEST(Vocabulary, BothProgramsShareTheirSettings) {
    int shared = 0;
    for (const auto& demoRow : app::optionTable().rows) {
        const auto* benchRow = bench::optionTable().find(demoRow.text.name);
        if (!benchRow) continue;
        ++shared;
        // The same help, except that each program may add what it does without the option ("; not given: ...":
        // the demo's --voxels, its default output per preset; the bench's --preset, each table's volumes).
        const auto common = [](std::string_view help) { return help.substr(0, help.find("; not given: ")); };
        EXPECT_EQ(common(demoRow.text.help), common(benchRow->text.help)) << demoRow.text.name;
    }
    EXPECT_GE(shared, 12);
    const std::vector<std::vector<const char*>> same = {
        {"--storage", "float32"},
        {"--build-path", "fragment"},
        {"--mode", "solid"},
        {"--vox-method", "binned"},
        {"--rule", "slice-axis"},
        {"--preset", "paper-1024"}, // dicer-bench's HistoPyramid tables take the paper's layouts only
        {"--timer", "cpu"},
        {"--warmup", "5"},
        {"--gl-debug"},
        {"--model", "heart"},
        {"--method", "dicer_vec4"},
        {"--rule=dominant-axis"},
    };
    for (const auto& args : same) {
        app::CommandLine c;
        bench::Options opt;
        EXPECT_EQ(parseDemo(args, c).status, int(app::ParseResult::Run)) << args[0];
        EXPECT_EQ(parseBench(args, opt).status, 0) << args[0];
    }
    // The old spelling of --method is the same usage error in both.
    {
        app::CommandLine c;
        bench::Options opt;
        const Outcome demo = parseDemo({"--variant", "dicer_vec4"}, c);
        const Outcome bench = parseBench({"--variant", "dicer_vec4"}, opt);
        EXPECT_EQ(demo.status, int(app::ParseResult::Error));
        EXPECT_EQ(bench.status, 2);
        EXPECT_EQ(demo.error, "--variant was renamed: use --method");
        EXPECT_EQ(bench.error, demo.error);
    }
    // The same value in both: the demo's single setting is the benchmark's one-element sweep.
    app::CommandLine c;
    bench::Options opt;
    parseDemo({"--storage", "float32", "--rule", "dominant-axis", "--vox-method", "binned"}, c);
    parseBench({"--storage", "float32", "--rule", "dominant-axis", "--vox-method", "binned"}, opt);
    EXPECT_EQ(opt.storages, std::vector<hp::Storage>{c.settings.frame.storage});
    EXPECT_EQ(opt.voxelize.rule, voxel::VoxRule::DominantAxis);
    EXPECT_EQ(c.settings.frame.rule, voxel::VoxRule::DominantAxis);
    EXPECT_EQ(opt.voxMethods, std::vector<voxel::VoxMethodId>{c.settings.frame.voxMethod});
}

// Modes (--quick, --voxelizer) set defaults first, so an option given next to them wins wherever it stands.
TEST(BenchOptions, ModesApplyBeforeTheOptionsBesideThem) {
    bench::Options opt;
    ASSERT_EQ(parseBench({"--reps", "7", "--vox-method", "binned", "--quick", "--voxelizer"}, opt).status, 0);
    EXPECT_EQ(opt.reps, 7);
    EXPECT_EQ(opt.voxMethods, std::vector<voxel::VoxMethodId>{voxel::VoxMethodId::Binned});
    EXPECT_TRUE(opt.presets.empty()); // not given: each table's own (--quick's smaller ones), at run time
    EXPECT_EQ(opt.presetsOr({"64", "paper-1024"}), (std::vector<std::string>{"64", "paper-1024"}));
    EXPECT_TRUE(opt.voxelizer);
    bench::Options given; // a --preset beside the modes wins wherever it stands
    ASSERT_EQ(parseBench({"--preset", "128", "--quick", "--voxelizer"}, given).status, 0);
    EXPECT_EQ(given.presets, std::vector<std::string>{"128"});
    EXPECT_EQ(given.presetsOr({"64", "paper-1024"}), std::vector<std::string>{"128"});
    bench::Options vox;
    ASSERT_EQ(parseBench({"--voxelizer"}, vox).status, 0);
    // The voxelizer tables time every method.
    EXPECT_EQ(vox.voxMethods.size(), voxel::voxMethods().size());
    // The former dicer-voxbench and dicer-bench spellings are usage errors naming the new ones.
    bench::Options old;
    Outcome o = parseBench({"--path", "both"}, old);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "--path was renamed: use --build-path");
    o = parseBench({"--no-solid"}, old);
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.error, "--no-solid was renamed: use --solid off");
    bench::Options now;
    ASSERT_EQ(parseBench({"--build-path", "both", "--solid", "off"}, now).status, 0);
    EXPECT_EQ(now.paths.size(), 2u);
    EXPECT_FALSE(now.solid);
}

// Every spelling dicer-bench no longer takes (renamed.h) is one usage error (status 2) naming what replaced
// it; the replacements take what the old spellings did.
TEST(BenchOptions, RetiredSpellingsAreUsageErrorsNamingTheNewOption) {
    const std::vector<std::pair<std::vector<const char*>, std::string>> retired = {
        {{"--variant", "dicer_vec4"}, "--variant was renamed: use --method"},
        {{"--path", "fragment"}, "--path was renamed: use --build-path"},
        {{"--size", "1024,2048"},
         "--size was renamed: use --preset paper-N (N: the atlas side, 1024 to 16384, or any preset)"},
        {{"--sides", "16,32"}, "--sides was renamed: use --preset N (N^3 voxels)"},
        {{"--volumes", "16,32"}, "--volumes was renamed: use --preset N (N^3 voxels)"},
        {{"--no-solid"}, "--no-solid was renamed: use --solid off"},
        {{"--gpu-resident"}, "--gpu-resident was renamed: use --list-path readback,resident"},
    };
    for (const auto& [args, want] : retired) {
        bench::Options opt;
        const Outcome o = parseBench(args, opt);
        EXPECT_EQ(o.status, 2) << args[0];
        EXPECT_EQ(o.error, want) << args[0];
    }
    EXPECT_EQ(options::renamedBenchOptions().size(), retired.size()); // a new entry gets a case here
    for (const options::Renamed& r : options::renamedBenchOptions())
        EXPECT_FALSE(bench::optionTable().find(r.old)) << r.old << " is both an option and retired";
    // --size N (an N^2 atlas) is --preset paper-N; --sides N is --preset N; --gpu-resident compares both list
    // paths.
    bench::Options paper;
    ASSERT_EQ(parseBench({"--preset", "paper-1024,paper-2048"}, paper).status, 0);
    EXPECT_EQ(paper.paperAtlasSides(), (std::vector<int>{1024, 2048}));
    bench::Options cubes;
    ASSERT_EQ(parseBench({"--scaling", "--preset", "16,32"}, cubes).status, 0);
    EXPECT_EQ(cubes.cubeSides(), (std::vector<int>{16, 32}));
    bench::Options lists;
    EXPECT_FALSE(lists.compareListPaths()); // the paper's readback only, by default
    ASSERT_EQ(parseBench({"--list-path", "readback,resident"}, lists).status, 0);
    EXPECT_TRUE(lists.compareListPaths());
    EXPECT_EQ(lists.listPaths, (std::vector<hp::ListPath>{hp::ListPath::Readback, hp::ListPath::Resident}));
    bench::Options outputs;
    ASSERT_EQ(parseBench({"--voxels", "atlas,bits"}, outputs).status, 0);
    EXPECT_EQ(outputs.voxelOutputs, (std::vector<occupancy::VoxelOutput>{occupancy::VoxelOutput::Atlas,
                                                                         occupancy::VoxelOutput::Bits}));
    EXPECT_EQ(parseBench({"--voxels", "both"}, outputs = {}).status, 2); // no 'both': a list names each
}
