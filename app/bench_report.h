// dicer-bench's output: one row per (atlas, variant, storage, build path), printed as a Markdown table shaped
// like the paper's and optionally as CSV that names the renderer and the timer source.
#pragma once

#include "hp_reference.h"
#include "timer.h"

#include <string>
#include <vector>

namespace dicer::bench {

struct Row {
    std::string variant, storage, path;
    int size = 0;
    std::uint32_t count = 0;
    Summary build, list, listIndirect, copy;
    hp::VerifyReport verify;
};

struct RunInfo {
    std::string renderer, platform;
    TimerSource timer = TimerSource::CpuFenced;
    int reps = 0, warmup = 0;
};

void printMarkdown(const RunInfo& run, const std::vector<Row>& rows);
bool writeCsv(const std::string& path, const RunInfo& run, const std::vector<Row>& rows);

} // namespace dicer::bench
