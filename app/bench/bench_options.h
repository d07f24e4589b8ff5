// dicer-bench's command line: one Options struct is the single source of truth for what the run sweeps, and
// one table of rows (optionTable(), app/common/options.h) reads and prints it, with the names and value
// spellings the demo uses for the same settings (app/common/vocabulary.h); a setting the demo takes once
// is a comma list here, to sweep.
#pragma once

#include "bench_source.h"
#include "egl_context.h"
#include "histopyramid.h"
#include "options.h"
#include "timer.h"

#include <cstdio>
#include <string>
#include <vector>

namespace dicer::bench {

inline constexpr const char* kAutoPlot = "auto";

struct Options {
    std::vector<int> sizes{1024, 2048, 4096};
    std::vector<std::string> methods; // --method filter (rows with a list stage); empty = all
    std::vector<hp::Storage> storages{hp::Storage::Uint32};
    std::vector<hp::BuildPath> paths{hp::BuildPath::Compute};
    int reps = 10, warmup = gl::Warmup::kRuns;
    bool quick = false; // the CI smoke run: small inputs, few repetitions, every table
    bool forceCpuTimer = false, glDebug = false;
    gl::EglPlatform platform = gl::EglPlatform::Auto;
    std::string csv, json;
    std::string source = "teapot"; // atlas source (bench_source.h): teapot, heart, sphere or an OBJ file
    VoxelizeSettings voxelize;     // how model sources voxelize (the paper's slicing rule by default)
    // Table 1's two methods by default.
    std::vector<voxel::VoxelMethod> voxelMethods{voxel::VoxelMethod::Projected, voxel::VoxelMethod::PerSlice};
    bool peers = false;       // every peer on the same atlases, each checked against the same voxel set
    bool gpuResident = false; // count read back vs kept on the GPU, for the list and a whole frame
    bool scaling = false;     // side^3 volumes: time per voxel and per point, and a PNG plot
    std::vector<int> sides{64, 128, 256, 512, 1024}; // --sides (old spelling --volumes): cube sides
    // Plots (bench_plot_script.h): "auto" is plots/<name> in the build folder (beside bin/), so a run from the
    // source tree leaves nothing there; empty (--plot none): no plot.
    std::string plot = kAutoPlot;
    // --voxelizer: the voxelizer's own tables instead (bench_voxelizer.cpp): every method per volume preset,
    // checked to give the same atlas, and the teapot's active cells next to the paper's.
    bool voxelizer = false;
    std::vector<std::string> presets{"paper-4096", "paper-2048", "paper-1024", "64", "128", "256"};
    bool solid = true; // the voxelizer tables' projected-solid column
    // --voxels: the outputs the voxelizer tables time; empty = not given (the atlas). Given with --scaling: only
    // the voxelized volumes' table (bench_voxel_scaling.cpp).
    std::vector<occupancy::VoxelOutput> voxelOutputs;
    std::vector<occupancy::VoxelOutput> voxelOutputsOrAtlas() const {
        return voxelOutputs.empty() ? std::vector<occupancy::VoxelOutput>{occupancy::VoxelOutput::Atlas}
                                    : voxelOutputs;
    }
    // --sort: the sorts' tables instead (bench_sort.cpp): log2 of the key counts and key ranges swept.
    bool sort = false;
    // Default points: the whole run takes ~8-10 minutes on llvmpipe (2 shared cores), most of it at 2^24.
    std::vector<int> sortN{10, 14, 18, 22, 24};
    std::vector<int> sortM{4, 12, 20};
    std::string sortPlot = kAutoPlot; // as plot
    std::string dumpShaders;                 // --dump-shaders DIR (engine/gl/shader_dump.h); empty: off
    // --volume: only the scalar volumes' tables (bench_volume.cpp): each built-in NAME[:N|:XxYxZ]
    // or volume file discriminated into --voxels (both by default), built and listed by every method row of
    // that output, and the same with the band moving every repetition. --band: the active values (empty: each
    // volume's volume::defaultBand); checked here as far as no data is needed (parseOptions).
    std::vector<std::string> volumes;
    std::string band;
    // --mc: marching cubes over --volume instead (bench_mc.cpp): default volumes metaballs:64 and :128
    // and both committed scans (with --quick: metaballs:32, :64 and the scans, one repetition).
    bool mc = false;
    std::string mcPlot = kAutoPlot; // --mc's plot: total ms per row against the cells; as plot
    // --brick-stats: only the brick statistics of --volume on the CPU (bench_brick_stats.h), no
    // GL: default volumes both committed scans, metaballs:128, :256, :512 and noise:256 (with --quick: the scans
    // and metaballs:32).
    bool brickStats = false;
    bool operator==(const Options&) const = default;
};

// Every option of dicer-bench, in --help order.
const options::Table<Options>& optionTable();

// 0: run; -1: --help was printed (exit 0); 2: bad arguments (one line naming the option, to stderr): also
// --band without --volume, a band that can hold for no data (lo > hi, NaN, one number: volume::parseBand), a
// built-in volume's bad name or size, --volume with another table mode (--scaling, --voxelizer, --sort),
// --brick-stats with --mc. With
// --quick, --volume runs one repetition and no warm-up (the CI smoke run).
int parseOptions(int argc, const char* const* argv, Options& options, std::string* error = nullptr);

} // namespace dicer::bench
