#include "benchmark.h"

#include "file_read.h"
#include "log.h"

#include <cstdio>

namespace dicer::app {
namespace {

std::string number(std::optional<double> v, const char* format = "%.3f") {
    if (!v) return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, format, *v);
    return buf;
}

} // namespace

std::string csvField(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"'; // doubled
        out += c;
    }
    out += '"';
    return out;
}

std::string benchmarkHeader() {
    std::string h = "frame,surface,renderer,gl_version,timer,model,method,preset,points";
    for (const frame::StageInfo& stage : frame::kStages) {
        h += ',';
        h += stage.column;
    }
    h += ",frame_ms,fps\n";
    return h;
}

Result<BenchmarkLog> BenchmarkLog::open(const std::filesystem::path& file, int warmupFrames) {
    if (Result<void> r = writeWholeFile(file, benchmarkHeader(), "benchmark CSV"); !r)
        return makeError(r.error());
    BenchmarkLog log;
    log.m_file = file;
    log.m_warmup = warmupFrames;
    return log;
}

void BenchmarkLog::stageSample(int at, std::string_view stage, double ms) {
    if (at < m_warmup) return;
    if (std::optional<frame::Stage> s = frame::findStage(stage))
        m_rows[at].stageMs[size_t(*s)] = ms;
    else // every timed stage is a row of frame::kStages: a name that is not is a programming error
        log::error("benchmark CSV: '%.*s' is no frame stage (frame_stages.h)", int(stage.size()),
                   stage.data());
}

void BenchmarkLog::frameTime(int frame, double ms) {
    if (frame >= m_warmup) m_rows[frame].frameMs = ms;
}

void BenchmarkLog::points(int frame, std::optional<std::uint32_t> count) {
    if (frame >= m_warmup) m_rows[frame].points = count;
}

std::string BenchmarkLog::text() const {
    // Appends only: GCC 12 warns (-Wrestrict, a false positive) on "," + std::string temporaries.
    std::string fixed;
    for (const std::string* field : {&m_run.surface, &m_run.renderer, &m_run.glVersion, &m_run.timer,
                                     &m_run.model, &m_run.method, &m_run.preset}) {
        fixed += ',';
        fixed += csvField(*field);
    }
    std::string out = benchmarkHeader();
    for (const auto& [frame, row] : m_rows) {
        out += std::to_string(frame);
        out += fixed;
        out += ',';
        if (row.points) out += std::to_string(*row.points);
        for (const std::optional<double>& ms : row.stageMs) {
            out += ',';
            out += number(ms);
        }
        std::optional<double> fps;
        if (row.frameMs && *row.frameMs > 0) fps = 1000.0 / *row.frameMs;
        out += ',';
        out += number(row.frameMs);
        out += ',';
        out += number(fps, "%.2f");
        out += '\n';
    }
    return out;
}

Result<void> BenchmarkLog::write() const {
    return writeWholeFile(m_file, text(), "benchmark CSV");
}

} // namespace dicer::app
