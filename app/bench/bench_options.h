// dicer-bench's command line: one Options struct is the single source of truth for what the run sweeps, and
// one table of rows (optionTable(), app/common/options.h) reads and prints it, with the names and value
// spellings the demo uses for the same settings (app/common/vocabulary.h); a setting the demo takes once
// is a comma list here, to sweep.
#pragma once

#include "bench_source.h"
#include "egl_context.h"
#include "band.h"
#include "histopyramid.h"
#include "method_table.h"
#include "options.h"
#include "timer.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace dicer::bench {

inline constexpr const char* kAutoPlot = "auto";

struct Options {
    // --preset: the volumes every table runs; empty: each table's default (defaultPresets), --quick's smaller ones.
    // The HistoPyramid tables take the paper's layouts (paper-N: an N^2 atlas), the scaling table cubes (N).
    std::vector<std::string> presets;
    std::vector<methods::MethodId> methods; // --method filter (rows with a list stage); empty = all
    std::vector<hp::Storage> storages{hp::Storage::Uint32};
    std::vector<hp::BuildPath> paths{hp::BuildPath::Compute};
    // --list-path: the paper's readback; with both, the table comparing the count read back and kept on the GPU.
    std::vector<hp::ListPath> listPaths{hp::ListPath::Readback};
    int reps = 10, warmup = gl::Warmup::kRuns;
    bool quick = false; // the CI smoke run: small inputs, few repetitions, every table
    bool forceCpuTimer = false, glDebug = false;
    gl::EglPlatform platform = gl::EglPlatform::Auto;
    std::string csv, json;
    std::string source = "teapot"; // atlas source (bench_source.h): teapot, heart, sphere or an OBJ file
    VoxelizeSettings voxelize;     // how model sources voxelize (the paper's slicing rule by default)
    // Table 1's two methods by default.
    std::vector<voxel::VoxMethodId> voxMethods{voxel::VoxMethodId::Projected, voxel::VoxMethodId::PerSlice};
    bool peers = false;   // every peer on the same atlases, each checked against the same voxel set
    bool scaling = false; // N^3 volumes: time per voxel and per point, and a PNG plot
    // Plots (bench_plot_script.h): "auto" is plots/<name> in the build folder (beside bin/), so a run from the
    // source tree leaves nothing there; empty (--plot none): no plot.
    std::string plot = kAutoPlot;
    // --voxelizer: the voxelizer's own tables instead (bench_voxelizer.cpp): every method per preset, checked to
    // give the same atlas, and the teapot's active cells next to the paper's.
    bool voxelizer = false;
    bool solid = true; // the voxelizer tables' projected-solid column
    // --voxels: the outputs the voxelizer and volume tables time; empty = not given (each table's default). Given
    // with --scaling: only the voxelized volumes' table (bench_voxel_scaling.cpp).
    std::vector<occupancy::VoxelOutput> voxelOutputs;
    std::vector<occupancy::VoxelOutput> voxelOutputsOr(std::vector<occupancy::VoxelOutput> defaults) const {
        return voxelOutputs.empty() ? defaults : voxelOutputs;
    }
    // --sort: the sorts' tables instead (bench_sort.cpp): log2 of the key counts and key ranges swept.
    bool sort = false;
    // Default points: the whole run takes ~8-10 minutes on llvmpipe (2 shared cores), most of it at 2^24.
    std::vector<int> sortN{10, 14, 18, 22, 24};
    std::vector<int> sortM{4, 12, 20};
    std::string sortPlot = kAutoPlot; // as plot
    std::string dumpShaders;          // --dump-shaders DIR (engine/gl/shader_dump.h); empty: off
    // --volume: only the scalar volumes' tables (bench_volume.cpp): each built-in NAME[:N|:XxYxZ] or volume file
    // discriminated into --voxels (atlas and bits by default), built and listed by every method row of that
    // output, and the same with the band moving every repetition. --band: the active values, parsed once (none:
    // each volume's volume::defaultBand).
    std::vector<std::string> volumes;
    std::optional<volume::BandSpec> band;
    // --mc: marching cubes over --volume instead (bench_mc.cpp): default volumes metaballs:64 and :128 and both
    // committed scans (with --quick: metaballs:32, :64 and the scans, one repetition).
    bool mc = false;
    std::string mcPlot = kAutoPlot; // --mc's plot: total ms per row against the cells; as plot
    // --brick-stats: only the brick statistics of --volume on the CPU (bench_brick_stats.h), no GL: default
    // volumes both committed scans, metaballs:128, :256, :512 and noise:256 (with --quick: the scans and
    // metaballs:32).
    bool brickStats = false;
    bool operator==(const Options&) const = default;

    bool compareListPaths() const { return listPaths.size() > 1; } // the resident table: readback vs resident
    // The presets of a table: --preset, else `defaults` (a table's, --quick's smaller ones given by the caller).
    std::vector<std::string> presetsOr(std::vector<std::string> defaults) const {
        return presets.empty() ? defaults : presets;
    }
    // The HistoPyramid tables' atlas sides (paper-N presets) and the scaling table's cube sides (N presets).
    std::vector<int> paperAtlasSides() const;
    std::vector<int> cubeSides() const;
};

// Every option of dicer-bench, in --help order.
const options::Table<Options>& optionTable();

// 0: run; -1: --help was printed (exit 0); 2: bad arguments (one line naming the option, to stderr): also
// --band without --volume, --volume with another table mode (--scaling, --voxelizer, --sort), --brick-stats
// with --mc, a preset the tables run cannot take (a table of paper layouts given a cube). With --quick, --volume
// runs one repetition and no warm-up (the CI smoke run).
int parseOptions(int argc, const char* const* argv, Options& options, std::string* error = nullptr);

} // namespace dicer::bench
