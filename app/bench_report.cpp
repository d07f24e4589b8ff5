#include "bench_report.h"

#include <cstdio>
#include <fstream>

namespace dicer::bench {

void printMarkdown(const RunInfo& run, const std::vector<Row>& rows) {
    std::printf("| variant | storage | build path | atlas | active cells | HP build ms | PointList ms (count "
                "readback) | PointList ms (GPU-resident) | copy pass ms | build / copy | verify |\n");
    std::printf("|---|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const Row& r : rows) {
        std::string verify = r.verify.ok() ? "exact" : std::to_string(r.verify.mismatches) + " mismatches";
        std::printf(
            "| %s | %s | %s | %d² | %u | %.2f (%.2f–%.2f) | %.2f (%.2f–%.2f) | %.2f | %.2f | %.2f× | %s |\n",
            r.variant.c_str(), r.storage.c_str(), r.path.c_str(), r.size, r.count, r.build.median,
            r.build.min, r.build.max, r.list.median, r.list.min, r.list.max, r.listIndirect.median,
            r.copy.median, r.build.median / r.copy.median, verify.c_str());
    }
    std::printf("\nmedian (min–max) of %d runs after %d warm-up runs; timer: %s; renderer: %s; EGL: %s\n",
                run.reps, run.warmup, timerSourceName(run.timer), run.renderer.c_str(), run.platform.c_str());
}

bool writeCsv(const std::string& path, const RunInfo& run, const std::vector<Row>& rows) {
    std::ofstream csv(path);
    csv << "renderer,timer,variant,storage,build_path,atlas,active_cells,build_median_ms,build_min_ms,build_"
           "max_ms,"
           "list_median_ms,list_indirect_median_ms,copy_median_ms,build_over_copy,verify_mismatches\n";
    for (const Row& r : rows)
        csv << '"' << run.renderer << "\"," << timerSourceName(run.timer) << ',' << r.variant << ','
            << r.storage << ',' << r.path << ',' << r.size << ',' << r.count << ',' << r.build.median << ','
            << r.build.min << ',' << r.build.max << ',' << r.list.median << ',' << r.listIndirect.median
            << ',' << r.copy.median << ',' << r.build.median / r.copy.median << ',' << r.verify.mismatches
            << '\n';
    return bool(csv);
}

} // namespace dicer::bench
