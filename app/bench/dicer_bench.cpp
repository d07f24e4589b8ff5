// dicer-bench: the headless run. On the atlases of one source (default: the built-in teapot voxelized on the
// GPU in the paper's slice layouts; bench_source.h) it times the voxelization (Table 1), builds the
// HistoPyramid and the point list with every variant and the compute HistoPyramid (Tables 3 and 4), and on
// request every peer (--peers: Horn's scan, atomic append, the CPU path; Table 2), the count kept on the GPU
// vs read back (--list-path readback,resident) and the scaling sweep over side^3 volumes (--scaling); or, with --voxelizer,
// only the voxelizer's tables (bench_voxelizer.cpp: every method per volume preset); or, with --volume, only
// the scalar volumes' tables (bench_volume.cpp: discriminate, build, list per method, the band fixed and moving); or, with --mc,
// marching cubes over volumes (bench_mc.cpp: count, build, expand, each triangle list against the CPU reference); or, with
// --brick-stats, the volumes' brick statistics on the CPU, no GL (bench_brick_stats.h). Every result is
// checked against the same voxel set; timings are medians of repeated runs after warm-up, next to a copy pass
// over the same atlas. The plots (--plot, --sort-plot) are drawn from the report by matplotlib
// (bench_plot_script.h). Exit status: 0 all exact, 1 setup, GL or plot errors, 2 bad arguments, 3 a result
// differed.
// Works on Mesa llvmpipe (no GPU) and on NVIDIA through the EGL device platform.
#include "bench_brick_stats.h"
#include "bench_context.h"
#include "bench_plot_script.h"
#include "egl_context.h"
#include "gl_debug.h"
#include "heap_tuning.h"
#include "hp_math.h"
#include "shader_dump.h"

#include <cstdio>

using namespace dicer;
using namespace dicer::bench;

int main(int argc, char** argv) {
    keepHeapMemoryMapped(); // steady llvmpipe frame times (heap_tuning.h)
    Options opt;
    if (int rc = parseOptions(argc, argv, opt); rc != 0) return rc < 0 ? 0 : rc;

    if (opt.brickStats) return runBrickStatsTable(opt); // CPU counts only: no GL context

    if (Result<void> r = gl::dumpShadersTo(opt.dumpShaders); !r) {
        std::fprintf(stderr, "dicer-bench: --dump-shaders: %s\n", r.error().c_str());
        return 1;
    }
    auto context = gl::HeadlessContext::create({opt.platform, opt.glDebug, -1});
    if (!context) {
        std::fprintf(stderr, "dicer-bench: %s\n", context.error().c_str());
        return 1;
    }
    const gl::GlInfo& info = (*context)->info();
    gl::ShaderLibrary shaders;
    auto copy = testbed::CopyPass::create(shaders);
    if (!copy) {
        std::fprintf(stderr, "dicer-bench: %s\n", copy.error().c_str());
        return 1;
    }
    auto read = testbed::ReadPass::create(shaders, info);
    if (!read) {
        std::fprintf(stderr, "dicer-bench: %s\n", read.error().c_str());
        return 1;
    }
    auto source = createAtlasSource(opt.source, opt.voxelize, shaders, info);
    if (!source) {
        std::fprintf(stderr, "dicer-bench: %s\n", source.error().c_str());
        return 1;
    }
    Bench bench{opt, info, shaders, *copy, *read, **source, {}, {}, {}, {}, {}};
    RunInfo& run = bench.report.run;
    run.renderer = info.renderer;
    run.platform = (*context)->platformName();
    run.source = (*source)->describe();
    run.paperModel = opt.source == "teapot" && opt.voxelize.rule == voxel::VoxRule::SliceAxis &&
                     opt.voxelize.mode == voxel::VoxelMode::Shell;
    run.timer = gl::chooseTimerSource(info.timerQueriesReliable(), opt.forceCpuTimer);
    run.reps = opt.reps;
    run.warmup = opt.warmup;
    std::printf("renderer: %s\nEGL platform: %s\ntimer: %s%s\n%s%s\n\n", info.summary().c_str(),
                run.platform.c_str(), gl::timerSourceName(run.timer),
                info.timerQueriesReliable() ? "" : " (this driver's timer queries are unreliable)",
                opt.sort               ? "inputs: random keys (--sort uses no atlas)"
                : opt.mc               ? "inputs: scalar volumes (--mc)"
                : !opt.volumes.empty() ? "inputs: scalar volumes (--volume)"
                                       : "atlas source: ",
                opt.sort || !opt.volumes.empty() ? "" : run.source.c_str());

    bool allOk = true;
    if (opt.mc) {
        Result<bool> mc = runMcTable(bench); // marching cubes over the volumes, nothing else
        if (!mc) {
            bench.progress.finish();
            std::fprintf(stderr, "dicer-bench: %s\n", mc.error().c_str());
            return 1;
        }
        allOk = *mc;
    } else if (!opt.volumes.empty()) {
        Result<bool> volumes = runVolumeTables(bench); // the scalar volumes' tables, nothing else
        if (!volumes) {
            bench.progress.finish();
            std::fprintf(stderr, "dicer-bench: %s\n", volumes.error().c_str());
            return 1;
        }
        allOk = *volumes;
    } else if (opt.voxelizer) {
        allOk = runVoxelizerTables(bench); // the voxelizer's own tables, nothing else
    } else if (opt.scaling && !opt.voxelOutputs.empty()) {
        allOk = runVoxelScaling(bench); // the voxelized volumes' table, nothing else
    } else if (opt.sort) {
        allOk = runSortTables(bench); // the sorts' tables, nothing else
    } else if (opt.scaling) {
        allOk = runScaling(bench); // the N^3 volumes' table, nothing else
    } else {
        for (int size : opt.paperAtlasSides()) {
            if (size > info.maxTextureSize) {
                std::fprintf(stderr, "dicer-bench: size %d exceeds GL_MAX_TEXTURE_SIZE %d, skipped\n", size,
                             info.maxTextureSize);
                continue;
            }
            bench.progress.step("atlas " + std::to_string(size) + "²: making it and its reference");
            auto atlas = bench.source.paperAtlas(size);
            if (!atlas) {
                std::fprintf(stderr, "dicer-bench: %s\n", atlas.error().c_str());
                return 1;
            }
            gl::Texture uploaded;
            Result<GLuint> uploadedId = atlasTexture(*atlas, uploaded, "bench atlas");
            if (!uploadedId) {
                std::fprintf(stderr, "dicer-bench: %s\n", uploadedId.error().c_str());
                return 1;
            }
            const GLuint texture = *uploadedId;
            const Expected expected =
                expectedFor(*atlas, hp::thresholdToByte(kThreshold), /*withPyramid=*/true);

            Measurement copyRow;
            copyRow.table = kTableHp;
            copyRow.method = "copy pass";
            copyRow.stage = "build";
            copyRow.input = atlas->label;
            copyRow.cells = atlas->texels();
            copyRow.count = std::uint32_t(expected.sorted.size());
            copyRow.timer = run.timer;
            // The copy's target is allocated by its first run; the timed runs reuse it.
            if (Result<void> r = copy->run(texture, atlas->size.x, atlas->size.y); !r) {
                std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
                return 1;
            }
            copyRow.time = bench.measure([&] { (void)copy->run(texture, atlas->size.x, atlas->size.y); });
            copyRow.copyMs = copyRow.time.median;
            bench.report.rows.push_back(copyRow);
            // The honest yardstick beside it: the compute read pass over the atlas' bytes, and over its bits
            // (what the bits rows read), in the same run.
            const hp::MethodInput atlasInput{texture, kThreshold, atlas->tiling, 1};
            for (occupancy::VoxelOutput kind : {occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Bits}) {
                auto floor = bench.rowInput(kind, atlasInput, atlas->size);
                if (!floor) {
                    std::fprintf(stderr, "dicer-bench: %s\n", floor.error().c_str());
                    return 1;
                }
                Measurement readRow = copyRow;
                readRow.method = kind == occupancy::VoxelOutput::Atlas ? "read pass" : "read pass (bits)";
                readRow.time = floor->read;
                readRow.readMs = floor->readMs();
                readRow.readBytes = floor->bytes;
                bench.report.rows.push_back(readRow);
            }

            allOk = runVoxelization(bench, *atlas, copyRow.copyMs) && allOk;
            allOk = runHistoPyramids(bench, *atlas, texture, expected, copyRow.copyMs) && allOk;
            if (opt.peers) allOk = runPeers(bench, *atlas, texture, expected, copyRow.copyMs) && allOk;
        }
    }
    bench.progress.finish();

    if (!opt.mc) printMarkdown(bench.report); // --mc printed its own table
    if (Result<void> r = opt.csv.empty() ? Result<void>() : writeCsv(opt.csv, bench.report); !r) {
        std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
        return 1;
    }
    if (Result<void> r = opt.json.empty() ? Result<void>() : writeJson(opt.json, bench.report); !r) {
        std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
        return 1;
    }
    if (std::optional<PlotJob> plot = plotJob(opt, bench.report); plot) {
        if (Result<void> r = drawPlot(*plot, bench.report); !r) {
            std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
            return 1;
        }
    }
    if (gl::debugErrorCount() > 0 || gl::checkErrors("dicer-bench") > 0) {
        std::fprintf(stderr, "dicer-bench: GL errors reported\n");
        return 1;
    }
    allOk = allOk && bench.report.allOk();
    if (!allOk) std::fprintf(stderr, "dicer-bench: a result differs from the expected voxel set\n");
    return allOk ? 0 : 3;
}
