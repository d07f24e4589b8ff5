// dicer-bench --mc [--volume SPEC[,...]] [--band LO,HI] (issue 19, item 7): marching cubes by HistoPyramid
// stream expansion (engine/surface/mc_expander.h) over scalar volumes. Default volumes: metaballs:64,
// metaballs:128 and both committed scans (with --quick: metaballs:32, metaballs:64 and both scans, one
// repetition, no warm-up: the CI smoke run). --band as for --volume (default: volume::defaultBand).
//
// TIMED per volume, interleaved (gl::measureInterleaved: each round runs every stage once), medians after
// warm-up: the read floor's pass, count, build (the pyramid and the draw arguments), expand, and the total
// (count + build + expand back to back, as a frame runs them; no count is read back).
//
// THE FLOOR: the volume's bytes read once (what the count pass must read at least: every sample is a corner
// of some cell) over the read bandwidth of the compute read pass (read_pass.h) over a 64 MiB buffer, measured
// in the same rounds; "x read floor" is the total over that.
//
// THE CHECK (the same as tests/mc_gltest.cpp): the GPU's cases, total and draw count, and every vertex's cell,
// case, edge, index in the cell and crossing exactly against mc_reference.h; positions within 1e-4 index units
// per component, normals (and the fallback flag) within 1e-3 per component except where the reference's
// gradient is below 1e-6 of the values' scale. "exact", or the first difference. Exit status 3 on one.
#include "bench_context.h"

#include "band.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "mc_check.h"
#include "mc_expander.h"
#include "mc_reference.h"
#include "mc_table.h"
#include "volume_file.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

namespace dicer::bench {
namespace {

constexpr std::int64_t kBandwidthBytes = std::int64_t(64) << 20;

struct McRow {
    std::string volume, size, band, check;
    std::int64_t cells = 0, triangles = 0, bytes = 0;
    gl::Summary count, build, expand, total;
    double floorMs = 0, readGBs = 0;
    bool ok = false, skipped = false;
};

std::string sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

Result<McRow> runMcVolume(Bench& b, surface::McExpander& e, const std::string& spec, GLuint floorBuffer,
                          std::int64_t floorBytes) {
    b.progress.step("mc " + spec + ": load");
    Result<volume::ScalarVolume> loaded =
        volume::isBuiltinVolume(spec) ? volume::loadBuiltinVolume(spec) : volume::loadVolumeFile(spec);
    if (!loaded) return makeError("cannot load the volume: " + loaded.error());
    const volume::ScalarVolume& v = *loaded;
    McRow row;
    row.volume = v.name;
    row.size = sizeText(v.size) + " " + volume::scalarTypeName(v.type);
    row.bytes = v.byteCount();
    const std::optional<volume::ValueRange> range = volume::valueRange(v);
    volume::Band band{0, -1}; // every value NaN: nothing is inside
    if (range) {
        Result<volume::Band> asked = b.opt.band.empty() ? Result<volume::Band>(volume::defaultBand(*range))
                                                        : volume::parseBand(b.opt.band, range);
        if (!asked) return makeError(v.name + ": --band: " + asked.error());
        band = *asked;
    } else if (!b.opt.band.empty()) {
        return makeError(v.name + ": --band " + b.opt.band + ": every value is NaN");
    }
    row.band = volume::bandText(band);

    b.progress.step("mc " + spec + ": the CPU reference");
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    row.cells = ref.cellCount();
    row.triangles = ref.triangleCount();
    if (row.cells == 0)
        std::fprintf(stderr, "dicer-bench: %s: a side < 2, no cells: 0 triangles\n", v.name.c_str());

    b.progress.step("mc " + spec + ": upload and the checked run");
    // A limit of this driver (the volume's or the vertex buffer's storage block) is no difference: the row
    // names it and is skipped.
    Result<void> r = e.setVolume(v);
    if (r)
        r = e.reserve(std::uint32_t(std::min<std::size_t>(std::max<std::size_t>(ref.vertices.size(), 3),
                                                          std::numeric_limits<std::uint32_t>::max())));
    if (r) r = e.run(band);
    if (!r) {
        row.check = "skipped: " + r.error();
        row.ok = row.skipped = true;
        std::fprintf(stderr, "dicer-bench: mc %s %s\n", v.name.c_str(), row.check.c_str());
        b.report.skipped.push_back({kTableMc, "hp_mc", v.name, r.error()});
        return row;
    }
    const surface::McCheck check = surface::checkAgainstReference(e, v, ref);
    row.check = check.exact() ? "exact" : check.firstDifference;
    row.ok = row.check == "exact";

    b.progress.step("mc " + spec + ": timing count, build, expand, interleaved");
    const std::vector<std::function<void()>> configs = {
        [&] { (void)b.read.runBuffer(floorBuffer, floorBytes); },
        [&] { (void)e.count(band); },
        [&] { e.build(); },
        [&] { e.expand(); },
        [&] { (void)e.run(band); },
    };
    const gl::TimerSource timer = b.report.run.timer;
    const std::vector<gl::Summary> t = gl::measureInterleaved(timer, b.opt.warmup, b.opt.reps, configs);
    row.count = t[1];
    row.build = t[2];
    row.expand = t[3];
    row.total = t[4];
    row.readGBs = t[0].median > 0 ? double(floorBytes) / (t[0].median * 1e6) : 0;
    row.floorMs = row.readGBs > 0 ? double(row.bytes) / (row.readGBs * 1e6) : 0;

    Measurement m;
    m.table = kTableMc;
    m.method = "hp_mc";
    m.input = v.name + " " + row.band;
    m.cells = row.cells;
    m.count = std::uint32_t(row.triangles);
    m.timer = timer;
    m.check = row.check;
    m.ok = row.ok;
    const std::pair<const char*, gl::Summary> stages[] = {
        {"count", row.count}, {"build", row.build}, {"expand", row.expand}, {"total", row.total}};
    for (const auto& [stage, time] : stages) {
        m.stage = stage;
        m.time = time;
        m.readBytes = stage == std::string("count") || stage == std::string("total") ? row.bytes : 0;
        m.readMs = m.readBytes > 0 ? row.floorMs : 0;
        b.report.rows.push_back(m);
    }
    return row;
}

} // namespace

Result<bool> runMcTable(Bench& b) {
    auto created = surface::McExpander::create(b.shaders, b.info);
    if (!created) return makeError(created.error());
    surface::McExpander& e = *created;
    const std::int64_t floorBytes =
        std::min<std::int64_t>(kBandwidthBytes, b.info.maxStorageBlockBytes > 0 ? b.info.maxStorageBlockBytes
                                                                                : kBandwidthBytes) &
        ~std::int64_t(3);
    gl::Buffer floorBuffer = gl::createBufferStorage(GLsizeiptr(floorBytes), nullptr, 0, "bench read floor");
    glClearNamedBufferData(floorBuffer.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);

    std::vector<McRow> rows;
    bool ok = true;
    for (const std::string& spec : b.opt.volumes) {
        Result<McRow> r = runMcVolume(b, e, spec, floorBuffer.id(), floorBytes);
        if (!r) return makeError(r.error());
        ok = ok && r->ok;
        rows.push_back(*r);
    }
    b.progress.finish();

    std::printf(
        "## Marching cubes: HistoPyramid stream expansion (hp_mc), medians of %d after %d warm-up (%s)\n\n",
        b.opt.reps, b.opt.warmup, gl::timerSourceName(b.report.run.timer));
    std::printf("| volume | size | band | cells | count ms | build ms | expand ms | total ms | triangles | "
                "M triangles/s | read floor ms | x read floor | check |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const McRow& r : rows) {
        if (r.skipped) {
            std::printf("| %s | %s | %s | %lld | - | - | - | - | %lld | - | - | - | %s |\n", r.volume.c_str(),
                        r.size.c_str(), r.band.c_str(), static_cast<long long>(r.cells),
                        static_cast<long long>(r.triangles), r.check.c_str());
            continue;
        }
        const double perSecond = r.total.median > 0 ? double(r.triangles) / (r.total.median * 1e3) : 0;
        std::printf("| %s | %s | %s | %lld | %.2f | %.2f | %.2f | %.2f | %lld | %.2f | %.2f | %.1f | %s |\n",
                    r.volume.c_str(), r.size.c_str(), r.band.c_str(), static_cast<long long>(r.cells),
                    r.count.median, r.build.median, r.expand.median, r.total.median,
                    static_cast<long long>(r.triangles), perSecond, r.floorMs,
                    r.floorMs > 0 ? r.total.median / r.floorMs : 0.0, r.check.c_str());
    }
    std::printf(
        "\nread floor: the volume's bytes read once (the least the count pass reads) at the read pass's "
        "bandwidth over a 64 MiB buffer, measured in the same rounds; x read floor: total / read floor.\n");
    return ok;
}

} // namespace dicer::bench
