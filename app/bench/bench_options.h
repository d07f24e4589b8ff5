// dicer-bench's command line: one Options struct is the single source of truth for what the run sweeps.
#pragma once

#include "bench_source.h"
#include "egl_context.h"
#include "histopyramid.h"

#include <cstdio>
#include <string>
#include <vector>

namespace dicer::bench {

struct Options {
    std::vector<int> sizes{1024, 2048, 4096};
    std::vector<std::string> variants; // empty = all
    std::vector<hp::Storage> storages{hp::Storage::Uint32};
    std::vector<hp::BuildPath> paths{hp::BuildPath::Compute};
    int reps = 10, warmup = 3;
    bool forceCpuTimer = false, glDebug = false;
    gl::EglPlatform platform = gl::EglPlatform::Auto;
    std::string csv, json;
    std::string source = "teapot"; // atlas source (bench_source.h): teapot, heart, sphere or an OBJ file
    VoxelizeSettings voxelize;     // how model sources voxelize (the paper's slicing rule by default)
    std::vector<VoxelMethod> voxelMethods{VoxelMethod::Projected, VoxelMethod::PerSlice}; // Table 1
    bool peers = false;       // every peer on the same atlases, each checked against the same voxel set
    bool gpuResident = false; // count read back vs kept on the GPU, for the list and a whole frame
    bool scaling = false;     // side^3 volumes: time per voxel and per point, and a PNG plot
    std::vector<int> volumes{64, 128, 256, 512, 1024};
    std::string plot = "dicer-scaling.png";
};

void printUsage(FILE* out);

// 0: run; -1: --help was printed (exit 0); 2: bad arguments (usage printed to stderr).
int parseOptions(int argc, char** argv, Options& options);

} // namespace dicer::bench
