// dicer-bench --mc [--volume SPEC[,...]] [--band LO,HI]: every row of the GPU marching-cubes table
// (engine/surface/mc_method_table.h: hp_mc, the HistoPyramid's stream expansion, hp5_mc, the same over HP5,
// and their peers scan_mc and atomic_mc) over scalar volumes. Default volumes: metaballs:64, metaballs:128 and
// both committed scans (with --quick: metaballs:32, metaballs:64 and both scans, one repetition, no warm-up:
// the CI smoke run). --band as for --volume (default: volume::defaultBand).
//
// ONE UPLOAD per volume: a 3D texture every row borrows (McMethod::useVolumeTexture, as the demo hands them
// the discriminator's), so the rows read the same texels and the volume's memory is held once.
//
// TIMED per volume, every row's stages and the read floor's pass interleaved in the same rounds
// (gl::measureInterleaved: each round runs every configuration once), medians after warm-up: count, build,
// expand (the stages a row has: McMethodInfo::stages; the others "-") and the total (count + build + expand
// back to back, as a frame runs them; no count is read back).
//
// THE FLOOR: the volume's bytes read once (what a count must read at least: every sample is a corner of some
// cell) over the read bandwidth of the compute read pass (read_pass.h) over a 64 MiB buffer, measured in the
// same rounds; "x read floor" is a row's total over that.
//
// THE CHECK (the same as tests/mc_gltest.cpp, mc_check.h): every row's cases, total and draw count, and every
// vertex's cell, case, edge, index in the cell and crossing exactly against mc_reference.h (an unordered row's
// triangles sorted first); positions within 1e-4 index units per component, normals (and the fallback flag)
// within 1e-3 per component except where the reference's gradient is below 1e-6 of the values' scale. "exact",
// or the first difference: exit status 3. A row beyond this driver's limits for a volume (its buffers' storage
// blocks) is a skipped row naming the limit, not a difference.
//
// THE INDEXED SURFACE (the export's step 1, one vertex per crossed grid edge): for every row in the reference's
// order, the grid-edge weld on the GPU (grid_edge_weld.h, its read-back of indices and welded vertices
// included) in the same rounds as the CPU's (the list read back and welded by grid edge, surface_mesh.h), which
// is what the export did before; the GPU's indices and vertices are checked against the CPU's, word for word.
#include "bench_context.h"

#include "band.h"
#include "builtin_volumes.h"
#include "bundled_volumes.h"
#include "grid_edge_weld.h"
#include "mc_check.h"
#include "mc_method_table.h"
#include "mc_reference.h"
#include "mc_table.h"
#include "volume_file.h"
#include "volume_texture.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

namespace dicer::bench {
namespace {

struct McRow {
    std::string volume, size, band, method, check;
    unsigned stages = 0;                                                // surface::kMc*Stage bits
    std::int64_t cells = 0, surfaceCells = 0, triangles = 0, bytes = 0; // surface: cells with a triangle
    gl::Summary count, build, expand, total;
    gl::Summary ranges; // the count's column ranges, once per volume (in no stage above)
    gl::Summary weldGpu, weldCpu; // the indexed surface read back: the GPU's weld, the CPU's (ordered rows)
    bool welded = false;
    double floorMs = 0;
    bool ok = false, skipped = false;
};

// A row made for this driver, or its reason not to run (isAvailable, create).
struct McRowMethod {
    const surface::McMethodInfo* info;
    std::unique_ptr<surface::McMethod> method;
    std::string unavailable;
};

// The rows of one volume: each row's checked run and the interleaved timing of every row's stages.
// The GPU's step 1 of the weld against the CPU's on the method's last list: "" when they agree word for word.
std::string checkWeld(surface::GridEdgeWeld& weld, const surface::McMethod& e) {
    Result<surface::GridEdgeMesh> gpu = weld.run(e);
    if (!gpu) return "grid-edge weld: " + gpu.error();
    const std::vector<surface::McGpuVertex> list = e.readVertices(e.readTotal());
    Result<surface::SurfaceMesh> cpu = surface::weldSurface(list, e.volumeSize(), {.gridEdgesOnly = true});
    if (!cpu) return "CPU weld: " + cpu.error();
    if (gpu->vertices.size() != cpu->positions.size() || gpu->indices.size() != 3 * cpu->triangles.size())
        return "grid-edge weld: " + std::to_string(gpu->vertices.size()) + " vertices, the CPU's " +
               std::to_string(cpu->positions.size());
    for (std::size_t k = 0; k < gpu->indices.size(); ++k)
        if (gpu->indices[k] != cpu->triangles[k / 3][k % 3])
            return "grid-edge weld: index " + std::to_string(k) + " differs from the CPU's";
    return "";
}

Result<std::vector<McRow>> runMcVolume(Bench& b, std::vector<McRowMethod>& methods,
                                       surface::GridEdgeWeld& weld, const std::string& spec,
                                       GLuint floorBuffer, std::int64_t floorBytes) {
    b.progress.step("mc " + spec + ": load");
    Result<volume::ScalarVolume> loaded =
        volume::isBuiltinVolume(spec) ? volume::loadBuiltinVolume(spec) : volume::loadVolumeFile(spec);
    if (!loaded) return makeError("cannot load the volume: " + loaded.error());
    const volume::ScalarVolume& v = *loaded;
    McRow common;
    common.volume = v.name;
    common.size = sizeText(v.size) + " " + volume::scalarTypeName(v.type);
    common.bytes = v.byteCount();
    const std::optional<volume::ValueRange> range = volume::valueRange(v);
    Result<volume::Band> asked = volume::startingBand(b.opt.band, &v, range);
    if (!asked) return makeError(v.name + ": --band: " + asked.error());
    const volume::Band band = *asked;
    common.band = volume::bandText(band);

    b.progress.step("mc " + spec + ": the CPU reference");
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    common.cells = ref.cellCount();
    common.triangles = ref.triangleCount();
    common.surfaceCells = std::count_if(ref.counts.begin(), ref.counts.end(), [](auto n) { return n > 0; });
    if (common.cells == 0)
        std::fprintf(stderr, "dicer-bench: %s: a side < 2, no cells: 0 triangles\n", v.name.c_str());

    std::vector<McRow> rows;
    auto skip = [&](McRow row, const std::string& reason) {
        row.check = "skipped: " + reason;
        row.ok = row.skipped = true;
        std::fprintf(stderr, "dicer-bench: mc %s %s %s\n", v.name.c_str(), row.method.c_str(),
                     row.check.c_str());
        b.report.skipped.push_back({kTableMc, row.method, v.name, reason});
        rows.push_back(row);
    };
    b.progress.step("mc " + spec + ": upload");
    Result<gl::Texture> texture = discriminate::uploadVolumeTexture(v, b.info, "bench mc volume '" + v.name + "'");

    // Each row's checked run. A limit of this driver (the volume's texture, a row's storage blocks, the vertex
    // buffer's) is no difference: the row names it and is skipped.
    std::vector<surface::McMethod*> timed;
    std::vector<std::size_t> timedRows;
    const auto vertices = std::uint32_t(std::min<std::size_t>(std::max<std::size_t>(ref.vertices.size(), 3),
                                                              std::numeric_limits<std::uint32_t>::max()));
    for (McRowMethod& m : methods) {
        McRow row = common;
        row.method = m.info->name;
        row.stages = m.info->stages;
        if (!m.method) {
            skip(row, m.unavailable);
            continue;
        }
        if (!texture) {
            skip(row, texture.error());
            continue;
        }
        b.progress.step("mc " + spec + ": " + row.method + ", the checked run");
        surface::McMethod& e = *m.method;
        Result<void> r =
            e.useVolumeTexture(texture->id(), v.size, v.type, v.spacing, surface::isBinaryField(v));
        if (r) r = e.reserve(vertices);
        if (r) r = e.run(band);
        if (!r) {
            skip(row, r.error());
            continue;
        }
        const surface::McCheck check = surface::checkAgainstReference(e, v, ref);
        row.check = check.exact() ? "exact" : check.firstDifference;
        row.ok = check.exact();
        if (row.ok && e.order() == surface::McOrder::Cells && common.triangles > 0) {
            const std::string weldDifference = checkWeld(weld, e);
            row.welded = weldDifference.empty();
            if (!row.welded) {
                row.check = weldDifference;
                row.ok = false;
            }
        }
        timed.push_back(&e);
        timedRows.push_back(rows.size());
        rows.push_back(row);
    }

    b.progress.step("mc " + spec + ": timing every row's stages, interleaved");
    std::vector<std::function<void()>> configs = {[&] { (void)b.read.runBuffer(floorBuffer, floorBytes); }};
    for (surface::McMethod* e : timed) {
        configs.push_back([e, band] { (void)e->count(band); });
        configs.push_back([e] { e->build(); });
        configs.push_back([e] { e->expand(); });
        configs.push_back([e, band] { (void)e->run(band); });
        configs.push_back([e] { e->computeColumnRanges(); });
    }
    // The indexed surface, for the rows whose list the GPU welds: the GPU's weld and the CPU's, each read back.
    std::vector<std::size_t> weldRows;
    for (std::size_t i = 0; i < timed.size(); ++i) {
        if (!rows[timedRows[i]].welded) continue;
        surface::McMethod* e = timed[i];
        weldRows.push_back(i);
        configs.push_back([e, &weld] { (void)weld.run(*e); }); // reads the row's list, which stays as it is
        configs.push_back([e] {
            const std::vector<surface::McGpuVertex> list = e->readVertices(e->readTotal());
            (void)surface::weldSurface(list, e->volumeSize(), {.gridEdgesOnly = true});
        });
    }
    const gl::TimerSource timer = b.report.run.timer;
    const std::vector<gl::Summary> t = gl::measureInterleaved(timer, b.opt.warmup, b.opt.reps, configs);
    const double readGBs = t[0].median > 0 ? double(floorBytes) / (t[0].median * 1e6) : 0;
    const double floorMs = readGBs > 0 ? double(common.bytes) / (readGBs * 1e6) : 0;
    for (std::size_t i = 0; i < timedRows.size(); ++i) {
        McRow& row = rows[timedRows[i]];
        row.count = t[1 + 5 * i];
        row.build = t[2 + 5 * i];
        row.expand = t[3 + 5 * i];
        row.total = t[4 + 5 * i];
        row.ranges = t[5 + 5 * i];
        row.floorMs = floorMs;
        for (std::size_t w = 0; w < weldRows.size(); ++w)
            if (weldRows[w] == i) {
                row.weldGpu = t[1 + 5 * timed.size() + 2 * w];
                row.weldCpu = t[2 + 5 * timed.size() + 2 * w];
            }

        Measurement m;
        m.table = kTableMc;
        m.method = row.method;
        m.input = v.name + " " + row.band;
        m.cells = row.cells;
        m.count = std::uint32_t(row.triangles);
        m.timer = timer;
        m.check = row.check;
        m.ok = row.ok;
        const std::tuple<const char*, unsigned, gl::Summary> stages[] = {
            {"count", surface::kMcCountStage, row.count},
            {"build", surface::kMcBuildStage, row.build},
            {"expand", surface::kMcExpandStage, row.expand},
            {"total", ~0u, row.total}};
        for (const auto& [stage, bit, time] : stages) {
            if ((row.stages & bit) == 0) continue; // a stage this row does no work in
            m.stage = stage;
            m.time = time;
            m.readBytes = stage == std::string("total") ? row.bytes : 0;
            m.readMs = m.readBytes > 0 ? floorMs : 0;
            b.report.rows.push_back(m);
        }
    }
    return rows;
}

std::string stageText(const McRow& r, unsigned bit, const gl::Summary& s) {
    if ((r.stages & bit) == 0) return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", s.median);
    return text;
}

// The cells the surface crosses (a case with triangles), in % of the cells.
std::string surfaceText(const McRow& r) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%",
                  r.cells > 0 ? 100.0 * double(r.surfaceCells) / double(r.cells) : 0.0);
    return text;
}

} // namespace

Result<bool> runMcTable(Bench& b) {
    Result<std::unique_ptr<surface::GridEdgeWeld>> weld = surface::GridEdgeWeld::create(b.shaders, b.info);
    if (!weld) return makeError("grid-edge weld: " + weld.error());
    std::vector<McRowMethod> methods;
    for (const surface::McMethodInfo& info : surface::mcMethodTable()) {
        McRowMethod m{&info, nullptr, {}};
        if (!info.isAvailable(b.info)) {
            m.unavailable = "not available on this driver";
        } else {
            auto created = info.create(b.shaders, b.info);
            if (!created) return makeError(std::string(info.name) + ": " + created.error());
            m.method = std::move(created.value());
        }
        methods.push_back(std::move(m));
    }
    Result<ReadFloorBuffer> floor = makeReadFloorBuffer(b.info);
    if (!floor) return makeError(floor.error());

    std::vector<McRow> rows;
    bool ok = true;
    for (const std::string& spec : b.opt.volumes) {
        Result<std::vector<McRow>> r =
            runMcVolume(b, methods, **weld, spec, floor->buffer.id(), floor->bytes);
        if (!r) return makeError(r.error());
        for (const McRow& row : *r) {
            ok = ok && row.ok;
            rows.push_back(row);
        }
    }
    b.progress.finish();

    std::printf("## Marching cubes: every row of the table (%s), medians of %d after %d warm-up, interleaved "
                "(%s)\n\n",
                gl::joinNames(gl::rowNames(surface::mcMethodTable()), ", ", ", ").c_str(), b.opt.reps, b.opt.warmup,
                gl::timerSourceName(b.report.run.timer));
    std::printf(
        "| volume | size | band | cells | surface | method | count ms | build ms | expand ms | total ms | "
        "triangles | M triangles/s | read floor ms | x read floor | check |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const McRow& r : rows) {
        if (r.skipped) {
            std::printf("| %s | %s | %s | %lld | %s | %s | - | - | - | - | %lld | - | - | - | %s |\n",
                        r.volume.c_str(), r.size.c_str(), r.band.c_str(), static_cast<long long>(r.cells),
                        surfaceText(r).c_str(), r.method.c_str(), static_cast<long long>(r.triangles),
                        r.check.c_str());
            continue;
        }
        const double perSecond = r.total.median > 0 ? double(r.triangles) / (r.total.median * 1e3) : 0;
        std::printf(
            "| %s | %s | %s | %lld | %s | %s | %s | %s | %s | %.2f | %lld | %.2f | %.2f | %.1f | %s |\n",
            r.volume.c_str(), r.size.c_str(), r.band.c_str(), static_cast<long long>(r.cells),
            surfaceText(r).c_str(), r.method.c_str(), stageText(r, surface::kMcCountStage, r.count).c_str(),
            stageText(r, surface::kMcBuildStage, r.build).c_str(),
            stageText(r, surface::kMcExpandStage, r.expand).c_str(), r.total.median,
            static_cast<long long>(r.triangles), perSecond, r.floorMs,
            r.floorMs > 0 ? r.total.median / r.floorMs : 0.0, r.check.c_str());
    }
    std::printf(
        "\nbuild: hp_mc the pyramid, hp5_mc the 5:1 pyramid, scan_mc Horn's scan (each with the draw arguments); "
        "atomic_mc has "
        "one pass (expand: cases, counts, atomics, vertices, arguments). read floor: the volume's bytes "
        "read once (the least a count reads) at the read pass's bandwidth over a 64 MiB buffer, "
        "measured in the same rounds; x read floor: total / read floor. surface: the cells with a "
        "triangle.\n");
    std::string ranges; // rows with a count pass
    for (const McRow& r : rows)
        if (!r.skipped && (r.stages & surface::kMcCountStage) != 0)
            ranges += (ranges.empty() ? "" : ", ") + r.volume + " " + r.method + " " +
                      stageText(r, surface::kMcCountStage, r.ranges) + " ms";
    if (!ranges.empty())
        std::printf("column ranges (the count's key range per column of words, once per volume: in no column "
                    "above): %s.\n",
                    ranges.c_str());
    std::string welds; // rows in the reference's order
    for (const McRow& r : rows)
        if (!r.skipped && r.welded) {
            char text[160];
            std::snprintf(text, sizeof text, "%s%s %s: GPU %.2f ms, CPU %.2f ms (%.1fx)",
                          welds.empty() ? "" : "; ", r.volume.c_str(), r.method.c_str(), r.weldGpu.median,
                          r.weldCpu.median, r.weldGpu.median > 0 ? r.weldCpu.median / r.weldGpu.median : 0.0);
            welds += text;
        }
    if (!welds.empty())
        std::printf(
            "indexed surface (one vertex per crossed grid edge, the export's step 1, read back, from the "
            "row's list): the grid-edge weld on the GPU vs the list read back and "
            "welded on the CPU, indices equal: %s.\n",
            welds.c_str());
    return ok;
}

} // namespace dicer::bench
