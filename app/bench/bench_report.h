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
// --voxelizer: every vox method per volume preset, and the teapot's active cells per rule.
inline constexpr const char* kTableVoxelizer = "voxelizer";
inline constexpr const char* kTableVoxelizerCounts = "voxelizer-counts";
inline constexpr const char* kTableVoxelizerBits = "voxelizer-bits"; // the same with --voxels bits
// --scaling --voxels: side^3 volumes voxelized into the atlas and/or the bits, built and listed
// (bench_voxel_scaling.cpp).
inline constexpr const char* kTableVoxelScaling = "voxel-scaling";
// --volume: scalar volumes discriminated, built and listed per method, the band fixed or moving (bench_volume.cpp).
inline constexpr const char* kTableVolume = "volume";
// --mc: marching cubes per volume (bench_mc.cpp: count, build, expand, total)
inline constexpr const char* kTableMc = "mc";
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
    // --scaling --voxels: cells are the volume's voxels and count the list's points, so the time per voxel and
    // per point apply; and the memory held by the row's voxelizer output (atlas texture, dense bits, or the
    // sparse index + pool). 0 elsewhere (not measured).
    bool perVoxel = false;
    std::int64_t memoryBytes = 0;
    double nsPerVoxel() const { return perVoxel && cells > 0 ? time.median * 1e6 / double(cells) : 0; }
    double nsPerPoint() const { return perVoxel && count > 0 ? time.median * 1e6 / double(count) : 0; }
    double overCopy() const { return copyMs > 0 ? time.median / copyMs : 0; }
    double overRead() const { return readMs > 0 ? time.median / readMs : 0; } // "× read floor"
    // Input bytes per second of this measurement (GB/s = 1e9 bytes/s); 0 without readBytes.
    double gbPerSecond() const { return time.median > 0 ? double(readBytes) / (time.median * 1e6) : 0; }
};

// A measurement not taken, and why (e.g. a volume past a driver limit, named with its value): one row
// "skipped" in the Markdown table of its kind, in the CSV (stage "skipped", the reason in check) and the JSON's
// "skipped" list. Never a failure.
struct Skipped {
    std::string table, method, input, reason;
};

// --volume: one scalar volume as loaded (the header of its tables) and one line per output and method row.
struct VolumeInfo {
    std::string name;                         // "metaballs:256", "quarter.nhdr"
    std::string size;                         // "256x256x256"
    std::string type;                         // "uint16"
    std::string range;                        // the values without NaN, "[0, 65535]"
    std::string band, sweep;                  // "[32768, 34303]"; the bands the sweep moves through
    std::int64_t bytes = 0;                   // voxels x bytes per voxel: what the discriminator reads
    double loadMs = 0, uploadMs = 0;          // the file read or the field generated; the 3D texture upload
    std::uint64_t active = 0;                 // the CPU reference's count for the band (volume_reference.h)
    std::uint64_t sweepMin = 0, sweepMax = 0; // and its least and most over the sweep's bands
};
struct VolumeRow {
    std::string volume, output, method;                  // volume: VolumeInfo::name
    std::uint32_t active = 0;                            // the list's count (checked)
    gl::Summary discriminate, build, list, total, sweep; // list: samples 0 for a one-pass method
    // The floors: the bytes each stage must read at least (the volume; the output; the points written, 16
    // bytes each) over the read bandwidth measured in the same rounds (readGBs).
    double floorDiscriminate = 0, floorBuild = 0, floorList = 0, readGBs = 0;
    std::string check = "-", sweepCheck = "-";
    bool ok = true;
    double floorTotal() const { return floorDiscriminate + floorBuild + floorList; }
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
    std::vector<VolumeInfo> volumes; // --volume
    std::vector<VolumeRow> volumeRows;
    bool allOk() const;
};

void printMarkdown(const Report& report);
// The head of a Markdown table with a row per method and a column per input: "| <first> | <column> | ... |"
// and its rule line, the columns right-aligned (numbers). bench_tables.cpp.
void printTableHead(const std::string& first, const std::vector<std::string>& columns);
void printVoxelizerMarkdown(const Report& report);    // bench_voxelizer.cpp, called by printMarkdown
void printSortMarkdown(const Report& report);         // bench_sort.cpp, called by printMarkdown
void printVoxelScalingMarkdown(const Report& report); // bench_voxel_scaling_tables.cpp, by printMarkdown
void printVolumeMarkdown(const Report& report);       // bench_volume_tables.cpp, called by printMarkdown
Result<void> writeCsv(const std::string& path, const Report& report);
Result<void> writeJson(const std::string& path, const Report& report);

} // namespace dicer::bench
