// dicer-bench's Markdown: the paper's Tables 1-4 (rows: stages or methods, columns: atlases; the paper's own
// figures in italics below, for its three atlases: PAPER-NOTES.md, Quadro FX Go 1400, teapot), then the
// peers, the GPU-resident comparison and the scaling sweep (one row per measurement).
#include "bench_report.h"

#include <algorithm>
#include <cstdio>

namespace dicer::bench {

void printTableHead(const std::string& first, const std::vector<std::string>& columns) {
    std::printf("| %s |", first.c_str());
    for (const std::string& c : columns)
        std::printf(" %s |", c.c_str());
    std::printf("\n|---|");
    for (size_t i = 0; i < columns.size(); ++i)
        std::printf("---:|");
    std::printf("\n");
}

namespace {

std::vector<std::string> distinct(const Report& r, const char* table, std::string Measurement::*field) {
    std::vector<std::string> out;
    for (const Measurement& m : r.rows)
        if (m.table == table && std::find(out.begin(), out.end(), m.*field) == out.end())
            out.push_back(m.*field);
    return out;
}

const Measurement* find(const Report& r, const char* table, const std::string& method,
                        const std::string& stage, const std::string& input) {
    for (const Measurement& m : r.rows)
        if (m.table == table && m.method == method && m.stage == stage && m.input == input) return &m;
    return nullptr;
}

std::string ms(const gl::Summary& s) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.3g (%.3g–%.3g)", s.median, s.min, s.max);
    return buf;
}

std::string timed(const Measurement* m, bool withCopyRatio) {
    if (!m) return "–";
    std::string cell = ms(m->time);
    if (withCopyRatio && m->copyMs > 0) {
        char buf[32];
        std::snprintf(buf, sizeof buf, " · %.2f×", m->overCopy());
        cell += buf;
    }
    if (withCopyRatio && m->readMs > 0) { // the honest yardstick: × the compute read floor, and GB/s
        char buf[64];
        std::snprintf(buf, sizeof buf, " · %.2f× read · %.3g GB/s", m->overRead(), m->gbPerSecond());
        cell += buf;
    }
    if (!m->ok) cell += " **" + m->check + "**";
    return cell;
}

void footer(const Report& r, const char* timerNote) {
    std::printf("\nms, median (min–max) of %d runs after %d warm-up runs; timer: %s; renderer: %s; EGL: %s; "
                "atlas source: %s\n\n",
                r.run.reps, r.run.warmup, timerNote ? timerNote : gl::timerSourceName(r.run.timer),
                r.run.renderer.c_str(), r.run.platform.c_str(), r.run.source.c_str());
}

// The paper's figures (PAPER-NOTES.md: Quadro FX Go 1400, teapot) for its three atlases, as a row.
struct PaperRow {
    const char* label;
    const char* at4096;
    const char* at2048;
    const char* at1024;
    const char* of(const std::string& input) const {
        return input == "4096²" ? at4096 : input == "2048²" ? at2048 : input == "1024²" ? at1024 : "–";
    }
};

// Rows = (method, stage) pairs, columns = the inputs of the table; then the paper's rows.
void pivot(const Report& r, const char* table, const char* title, const char* rowHeader,
           const std::vector<std::pair<std::string, std::string>>& rows, bool showStage, bool withCopyRatio,
           const char* timerNote, const std::vector<PaperRow>& paper = {}) {
    std::vector<std::string> inputs = distinct(r, table, &Measurement::input);
    if (inputs.empty() || rows.empty()) return;
    std::printf("### %s\n\n", title);
    printTableHead(rowHeader, inputs);
    for (const auto& [method, stage] : rows) {
        std::printf("| %s%s%s |", method.c_str(), showStage ? " " : "", showStage ? stage.c_str() : "");
        for (const std::string& in : inputs)
            std::printf(" %s |", timed(find(r, table, method, stage, in), withCopyRatio).c_str());
        std::printf("\n");
    }
    std::printf("| active cells |");
    for (const std::string& in : inputs) {
        const Measurement* any = nullptr;
        for (const Measurement& m : r.rows)
            if (m.table == std::string(table) && m.input == in && !any) any = &m;
        std::printf(" %u |", any ? any->count : 0u);
    }
    std::printf("\n");
    const bool paperSizes = std::any_of(inputs.begin(), inputs.end(), [](const std::string& in) {
        return in == "4096²" || in == "2048²" || in == "1024²";
    });
    for (const PaperRow& p : paper) {
        if (!paperSizes) break;
        std::printf("| *%s* |", p.label);
        for (const std::string& in : inputs)
            std::printf(" *%s* |", p.of(in));
        std::printf("\n");
    }
    footer(r, timerNote);
}

std::vector<std::pair<std::string, std::string>> stageRows(const Report& r, const char* table,
                                                           const char* stage) {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const std::string& method : distinct(r, table, &Measurement::method))
        for (const Measurement& m : r.rows)
            if (m.table == std::string(table) && m.method == method && m.stage == stage) {
                rows.push_back({method, stage});
                break;
            }
    return rows;
}

} // namespace

void printMarkdown(const Report& r) {
    if (!r.volumes.empty() || std::any_of(r.skipped.begin(), r.skipped.end(),
                                          [](const Skipped& s) { return s.table == kTableVolume; })) {
        printVolumeMarkdown(r); // --volume runs only the volume tables
        return;
    }
    if (!distinct(r, kTableVoxelizer, &Measurement::input).empty() ||
        !distinct(r, kTableVoxelizerBits, &Measurement::input).empty() ||
        !distinct(r, kTableVoxelizerCounts, &Measurement::input).empty()) {
        printVoxelizerMarkdown(r); // --voxelizer runs only the voxelizer's tables
        return;
    }
    const bool voxelScaling = !distinct(r, kTableVoxelScaling, &Measurement::input).empty() ||
                              std::any_of(r.skipped.begin(), r.skipped.end(),
                                          [](const Skipped& s) { return s.table == kTableVoxelScaling; });
    if (voxelScaling) {
        printVoxelScalingMarkdown(r); // --scaling --voxels runs only the voxelized scaling table
        return;
    }
    if (!distinct(r, kTableSort, &Measurement::input).empty()) {
        printSortMarkdown(r); // --sort runs only the sort tables
        return;
    }
    // Table 1: active cells and the voxelization, per method.
    if (distinct(r, kTableVoxel, &Measurement::input).empty()) {
        std::printf("### Table 1 — voxelization: none (the %s atlas is made on the CPU)\n\n",
                    r.run.source.substr(0, r.run.source.find(' ')).c_str());
    } else {
        // The paper's counts are for its teapot and rule; its slicing time stands for any model.
        std::vector<PaperRow> paper = {{"paper: slicing (per-slice draws, teapot)", "470", "470", "470"}};
        if (r.run.paperModel) paper.insert(paper.begin(), {"paper: active cells", "33989", "8595", "2130"});
        pivot(r, kTableVoxel, "Table 1 — active cells and voxelization (· multiple of the copy pass)",
              "vox method", stageRows(r, kTableVoxel, "voxelize"), false, true, nullptr, paper);
    }

    // Table 2: the CPU path.
    std::vector<std::pair<std::string, std::string>> cpuRows;
    for (const std::string& stage : distinct(r, kTableCpu, &Measurement::stage)) // -Nt: N threads
        cpuRows.push_back({"cpu", stage});
    // The paper's order: download, traversal (1 thread, then N), upload, then the totals.
    auto rank = [](const std::pair<std::string, std::string>& row) {
        const std::string& s = row.second;
        return s.rfind("download", 0) == 0   ? 0
               : s.rfind("traverse", 0) == 0 ? 1
               : s.rfind("upload", 0) == 0   ? 2
                                             : 3;
    };
    std::stable_sort(cpuRows.begin(), cpuRows.end(),
                     [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    pivot(r, kTableCpu, "Table 2 — CPU path (download, line-wise traversal, upload)", "stage", cpuRows, true,
          false, "cpu-fenced (CPU stages: steady clock around glFinish)",
          {{"paper: AGP download", "560", "142", "36"},
           {"paper: PCIe download", "172", "40", "12"},
           {"paper: CPU traversal", "25", "25", "24"}});

    // Table 3: HistoPyramid build per variant, as a multiple of the copy pass.
    pivot(
        r, kTableHp,
        "Table 3 — HistoPyramid build (· multiple of the copy pass · of the compute read floor over the same "
        "bytes · input GB/s)",
        "method", stageRows(r, kTableHp, "build"), false, true, nullptr,
        {{"paper: single", "~2000", "20", "6"},
         {"paper: vec4", "~2000", "20", "6"},
         {"paper: rect", "30", "10", "2"}});
    // Table 4: PointList per variant, with the count read back (paper) and kept on the GPU.
    std::vector<std::pair<std::string, std::string>> listRows;
    for (const char* stage : {"list-readback", "list-resident"})
        for (const auto& row : stageRows(r, kTableHp, stage))
            listRows.push_back(row);
    pivot(r, kTableHp, "Table 4 — PointList (list-readback: the count read back, list-resident: kept on the GPU)",
          "method", listRows, true, false, nullptr,
          {{"paper: single", "16", "12", "~6"},
           {"paper: vec4", "14", "7", "~6"},
           {"paper: rect", "9", "6", "~2"}});

    // The peers: atlas -> point buffer, each checked against the same voxel set.
    if (!distinct(r, kTablePeers, &Measurement::input).empty()) {
        std::printf("### Peers — atlas (or its bits) to point buffer (× copy pass, × compute read floor over "
                    "the bytes the method reads, input GB/s)\n\n"
                    "| atlas | method | active cells | total ms | × copy | × read | GB/s | timer | check |\n"
                    "|---|---|---:|---:|---:|---:|---:|---|---|\n");
        for (const Measurement& m : r.rows)
            if (m.table == std::string(kTablePeers))
                std::printf("| %s | %s | %u | %s | %.2f× | %.2f× | %.3g | %s | %s |\n", m.input.c_str(),
                            m.method.c_str(), m.count, ms(m.time).c_str(), m.overCopy(), m.overRead(),
                            m.gbPerSecond(), gl::timerSourceName(m.timer), m.check.c_str());
        footer(r, "per row (CPU peers: cpu-fenced)");
    }

    // Count read back vs kept on the GPU.
    pivot(
        r, kTableResident,
        "GPU-resident — count read back vs kept on the GPU (frame: voxelize (model sources), build, list)",
        "method / stage",
        [&] {
            std::vector<std::pair<std::string, std::string>> rows;
            for (const std::string& method : distinct(r, kTableResident, &Measurement::method))
                for (const char* stage :
                     {"list-readback", "list-resident", "frame-readback", "frame-resident"})
                    for (const Measurement& m : r.rows)
                        if (m.table == std::string(kTableResident) && m.method == method &&
                            m.stage == stage &&
                            std::find(rows.begin(), rows.end(), std::make_pair(method, std::string(stage))) ==
                                rows.end())
                            rows.push_back({method, stage});
            return rows;
        }(),
        true, false, "cpu-fenced (wall clock: a readback's stall is what is measured)");

    // Scaling.
    if (!distinct(r, kTableScaling, &Measurement::input).empty()) {
        std::printf(
            "### Scaling — side³ volumes\n\n"
            "| volume | voxels | active | method | stage | ms | × copy | × read | GB/s | ns / voxel | ns / "
            "active point |\n"
            "|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (const Measurement& m : r.rows)
            if (m.table == std::string(kTableScaling))
                std::printf("| %s | %lld | %u | %s | %s | %s | %.2f× | %.2f× | %.3g | %.3f | %.1f |\n",
                            m.input.c_str(), (long long)m.cells, m.count, m.method.c_str(), m.stage.c_str(),
                            timed(&m, false).c_str(), m.overCopy(), m.overRead(), m.gbPerSecond(),
                            m.time.median * 1e6 / double(std::max<std::int64_t>(m.cells, 1)),
                            m.time.median * 1e6 / double(std::max<std::uint32_t>(m.count, 1)));
        footer(r, nullptr);
    }
    for (const Skipped& s : r.skipped)
        std::printf("- skipped: %s %s %s: %s\n", s.table.c_str(), s.method.c_str(), s.input.c_str(),
                    s.reason.c_str());
}

} // namespace dicer::bench
