// dicer-bench --volume's Markdown (bench_volume.cpp fills Report::volumes and volumeRows): per volume a line
// (size, type, values, band, the CPU reference's count, load and upload times), then one table of every output
// and method row (discriminate, build, list, total, × read floor, verify) and one of the band sweep.
#include "bench_report.h"

#include <algorithm>
#include <cstdio>

namespace dicer::bench {
namespace {

std::string cell(const gl::Summary& s, double floorMs) {
    if (s.samples == 0) return "–";
    char buf[64];
    if (floorMs > 0)
        std::snprintf(buf, sizeof buf, "%.3g (%.1f×)", s.median, s.median / floorMs);
    else
        std::snprintf(buf, sizeof buf, "%.3g", s.median);
    return buf;
}

std::string range(const gl::Summary& s) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g (%.3g–%.3g)", s.median, s.min, s.max);
    return buf;
}

double overFloor(const gl::Summary& s, double floorMs) {
    return floorMs > 0 ? s.median / floorMs : 0;
}

const VolumeInfo* findVolume(const Report& r, const std::string& name) {
    for (const VolumeInfo& v : r.volumes)
        if (v.name == name) return &v;
    return nullptr;
}

void printVolumeLine(const VolumeInfo& v) {
    std::printf("- **%s**: %s %s (%.3g MiB), values %s; band %s: %llu active voxels (CPU reference); %s in "
                "%.0f ms, uploaded (3D texture) in %.0f ms\n",
                v.name.c_str(), v.size.c_str(), v.type.c_str(), double(v.bytes) / double(1 << 20),
                v.range.c_str(), v.band.c_str(), (unsigned long long)v.active,
                v.name.find(':') != std::string::npos ? "generated" : "read", v.loadMs, v.uploadMs);
}

} // namespace

void printVolumeMarkdown(const Report& r) {
    std::printf(
        "### Scalar volumes — discriminate, build, list per method (ms, median · × its read floor)\n\n");
    for (const VolumeInfo& v : r.volumes)
        printVolumeLine(v);
    std::printf("\n| method | output | voxels | type | band | active points | discriminate | build | list | "
                "total | × read floor | verify |\n"
                "|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
    double minGBs = 0, maxGBs = 0;
    for (const VolumeRow& row : r.volumeRows) {
        const VolumeInfo* v = findVolume(r, row.volume);
        if (!v) continue;
        minGBs = minGBs == 0 ? row.readGBs : std::min(minGBs, row.readGBs);
        maxGBs = std::max(maxGBs, row.readGBs);
        std::printf("| %s | %s | %s | %s | %s | %u | %s | %s | %s | %s | %.1f× | %s |\n", row.method.c_str(),
                    row.output.c_str(), v->size.c_str(), v->type.c_str(), v->band.c_str(), row.active,
                    cell(row.discriminate, row.floorDiscriminate).c_str(),
                    cell(row.build, row.floorBuild).c_str(), cell(row.list, row.floorList).c_str(),
                    range(row.total).c_str(), overFloor(row.total, row.floorTotal()), row.check.c_str());
    }
    std::printf(
        "\n### Band sweep — discriminate + build + list with the band moved one step every repetition\n\n"
        "| volume | method | output | bands | active (min–max) | ms: median (min–max) | × read floor | "
        "fixed band | verify (band +4 steps) |\n"
        "|---|---|---|---|---:|---:|---:|---:|---|\n");
    for (const VolumeRow& row : r.volumeRows) {
        const VolumeInfo* v = findVolume(r, row.volume);
        if (!v) continue;
        std::printf("| %s | %s | %s | %s | %llu–%llu | %s | %.1f× | %.3g | %s |\n", v->name.c_str(),
                    row.method.c_str(), row.output.c_str(), v->sweep.c_str(), (unsigned long long)v->sweepMin,
                    (unsigned long long)v->sweepMax, range(row.sweep).c_str(),
                    overFloor(row.sweep, row.floorTotal()), row.total.median, row.sweepCheck.c_str());
    }
    std::printf(
        "\nms: median of %d runs after %d warm-up runs, every stage interleaved; timer: %s; renderer: %s; "
        "EGL: "
        "%s. total = discriminate + build + list in one run. × read floor: the time over the bytes the stage "
        "must read at least (discriminate: the volume; build: the output, 4 bytes a texel of the atlas or 1 "
        "bit "
        "a voxel; list: the points written, 16 bytes each; total: their sum) at the read bandwidth of a "
        "compute "
        "read pass over a 64 MiB buffer in the same rounds (%.3g–%.3g GB/s). verify: the list against the "
        "CPU "
        "reference over the output read back (exact; same set for an unordered method) and the output's "
        "count "
        "against the CPU reference of the band over the volume. The sweep's bands move by one step per "
        "repetition, ±4 steps around the band (a count changed by a band is not read back, as in the "
        "demo).\n\n",
        r.run.reps, r.run.warmup, gl::timerSourceName(r.run.timer), r.run.renderer.c_str(),
        r.run.platform.c_str(), minGBs, maxGBs);
    for (const Skipped& s : r.skipped)
        if (s.table == kTableVolume)
            std::printf("- skipped: %s %s: %s\n", s.input.c_str(), s.method.c_str(), s.reason.c_str());
}

} // namespace dicer::bench
