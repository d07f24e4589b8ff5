// dicer-bench --scaling --voxels' Markdown (bench_voxel_scaling.cpp fills Report::rows and skipped): one line per
// volume, output and method with the stages side by side, then every stage's row with its check.
#include "bench_voxel_scaling.h"

#include "bench_report.h"

#include <cstdio>

namespace dicer::bench {

namespace {

// The output a row belongs to: every name of a bits row says "bits" (hp_bits, "compute → bits", "bits"), of a
// sparse row "sparse" (hp_sparse, "compute → sparse", "sparse").
const char* outputOf(const std::string& method) {
    return method.find("sparse") != std::string::npos ? "sparse"
           : method.find("bits") != std::string::npos ? "bits"
                                                      : "atlas";
}
const char* outputOfRow(const Measurement& m) {
    return outputOf(m.method);
}

const Measurement* findRow(const Report& r, const std::string& input, const std::string& method,
                           const char* stage) {
    for (const Measurement& m : r.rows)
        if (m.table == kTableVoxelScaling && m.input == input && m.method == method && m.stage == stage)
            return &m;
    return nullptr;
}

// "1.5 MiB": a byte count in the Markdown (the CSV and the JSON keep the exact bytes).
std::string bytesText(std::int64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB"};
    double v = double(bytes);
    int unit = 0;
    for (; unit < 3 && v >= 1024; ++unit)
        v /= 1024;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g %s", v, units[unit]);
    return buf;
}

// The skipped volumes and outputs as rows of the table above them: volume, output, the output or method
// skipped, "skipped", `dashes` cells "–" and the reason (the limit and its value).
void printSkippedRows(const Report& r, int dashes) {
    for (const Skipped& s : r.skipped) {
        if (s.table != kTableVoxelScaling) continue;
        std::printf("| %s | %s | %s | skipped |", s.input.c_str(), outputOf(s.method), s.method.c_str());
        for (int i = 0; i < dashes; ++i)
            std::printf(" – |");
        std::printf(" %s |\n", s.reason.c_str());
    }
}

// One line per volume, output and method: the stages side by side (medians), the frame per voxel and per point,
// the build + list and the frame over the read floor, and the memory the output holds.
void printSummary(const Report& r) {
    std::printf(
        "### Voxelized volumes: atlas, bits, sparse, ms (median)\n\n"
        "| volume | output | method | active | read floor (GB/s) | voxelize | clear | build | list | "
        "build + list (× floor) | frame (× floor) | frame ns / voxel | frame ns / point | memory held |\n"
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const Measurement& m : r.rows) {
        if (m.table != kTableVoxelScaling || m.stage != "build") continue;
        const std::string out = outputOfRow(m);
        const std::string voxelizer = scalingVoxelizerName(out);
        const Measurement* floor = findRow(r, m.input, out, "read floor");
        const Measurement* cells[] = {findRow(r, m.input, voxelizer, "voxelize"),
                                      findRow(r, m.input, voxelizer, "clear"), &m,
                                      findRow(r, m.input, m.method, "list")};
        const Measurement* buildList = findRow(r, m.input, m.method, "build + list");
        const Measurement* frame = findRow(r, m.input, m.method, "frame");
        std::printf("| %s | %s | %s | %u | %.3g (%.3g) |", m.input.c_str(), out.c_str(), m.method.c_str(),
                    m.count, floor ? floor->time.median : 0.0, floor ? floor->gbPerSecond() : 0.0);
        for (const Measurement* c : cells)
            std::printf(c ? " %.3g |" : " – |", c ? c->time.median : 0.0);
        for (const Measurement* c : {buildList, frame})
            std::printf(c ? " %.3g (%.2f×) |" : " – |", c ? c->time.median : 0.0, c ? c->overRead() : 0.0);
        std::printf(" %.3f | %.1f | %s |\n", frame ? frame->nsPerVoxel() : 0.0,
                    frame ? frame->nsPerPoint() : 0.0, bytesText(m.memoryBytes).c_str());
    }
    printSkippedRows(r, 9);
    std::printf("\n");
}

} // namespace

void printVoxelScalingMarkdown(const Report& r) {
    printSummary(r);
    std::printf(
        "### Scaling — side³ volumes voxelized (%s method), atlas, bits, sparse\n\n"
        "| volume | output | method | stage | active | ms: median (min–max) | ns / voxel | ns / point | "
        "× read floor | GB/s | memory held | check "
        "|\n|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n",
        voxel::voxMethodName(kScalingVoxelMethod));
    for (const Measurement& m : r.rows) {
        if (m.table != kTableVoxelScaling) continue;
        std::printf("| %s | %s | %s | %s | %u | %.3g (%.3g–%.3g) | %.3f | %.1f | %.2f× | %.3g | %s | %s |\n",
                    m.input.c_str(), outputOfRow(m), m.method.c_str(), m.stage.c_str(), m.count,
                    m.time.median, m.time.min, m.time.max, m.nsPerVoxel(), m.nsPerPoint(), m.overRead(),
                    m.gbPerSecond(), bytesText(m.memoryBytes).c_str(), m.check.c_str());
    }
    printSkippedRows(r, 7);
    std::printf(
        "\nms: median of %d runs after %d warm-up runs; timer: %s; renderer: %s; model: %s. "
        "× read floor: the stage's time over a compute pass reading the output's bytes once (atlas: 4 "
        "bytes per atlas texel, bits: 1 bit per texel of the virtual atlas, sparse: the used slots' bits); "
        "GB/s: "
        "those bytes per "
        "second. ns / point: per active voxel (a point of the list). memory held: what the output holds on "
        "the "
        "GPU (atlas: the RGBA8 texture; bits: the dense bits; sparse: index (header, coarse map, slot bases) "
        "+ "
        "pool, as allocated). frame = voxelize + build + list. skipped: a volume the output cannot hold on "
        "this "
        "driver (the limit named), refused before anything is allocated.\n",
        r.run.reps, r.run.warmup, gl::timerSourceName(r.run.timer), r.run.renderer.c_str(),
        r.run.source.c_str());
}

} // namespace dicer::bench
