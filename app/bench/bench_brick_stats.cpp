// dicer-bench --brick-stats (bench_brick_stats.h). Per volume: load it, take the band (--band, else the one a
// volume starts with in the demo and the other volume tables: volume::defaultBand), count on the CPU
// (volume::brickStats over volume::defaultBrickShapes) and print one row per brick shape. Columns (all exact
// counts; percentages of the volume's bricks, voxels or cells):
//  - in band, surface: the voxels in the band and the cells with triangles (the cells the count pass finds);
//  - band bricks: bricks with a voxel in the band (what the discriminator would mark), and the voxels of those
//    bricks; min/max: bricks a per-brick min/max cannot prove empty;
//  - surface bricks: bricks with a cell with triangles;
//  - count bricks: bricks whose cells' corners are neither all in nor all out of the band by their min/max, and
//    the cells of those bricks: what a count pass that skips bricks by min/max would still read;
//  - bits, mc words: dense bytes -> the sparse layout's bytes (brick_stats.h, BYTES), KiB.
#include "bench_brick_stats.h"

#include "band.h"
#include "brick_stats.h"
#include "builtin_volumes.h"
#include "volume_file.h"

#include <chrono>
#include <cstdio>
#include <string>

namespace dicer::bench {
namespace {

std::string percent(std::int64_t part, std::int64_t whole) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f %%", whole > 0 ? 100.0 * double(part) / double(whole) : 0.0);
    return text;
}

std::string kib(std::int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, bytes >= 10 * 1024 ? "%.0f" : "%.1f", double(bytes) / 1024.0);
    return text;
}

std::string shapeText(glm::ivec3 s) {
    if (s.x == s.y && s.y == s.z) return std::to_string(s.x) + "³";
    return std::to_string(s.x) + "×" + std::to_string(s.y) + "×" + std::to_string(s.z);
}

} // namespace

int runBrickStatsTable(const Options& opt) {
    const std::vector<glm::ivec3> shapes = volume::defaultBrickShapes();
    std::string rows; // printed once every volume is counted: an error leaves no half table
    for (const std::string& spec : opt.volumes) {
        Result<volume::ScalarVolume> loaded =
            volume::isBuiltinVolume(spec) ? volume::loadBuiltinVolume(spec) : volume::loadVolumeFile(spec);
        if (!loaded) {
            std::fprintf(stderr, "dicer-bench: cannot load the volume: %s\n", loaded.error().c_str());
            return 1;
        }
        const volume::ScalarVolume& v = *loaded;
        const std::optional<volume::ValueRange> range = volume::valueRange(v);
        Result<volume::Band> asked = volume::startingBand(opt.band, &v, range);
        if (!asked) {
            std::fprintf(stderr, "dicer-bench: %s: --band: %s\n", v.name.c_str(), asked.error().c_str());
            return 1;
        }
        const volume::Band band = *asked;
        const auto start = std::chrono::steady_clock::now();
        Result<volume::BrickStats> r = volume::brickStats(v, band, shapes);
        if (!r) {
            std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
            return 1;
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "dicer-bench: brick statistics of %s in %.0f ms\n", v.name.c_str(), ms);
        const volume::BrickStats& s = *r;
        const std::string size = std::to_string(v.size.x) + "×" + std::to_string(v.size.y) + "×" +
                                 std::to_string(v.size.z) + " " + volume::scalarTypeName(v.type);
        for (const volume::BrickCount& b : s.shapes) {
            char row[768];
            std::snprintf(
                row, sizeof row,
                "| %s | %s | %s | %s | %s | %s | %lld | %s | %s | %s | %s | %s | %s | %s → %s | %s → %s |\n",
                v.name.c_str(), size.c_str(), volume::bandText(band).c_str(),
                percent(s.bandVoxels, s.voxels).c_str(), percent(s.surfaceCells, s.cells).c_str(),
                shapeText(b.shape).c_str(), static_cast<long long>(b.bricks),
                percent(b.bandBricks, b.bricks).c_str(), percent(b.bandBrickVoxels, s.voxels).c_str(),
                percent(b.bandMinMaxBricks, b.bricks).c_str(), percent(b.surfaceBricks, b.bricks).c_str(),
                percent(b.countBricks, b.bricks).c_str(), percent(b.countBrickCells, s.cells).c_str(),
                kib(s.denseBitsBytes).c_str(), kib(b.sparseBitsBytes).c_str(), kib(s.denseMcBytes).c_str(),
                kib(b.sparseMcBytes).c_str());
            rows += row;
        }
    }
    std::printf("## Brick statistics (CPU, exact): bands and marching-cubes surfaces cut into bricks\n\n");
    std::printf(
        "| volume | size | band | in band | surface | brick | bricks | band bricks | voxels in them | "
        "min/max | surface bricks | count bricks (min/max) | cells read | bits KiB dense → sparse | "
        "mc words KiB dense → sparse |\n"
        "|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    std::fputs(rows.c_str(), stdout);
    std::printf(
        "\nin band: voxels in the band; surface: cells with triangles (corners neither all in nor all out, "
        "NaN outside). band bricks: bricks with a voxel in the band, and their voxels; min/max: bricks a "
        "min/max of their voxels cannot prove empty. count bricks: bricks whose cells' corners (the brick "
        "and one layer past its upper faces) are neither all in nor all out of the band by their min/max, "
        "and their cells: what a count pass skipping bricks by min/max still reads. Bytes: dense bits 1 a "
        "voxel; sparse bits: coarse map + slot bases + per band brick its bits and index (docs/SPARSE.md); "
        "dense mc words: cases + level 1 per base word (8 B per 4 cells); sparse mc words: min/max per "
        "brick (8 B) + coarse map + bases + per count brick 2 B a cell and its index. 32×32×1: the sparse "
        "occupancy's 32×32-texel atlas brick (one slice where the slice side is a multiple of 32).\n");
    return 0;
}

} // namespace dicer::bench
