#include "bench_options.h"

#include "band.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "method_table.h"
#include "model_catalog.h"
#include "vocabulary.h"
#include "volume_file.h"

#include <limits>

namespace dicer::bench {
namespace {

using options::Codec;
using options::OptionText;
using Row = options::Option<Options>;

template <class V, class Field> Row row(OptionText text, Codec<V> codec, Field field) {
    return options::option<Options, V>(text, std::move(codec), field);
}

template <class V>
Row row(OptionText text, Codec<V> codec, std::function<V(const Options&)> get,
        std::function<void(Options&, V)> set) {
    return options::option<Options, V>(text, std::move(codec), std::move(get), std::move(set));
}

template <class E, size_t N> std::vector<E> all(const std::array<E, N>& values) {
    return {values.begin(), values.end()};
}

Codec<int> powerOfTwoCodec() {
    Codec<int> c = options::intCodec(1, 1 << 16);
    const auto parseInt = c.parse;
    c.expects = "a power of two in [1, 65536]";
    c.parse = [parseInt](std::string_view s) -> std::optional<int> {
        std::optional<int> n = parseInt(s);
        return n && (*n & (*n - 1)) == 0 ? n : std::nullopt;
    };
    return c;
}

// The methods with a list stage (method_table.h): the ones the HistoPyramid tables time.
Codec<std::string> methodCodec() {
    std::vector<std::string> names;
    for (const methods::MethodInfo& m : methods::methodTable())
        if (m.listStage) names.emplace_back(m.name);
    Codec<std::string> c = options::textCodec("NAME", options::joinChoices(names), [](std::string_view n) {
        const methods::MethodInfo* m = methods::findMethod(n);
        return m != nullptr && m->listStage;
    });
    c.choices = options::joinChoices(names, ", ");
    return c;
}

// A plot's PNG, or none: no plot (and no Python run for it).
Codec<std::string> plotFileCodec() {
    Codec<std::string> c = options::textCodec("FILE|auto|none", "a file name, auto or none");
    const auto parseName = c.parse;
    c.parse = [parseName](std::string_view s) -> std::optional<std::string> {
        return s == "none" ? std::optional<std::string>("") : parseName(s);
    };
    c.format = [](const std::string& s) { return s.empty() ? std::string("none") : s; };
    return c;
}

Codec<std::string> sourceCodec() {
    std::vector<std::string> names = {"sphere"};
    for (std::string_view m : model::builtinModelNames())
        names.emplace_back(m);
    return options::textCodec(options::joinChoices(names, "|", "|"), options::joinChoices(names),
                              [](std::string_view s) { return s == "sphere" || model::isBuiltinModel(s); });
}

// A built-in volume NAME[:N|:XxYxZ] or a volume file (the demo's --volume; its size and contents are
// checked after parsing and at load, with their own messages).
Codec<std::string> volumeCodec() {
    std::string builtins;
    for (std::string_view name : volume::builtinVolumeNames())
        builtins += std::string(builtins.empty() ? "" : ", ") + std::string(name);
    Codec<std::string> c =
        options::textCodec("NAME[:N]|FILE", "a built-in volume (" + builtins +
                                                ") or an NRRD/MetaImage file (.nrrd, .nhdr, .mhd, .mha)");
    c.choices = builtins + "; N: voxels a side, or XxYxZ"; // the help prefixes "NAME: "
    return c;
}

// What parsing alone can tell about --volume and --band (the demo's reconcileVolume, app/demo/cli_volume.cpp):
// empty if nothing is wrong.
std::string checkVolumeOptions(const Options& o) {
    if (o.volumes.empty()) {
        if (!o.band.empty())
            return "--band decides over a scalar volume's values: it needs --volume (a mesh's voxels are 0 "
                   "or "
                   "1)";
        return {};
    }
    if (o.scaling || o.voxelizer || o.sort)
        return "--volume runs only the volume tables: leave out --scaling, --voxelizer and --sort";
    if (o.brickStats && o.mc) return "--brick-stats runs only the brick statistics: leave out --mc";
    if (!o.band.empty()) {
        // min and max are the data's, known only once it loads: the widest range stands for them here, which
        // catches every band that can hold for no data (lo > hi between numbers, NaN, one number).
        constexpr double kInf = std::numeric_limits<double>::infinity();
        if (Result<volume::Band> b = volume::parseBand(o.band, volume::ValueRange{-kInf, kInf}); !b)
            return "--band: " + b.error();
    }
    for (const std::string& spec : o.volumes) {
        if (volume::isBuiltinVolume(spec)) {
            if (auto r = volume::parseBuiltinVolume(spec); !r) return "--volume: " + r.error();
        } else if (!volume::hasVolumeFileExtension(spec)) {
            return "--volume " + spec + ": " + volumeCodec().expects;
        }
    }
    return {};
}

std::vector<Row> makeRows() {
    using options::field;
    using options::flag;
    using options::inSection;
    using options::listCodec;
    using options::withAliases;
    const Codec<bool> onOff = options::switchCodec();
    auto early = [](Row r) {
        r.early = true;
        return r;
    };
    return {
        inSection("what runs", early(flag(row<bool>(
                                   {"quick", "",
                                    "CI smoke run: one 256^2 atlas, 3 reps, 1 warm-up, with --peers, "
                                    "--gpu-resident and every voxelization method (with --scaling: "
                                    "16^3 and 32^3 volumes; with --voxelizer: presets 64, paper-1024)"},
                                   onOff, [](const Options& o) { return o.quick; },
                                   [](Options& o, bool on) {
                                       o.quick = on;
                                       if (!on) return;
                                       o.sizes = {256};
                                       o.reps = 3;
                                       o.warmup = 1;
                                       o.peers = o.gpuResident = true;
                                       o.sides = {16, 32};
                                       o.presets = {"64", "paper-1024"};
                                       o.voxelMethods = voxel::voxelMethods();
                                   })))),
        flag(row<bool>({"peers", "",
                        "also every peer (hp_compute, hp_bits on the atlas' bits, horn_scan, atomic_append, "
                        "cpu_linewise, cpu_threaded) on the same atlases: tables 2-4 of the paper"},
                       onOff, field(&Options::peers))),
        flag(row<bool>({"gpu-resident", "",
                        "count read back vs kept on the GPU: the list and a whole frame "
                        "(voxelize, build, list)"},
                       onOff, field(&Options::gpuResident))),
        flag(row<bool>(
            {"scaling", "",
             "side^3 volumes: time per voxel / per point, a plot (--sides, --plot); with --voxels: only the "
             "model voxelized per volume (compute method) into each output, then built and listed by the "
             "demo's frame (atlas: hp_compute, bits: hp_bits, sparse: hp_sparse; --method for others), per "
             "stage ms, ns/voxel, ns/point, x read floor, GB/s and the memory the output holds; a side an "
             "output cannot hold is a skipped row naming the limit; the plot: ns/point against the points"},
            onOff, field(&Options::scaling))),
        early(flag(row<bool>(
            {"voxelizer", "",
             "only the voxelizer's tables: every --vox-method (default all) per --preset, checked to give "
             "the "
             "same atlas, and the teapot's active cells per rule next to the paper's"},
            onOff, [](const Options& o) { return o.voxelizer; },
            [](Options& o, bool on) {
                o.voxelizer = on;
                if (on) o.voxelMethods = voxel::voxelMethods();
            }))),
        flag(
            row<bool>({"sort", "",
                       "only the sorts' tables: the 1D HistoPyramid counting sort vs a scan counting sort, "
                       "a radix sort and the CPU sorts, ns per key (with --quick: n 2^10, 2^14; m 2^4, 2^12, "
                       "2^20)"},
                      onOff, field(&Options::sort))),
        flag(row<bool>({"mc", "",
                        "only marching cubes, every row (hp_mc: HistoPyramid stream expansion; its peers "
                        "scan_mc, atomic_mc) over --volume (default: metaballs:64, metaballs:128 and both "
                        "committed scans; with --quick: metaballs:32, metaballs:64 and the scans, one "
                        "repetition): count, build, expand, total ms, triangles/s, x read floor, every "
                        "triangle list checked against the CPU reference; a plot (--mc-plot)"},
                       onOff, field(&Options::mc))),
        flag(row<bool>({"brick-stats", "",
                        "only the brick statistics of --volume on the CPU, no GL (default: both committed "
                        "scans, metaballs:128, :256, :512 and noise:256; with --quick: the scans and "
                        "metaballs:32): per brick shape (4^3, 8^3, 16^3, 32^3, 32x32x1) the bricks the band "
                        "and the marching-cubes surface touch, those a count pass with a min/max per brick "
                        "still reads, and the sparse layouts' bytes vs the dense ones"},
                       onOff, field(&Options::brickStats))),
        inSection("inputs", row<std::vector<std::string>>(options::kVolumeText, listCodec(volumeCodec()),
                                                          field(&Options::volumes))),
        row<std::string>(options::kBandText,
                         options::textCodec("LO,HI", "two numbers (or min, max), e.g. 300,max"),
                         field(&Options::band)),
        row<std::vector<int>>({"size", "",
                               "atlas sizes in the paper's slice layout "
                               "(256 slices of (N/16)^2), or none"},
                              listCodec(powerOfTwoCodec(), {}, {}, "none"), field(&Options::sizes)),
        row<std::string>({"source", "",
                          "atlas source: a built-in model voxelized on the GPU (teapot: the "
                          "paper's glutTeapot(0.6)), or sphere (a sphere shell made on the CPU)"},
                         sourceCodec(), field(&Options::source)),
        row<std::string>(options::kModelText, options::modelCodec(), field(&Options::source)),
        row<std::vector<std::string>>(options::kPresetText, listCodec(options::presetCodec()),
                                      field(&Options::presets)),
        row<voxel::SurfaceRule>(options::kRuleText, options::surfaceRuleCodec(),
                                field(&Options::voxelize, &VoxelizeSettings::rule)),
        row<voxel::VoxelMode>(options::kModeText, options::voxelModeCodec(),
                              field(&Options::voxelize, &VoxelizeSettings::mode)),
        row<std::vector<voxel::VoxelMethod>>(
            options::kVoxMethodText, listCodec(options::voxelMethodCodec(), "all", voxel::voxelMethods()),
            field(&Options::voxelMethods)),
        row<std::vector<occupancy::VoxelOutput>>(options::kVoxelsText,
                                             listCodec(options::voxelOutputCodec(), "both",
                                                       {occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Bits}),
                                             field(&Options::voxelOutputs)),
        withAliases(row<bool>({"solid", "", "the voxelizer tables' projected-solid column"}, onOff,
                              field(&Options::solid)),
                    {{"no-solid", "off"}}),
        // --sides, not --volumes: a volume is also what --volume names (a scalar volume file or a built-in field).
        withAliases(row<std::vector<int>>({"sides", "", "cube sides N (N^3 volumes) for --scaling"},
                                          listCodec(options::intCodec(2, 4096)), field(&Options::sides)),
                    {{"volumes", ""}}),
        row<std::vector<int>>({"sort-n", "", "log2 of the key counts for --sort"},
                              listCodec(options::intCodec(0, 24)), field(&Options::sortN)),
        row<std::vector<int>>({"sort-m", "", "log2 of the key ranges for --sort"},
                              listCodec(options::intCodec(0, 20)), field(&Options::sortM)),
        inSection("methods",
                  withAliases(row<std::vector<std::string>>(options::kMethodText, listCodec(methodCodec()),
                                                            field(&Options::methods)),
                              {{"variant", ""}})),
        row<std::vector<hp::Storage>>(options::kStorageText,
                                      listCodec(options::storageCodec(), "both", all(hp::kStorages)),
                                      field(&Options::storages)),
        withAliases(row<std::vector<hp::BuildPath>>(
                        options::kBuildPathText,
                        listCodec(options::buildPathCodec(), "both", all(hp::kBuildPaths)),
                        field(&Options::paths)),
                    {{"path", ""}}),
        inSection("measuring", row<int>({"reps", "", "measured repetitions per stage"},
                                        options::intCodec(1, 10000), field(&Options::reps))),
        row<int>(options::kWarmupText, options::intCodec(0, 10000), field(&Options::warmup)),
        row<bool>(options::kTimerText, options::timerCodec(), field(&Options::forceCpuTimer)),
        row<gl::EglPlatform>({"egl", "", "EGL platform (auto: device, then surfaceless)"},
                             options::enumCodec<gl::EglPlatform>(gl::kEglPlatforms, gl::eglPlatformName),
                             field(&Options::platform)),
        flag(row<bool>(options::kGlDebugText, onOff, field(&Options::glDebug))),
        inSection("outputs",
                  row<std::string>({"csv", "",
                                    "also every measurement as CSV (one row per table, "
                                    "method, input and stage)"},
                                   options::textCodec("FILE", "a file name"), field(&Options::csv))),
        row<std::string>({"json", "", "also every measurement as JSON"},
                         options::textCodec("FILE", "a file name"), field(&Options::json)),
        row<std::string>({"plot", "",
                          "the --scaling plot (PNG, drawn by matplotlib: /usr/bin/python3 "
                          "scripts/plot_bench.py; auto: plots/dicer-TABLE.png in the build folder; none: no plot)"},
                         plotFileCodec(), field(&Options::plot)),
        row<std::string>({"sort-plot", "", "the --sort plots (PNG, vs m in FILE-m.png; as --plot)"},
                         plotFileCodec(), field(&Options::sortPlot)),
        row<std::string>(
            {"mc-plot", "", "the --mc plot (PNG: total ms per method against the cells; as --plot)"},
            plotFileCodec(), field(&Options::mcPlot)),
        row<std::string>(options::kDumpShadersText, options::dumpDirCodec(), field(&Options::dumpShaders)),
    };
}

} // namespace

const options::Table<Options>& optionTable() {
    static const options::Table<Options> table{
        "dicer-bench",
        "[options]",
        "  The headless benchmark: voxelization (Table 1), HistoPyramid build and PointList per variant\n"
        "  (Tables 3, 4), the peers (Table 2), GPU-resident frames, scaling; or --voxelizer, --sort or "
        "--volume.",
        "Exit status: 0 all exact, 1 setup or GL errors, 2 bad arguments, 3 a result differed.",
        {},
        makeRows(),
    };
    return table;
}

int parseOptions(int argc, const char* const* argv, Options& o, std::string* error) {
    switch (options::parse(optionTable(), argc, argv, o, error)) {
    case options::Parsed::Help:
        return -1;
    case options::Parsed::Error:
        return 2;
    case options::Parsed::Run:
        break;
    }
    if (o.mc && o.volumes.empty()) { // --mc's default volumes (bench_options.h)
        o.volumes = {o.quick ? "metaballs:32" : "metaballs:64", o.quick ? "metaballs:64" : "metaballs:128",
                     volume::bundledVolumePath("headsq").string(),
                     volume::bundledVolumePath("head_mr").string()};
    }
    if (o.brickStats && o.volumes.empty()) { // --brick-stats' default volumes (bench_options.h)
        o.volumes = {volume::bundledVolumePath("headsq").string(),
                     volume::bundledVolumePath("head_mr").string()};
        for (const char* name : o.quick ? std::vector<const char*>{"metaballs:32"}
                                        : std::vector<const char*>{"metaballs:128", "metaballs:256",
                                                                   "metaballs:512", "noise:256"})
            o.volumes.emplace_back(name);
    }
    if (const std::string message = checkVolumeOptions(o); !message.empty()) {
        const options::Table<Options>& t = optionTable();
        options::reportError(t.program, t.synopsis, message);
        if (error) *error = message;
        return 2;
    }
    // --quick --volume is the CI smoke run: one repetition, no warm-up, every list checked; a --reps or --warmup
    // given beside it still wins (modes set defaults only).
    auto given = [&](std::string_view name) {
        for (int i = 1; i < argc; ++i) {
            const std::string_view arg = argv[i];
            if (arg == name ||
                (arg.size() > name.size() && arg.substr(0, name.size()) == name && arg[name.size()] == '='))
                return true;
        }
        return false;
    };
    if (o.quick && !o.volumes.empty()) {
        if (!given("--reps")) o.reps = 1;
        if (!given("--warmup")) o.warmup = 0;
    }
    return 0;
}

} // namespace dicer::bench
