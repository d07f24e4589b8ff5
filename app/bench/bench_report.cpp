#include "bench_report.h"

#include "file_read.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace dicer::bench {

bool Report::allOk() const {
    for (const Measurement& m : rows)
        if (!m.ok) return false;
    for (const VolumeRow& v : volumeRows)
        if (!v.ok) return false;
    return true;
}

namespace {
std::string csvQuoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
            out += buf;
        } else {
            out += c; // UTF-8 (², ³) passes through
        }
    }
    return out + '"';
}

std::string number(double v) {
    if (!std::isfinite(v)) v = 0; // JSON has no NaN/inf; no measurement produces them
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}
} // namespace

// Both writers build the text in memory and hand it to writeWholeFile: an std::ofstream checked before its
// destructor flushed reported a full disk (or /dev/full) as success.
Result<void> writeCsv(const std::string& path, const Report& report) {
    std::ostringstream csv;
    csv << "table,method,stage,input,cells,active_cells,median_ms,min_ms,max_ms,samples,timer,copy_ms,over_"
           "copy,read_ms,over_read,read_bytes,gb_per_s,ns_per_voxel,ns_per_point,memory_bytes,check,ok,"
           "renderer\n";
    for (const Measurement& m : report.rows)
        csv << m.table << ',' << m.method << ',' << m.stage << ',' << csvQuoted(m.input) << ',' << m.cells
            << ',' << m.count << ',' << number(m.time.median) << ',' << number(m.time.min) << ','
            << number(m.time.max) << ',' << m.time.samples << ',' << gl::timerSourceName(m.timer) << ','
            << number(m.copyMs) << ',' << number(m.overCopy()) << ',' << number(m.readMs) << ','
            << number(m.overRead()) << ',' << m.readBytes << ',' << number(m.gbPerSecond()) << ','
            << number(m.nsPerVoxel()) << ',' << number(m.nsPerPoint()) << ',' << m.memoryBytes << ','
            << csvQuoted(m.check) << ',' << (m.ok ? 1 : 0) << ',' << csvQuoted(report.run.renderer) << '\n';
    // A skipped measurement: its row named "skipped", every number 0, the reason in check (not a failure).
    for (const Skipped& s : report.skipped)
        csv << s.table << ',' << s.method << ",skipped," << csvQuoted(s.input) << ",0,0,0,0,0,0,"
            << gl::timerSourceName(report.run.timer) << ",0,0,0,0,0,0,0,0,0," << csvQuoted(s.reason) << ",1,"
            << csvQuoted(report.run.renderer) << '\n';
    return writeWholeFile(path, csv.str(), "CSV");
}

Result<void> writeJson(const std::string& path, const Report& report) {
    std::ostringstream js;
    const RunInfo& r = report.run;
    js << "{\n  \"renderer\": " << jsonString(r.renderer) << ",\n  \"platform\": " << jsonString(r.platform)
       << ",\n  \"source\": " << jsonString(r.source) << ",\n  \"timer\": \"" << gl::timerSourceName(r.timer)
       << "\",\n  \"reps\": " << r.reps << ",\n  \"warmup\": " << r.warmup
       << ",\n  \"all_checks_passed\": " << (report.allOk() ? "true" : "false") << ",\n  \"measurements\": [";
    for (size_t i = 0; i < report.rows.size(); ++i) {
        const Measurement& m = report.rows[i];
        js << (i ? "," : "") << "\n    {\"table\": " << jsonString(m.table)
           << ", \"method\": " << jsonString(m.method) << ", \"stage\": " << jsonString(m.stage)
           << ", \"input\": " << jsonString(m.input) << ", \"cells\": " << m.cells
           << ", \"active_cells\": " << m.count << ", \"median_ms\": " << number(m.time.median)
           << ", \"min_ms\": " << number(m.time.min) << ", \"max_ms\": " << number(m.time.max)
           << ", \"samples\": " << m.time.samples << ", \"timer\": \"" << gl::timerSourceName(m.timer)
           << "\", \"copy_ms\": " << number(m.copyMs) << ", \"over_copy\": " << number(m.overCopy())
           << ", \"read_ms\": " << number(m.readMs) << ", \"over_read\": " << number(m.overRead())
           << ", \"read_bytes\": " << m.readBytes << ", \"gb_per_s\": " << number(m.gbPerSecond())
           << ", \"ns_per_voxel\": " << number(m.nsPerVoxel())
           << ", \"ns_per_point\": " << number(m.nsPerPoint()) << ", \"memory_bytes\": " << m.memoryBytes
           << ", \"check\": " << jsonString(m.check) << ", \"ok\": " << (m.ok ? "true" : "false") << "}";
    }
    js << "\n  ],\n  \"skipped\": [";
    for (size_t i = 0; i < report.skipped.size(); ++i) {
        const Skipped& s = report.skipped[i];
        js << (i ? "," : "") << "\n    {\"table\": " << jsonString(s.table)
           << ", \"method\": " << jsonString(s.method) << ", \"input\": " << jsonString(s.input)
           << ", \"reason\": " << jsonString(s.reason) << "}";
    }
    js << "\n  ]\n}\n";
    return writeWholeFile(path, js.str(), "JSON");
}

} // namespace dicer::bench
