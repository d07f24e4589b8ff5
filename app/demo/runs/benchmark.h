// `dicer --benchmark FILE.csv`: one CSV row per frame after the --warmup frames, as the GL/Vulkan sample
// suites' benchmark modes write them, so scripts read numbers instead of parsing the text summary. Columns
// (docs/DEMO.md documents them):
//   frame,surface,renderer,gl_version,timer,model,method,preset,points,
//   <one column per frame stage, frame_stages.h: voxelize_ms,hp_build_ms,pointlist_ms,colors_ms,...>,
//   frame_ms,fps
// Stage times come from StageTimers' sample sink (GPU results arrive frames late, so the rows are collected
// in memory and written at the end with writeWholeFile); a stage without a sample for that frame (one the
// frame skipped) is an empty cell.
#pragma once

#include "frame_stages.h"
#include "result.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace dicer::app {

// What stays the same over the run: the columns repeated on every row.
struct BenchmarkRun {
    std::string surface, renderer, glVersion, timer, model, method, preset;
};

// RFC 4180 field: quoted when it holds a comma, quote or line break ("llvmpipe (LLVM 15, 256 bits)").
std::string csvField(std::string_view text);
std::string benchmarkHeader();

class BenchmarkLog {
public:
    // Writes the header at once, so an unwritable path fails before the first frame, not after the last.
    static Result<BenchmarkLog> open(const std::filesystem::path& file, int warmupFrames);

    void setRun(BenchmarkRun run) { m_run = std::move(run); }
    void stageSample(int frame, std::string_view stage, double ms);
    // The frame's wall time, start to the next frame's start (the summary's "frame"): the last frame of a run
    // has none (it also verifies against the CPU reference and writes the screenshot).
    void frameTime(int frame, double ms);
    void points(int frame, std::optional<std::uint32_t> count); // the active count known at the frame's end
    // The header and every frame from --warmup on, as one whole file.
    Result<void> write() const;
    std::string text() const;
    int rowCount() const { return int(m_rows.size()); }

private:
    struct Row {
        std::array<std::optional<double>, frame::kStages.size()> stageMs;
        std::optional<double> frameMs;
        std::optional<std::uint32_t> points;
    };
    std::filesystem::path m_file;
    int m_warmup = 0;
    BenchmarkRun m_run;
    std::map<int, Row> m_rows; // by frame
};

} // namespace dicer::app
