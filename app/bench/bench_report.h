// dicer-bench's results: one Measurement per (table, method, input, stage), printed as Markdown tables shaped
// like the paper's (Table 2: the CPU path, Table 3: HistoPyramid build, Table 4: PointList) plus the peers,
// the GPU-resident comparison and the scaling sweep, and written as CSV and JSON that name the renderer and
// the timer source of every number.
#pragma once

#include "result.h"
#include "timer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dicer::bench {

// Table names (Measurement::table).
inline constexpr const char* kTableVoxel = "voxelize";    // active cells, voxelization per method (1)
inline constexpr const char* kTableHp = "hp";             // HistoPyramid build + PointList per variant (3, 4)
inline constexpr const char* kTableCpu = "cpu";           // the CPU path stage by stage (Table 2)
inline constexpr const char* kTablePeers = "peers";       // every method, atlas -> point buffer
inline constexpr const char* kTableResident = "resident"; // count read back vs kept on the GPU
inline constexpr const char* kTableScaling = "scaling";   // side^3 volumes
// --voxelizer: every voxelization method per volume preset, and the teapot's active cells per rule.
inline constexpr const char* kTableVoxelizer = "voxelizer";
inline constexpr const char* kTableVoxelizerCounts = "voxelizer-counts";
inline constexpr const char* kTableVoxelizerBits = "voxelizer-bits"; // the same with --voxels bits
// --scaling --voxels: side^3 volumes voxelized into the atlas and/or the bits, built and listed
// (bench_voxel_scaling.cpp).
inline constexpr const char* kTableVoxelScaling = "voxel-scaling";
// --sort: the GPU and CPU sorts, ns per key (bench_sort.cpp).
inline constexpr const char* kTableSort = "sort";

struct Measurement {
    std::string table, method;
    std::string
        stage; // build, list, list-resident, download, traverse-1t, traverse-mt, upload, total, frame-*
    std::string input;       // "4096²", "256³"
    std::int64_t cells = 0;  // atlas texels (scaling: voxels)
    std::uint32_t count = 0; // active cells
    gl::Summary time;
    gl::TimerSource timer = gl::TimerSource::CpuFenced;
    double copyMs = 0; // the copy pass over the same atlas (0: not measured)
    // The honest yardstick: the compute read pass over the bytes this method reads (the atlas, or the bits
    // for a bits row), and that byte count. 0: not measured.
    double readMs = 0;
    std::int64_t readBytes = 0;
    std::string check = "-"; // "exact", "same set", "-" (not a result), or what differs
    bool ok = true;          // false: the result differs from the expected voxel set
    double overCopy() const { return copyMs > 0 ? time.median / copyMs : 0; }
    double overRead() const { return readMs > 0 ? time.median / readMs : 0; } // "× read floor"
    // Input bytes per second of this measurement (GB/s = 1e9 bytes/s); 0 without readBytes.
    double gbPerSecond() const { return time.median > 0 ? double(readBytes) / (time.median * 1e6) : 0; }
};

struct Skipped {
    std::string table, method, input, reason;
};

struct RunInfo {
    std::string renderer, platform, source;
    bool paperModel = false; // the teapot voxelized with the paper's slicing rule: its figures apply
    gl::TimerSource timer = gl::TimerSource::CpuFenced;
    int reps = 0, warmup = 0;
};

struct Report {
    RunInfo run;
    std::vector<Measurement> rows;
    std::vector<Skipped> skipped;
    bool allOk() const;
};

void printMarkdown(const Report& report);
// The head of a Markdown table with a row per method and a column per input: "| <first> | <column> | ... |"
// and its rule line, the columns right-aligned (numbers). bench_tables.cpp.
void printTableHead(const std::string& first, const std::vector<std::string>& columns);
void printVoxelizerMarkdown(const Report& report);    // bench_voxelizer.cpp, called by printMarkdown
void printSortMarkdown(const Report& report);         // bench_sort.cpp, called by printMarkdown
void printVoxelScalingMarkdown(const Report& report); // bench_voxel_scaling.cpp, called by printMarkdown
Result<void> writeCsv(const std::string& path, const Report& report);
Result<void> writeJson(const std::string& path, const Report& report);

} // namespace dicer::bench
