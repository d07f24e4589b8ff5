#include "bench_options.h"

#include "band.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "method_table.h"
#include "model_catalog.h"
#include "vocabulary.h"
#include "volume_file.h"
#include "volume_layout.h"

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

// --preset as both programs name it, and the bench's default without it: each table's own presets.
options::OptionText benchPresetText() {
    static const std::string help = std::string(options::kPresetText.help) +
                                    "; not given: each table's default (the HistoPyramid tables paper-1024, "
                                    "paper-2048, paper-4096; --scaling 64 to 1024; --voxelizer paper-4096 ... 256; "
                                    "--quick smaller ones)";
    return {options::kPresetText.name, "", help};
}

// What the options given together cannot be (the volume's name and the band were checked as they were parsed):
// empty if nothing is wrong.
std::string checkOptions(const Options& o) {
    if (o.volumes.empty() && o.band)
        return "--band decides over a scalar volume's values: it needs --volume (a mesh's voxels are 0 or 1)";
    if (!o.volumes.empty() && (o.scaling || o.voxelizer || o.sort))
        return "--volume runs only the volume tables: leave out --scaling, --voxelizer and --sort";
    if (o.brickStats && o.mc) return "--brick-stats runs only the brick statistics: leave out --mc";
    // The tables that take one form of preset: the HistoPyramid tables the paper's layouts, scaling cubes.
    const bool paperTables = o.volumes.empty() && !o.mc && !o.brickStats && !o.voxelizer && !o.sort && !o.scaling;
    for (const std::string& preset : o.presets) {
        const glm::ivec3 v = occupancy::presetVolume(preset).value_or(glm::ivec3(0));
        if (o.scaling && (v.x != v.y || v.y != v.z))
            return "--preset " + preset + ": the scaling tables take cubes (N: N^3 voxels)";
        if (paperTables && (v.x != v.y || v.z != 256 || (v.x * 16 & (v.x * 16 - 1)) != 0))
            return "--preset " + preset + ": the HistoPyramid tables take the paper's layouts (paper-N: an N^2 atlas of "
                   "256 slices)";
    }
    return {};
}

std::vector<Row> makeRows() {
    using options::field;
    using options::flag;
    using options::inSection;
    using options::listCodec;
    const Codec<bool> onOff = options::switchCodec();
    auto early = [](Row r) {
        r.early = true;
        return r;
    };
    return {
        inSection("what runs", early(flag(row<bool>(
                                   {"quick", "",
                                    "CI smoke run: preset paper-256 (a 256^2 atlas), 3 reps, 1 warm-up, with --peers, "
                                    "--list-path readback,resident and every vox method (with --scaling: presets 16 "
                                    "and 32; with --voxelizer: presets 64, paper-1024)"},
                                   onOff, [](const Options& o) { return o.quick; },
                                   [](Options& o, bool on) {
                                       o.quick = on;
                                       if (!on) return;
                                       o.reps = 3;
                                       o.warmup = 1;
                                       o.peers = true;
                                       o.listPaths = {hp::ListPath::Readback, hp::ListPath::Resident};
                                       o.voxMethods = voxel::voxMethods();
                                   })))),
        flag(row<bool>({"peers", "",
                        "also every peer (hp_compute, hp_bits on the atlas' bits, hp5, horn_scan, atomic_append, "
                        "cpu_linewise, cpu_threaded) on the same atlases: tables 2-4 of the paper"},
                       onOff, field(&Options::peers))),
        flag(row<bool>(
            {"scaling", "",
             "only the N^3 volumes (--preset N, default 64 to 1024): time per voxel / per point, a plot (--plot); "
             "with --voxels: the "
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
                if (on) o.voxMethods = voxel::voxMethods();
            }))),
        flag(
            row<bool>({"sort", "",
                       "only the sorts' tables: the 1D HistoPyramid counting sort vs a scan counting sort, "
                       "a radix sort and the CPU sorts, ns per key (with --quick: n 2^10, 2^14; m 2^4, 2^12, "
                       "2^20)"},
                      onOff, field(&Options::sort))),
        flag(row<bool>({"mc", "",
                        "only marching cubes, every row (hp_mc: HistoPyramid stream expansion; hp5_mc: the "
                        "same over HP5; their peers scan_mc, atomic_mc) over --volume (default: metaballs:64, "
                        "metaballs:128 and both committed scans; with --quick: metaballs:32, metaballs:64 "
                        "and the scans, one repetition): count, build, expand, total ms, triangles/s, x read "
                        "floor, every triangle list checked against the CPU reference; the indexed surface "
                        "(one vertex per crossed grid edge) by the GPU's grid-edge weld beside the CPU's, "
                        "indices checked equal; a plot (--mc-plot)"},
                       onOff, field(&Options::mc))),
        flag(row<bool>({"brick-stats", "",
                        "only the brick statistics of --volume on the CPU, no GL (default: both committed "
                        "scans, metaballs:128, :256, :512 and noise:256; with --quick: the scans and "
                        "metaballs:32): per brick shape (4^3, 8^3, 16^3, 32^3, 32x32x1) the bricks the band "
                        "and the marching-cubes surface touch, those a count pass with a min/max per brick "
                        "still reads, and the sparse layouts' bytes vs the dense ones"},
                       onOff, field(&Options::brickStats))),
        inSection("inputs", row<std::vector<std::string>>(options::kVolumeText, listCodec(options::volumeCodec()),
                                                          field(&Options::volumes))),
        row<std::optional<volume::BandSpec>>(options::kBandText, options::bandCodec(), &Options::band),
        row<std::string>({"source", "",
                          "atlas source: a built-in model voxelized on the GPU (teapot: the "
                          "paper's glutTeapot(0.6)), or sphere (a sphere shell made on the CPU)"},
                         sourceCodec(), field(&Options::source)),
        row<std::string>(options::kModelText, options::modelCodec(), field(&Options::source)),
        row<std::vector<std::string>>(benchPresetText(), listCodec(options::presetCodec()), field(&Options::presets)),
        row<voxel::VoxRule>(options::kRuleText, options::voxRuleCodec(),
                                field(&Options::voxelize, &VoxelizeSettings::rule)),
        row<voxel::VoxelMode>(options::kModeText, options::voxelModeCodec(),
                              field(&Options::voxelize, &VoxelizeSettings::mode)),
        row<std::vector<voxel::VoxMethodId>>(
            options::kVoxMethodText, listCodec(options::voxMethodCodec(), "all", voxel::voxMethods()),
            field(&Options::voxMethods)),
        row<std::vector<occupancy::VoxelOutput>>(options::kVoxelsText, listCodec(options::voxelOutputCodec()),
                                                 field(&Options::voxelOutputs)),
        row<bool>({"solid", "", "the voxelizer tables' projected-solid column"}, onOff, field(&Options::solid)),
        row<std::vector<int>>({"sort-n", "", "log2 of the key counts for --sort"},
                              listCodec(options::intCodec(0, 24)), field(&Options::sortN)),
        row<std::vector<int>>({"sort-m", "", "log2 of the key ranges for --sort"},
                              listCodec(options::intCodec(0, 20)), field(&Options::sortM)),
        inSection("methods",
                  row<std::vector<methods::MethodId>>(
                      options::kMethodText,
                      listCodec(options::methodCodec([](const methods::MethodInfo& m) { return m.listStage; })),
                      field(&Options::methods))),
        row<std::vector<hp::Storage>>(options::kStorageText,
                                      listCodec(options::storageCodec(), "both", all(hp::kStorages)),
                                      field(&Options::storages)),
        row<std::vector<hp::BuildPath>>(options::kBuildPathText,
                                        listCodec(options::buildPathCodec(), "both", all(hp::kBuildPaths)),
                                        field(&Options::paths)),
        row<std::vector<hp::ListPath>>(options::kListPathText, listCodec(options::listPathCodec(), "both",
                                                                         all(hp::kListPaths)),
                                       field(&Options::listPaths)),
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

std::vector<int> Options::paperAtlasSides() const {
    std::vector<int> sides;
    for (const std::string& p : presetsOr(quick ? std::vector<std::string>{"paper-256"}
                                                : std::vector<std::string>{"paper-1024", "paper-2048", "paper-4096"}))
        sides.push_back(occupancy::presetVolume(p).value_or(glm::ivec3(0)).x * 16);
    return sides;
}

std::vector<int> Options::cubeSides() const {
    std::vector<int> sides;
    for (const std::string& p : presetsOr(quick ? std::vector<std::string>{"16", "32"}
                                                : std::vector<std::string>{"64", "128", "256", "512", "1024"}))
        sides.push_back(occupancy::presetVolume(p).value_or(glm::ivec3(0)).x);
    return sides;
}

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
        options::renamedBenchOptions(),
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
    if (const std::string message = checkOptions(o); !message.empty()) {
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
