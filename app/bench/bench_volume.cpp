// dicer-bench --volume NAME[:N]|FILE [--band LO,HI] (the volume tables and their targets): scalar volumes through
// the demo's own frame (engine/frame/frame.h: the same settings, stage calls and Verify). Each volume is loaded
// (a file read, or a built-in field generated: timed), uploaded once into its 3D texture (timed), then per
// voxel output (--voxels, both by default) the discriminator writes the band's voxels and every method row of
// that output builds and lists them (the rows the other tables run: the paper variants per --storage and
// --path, hp_compute and the GPU peers on the atlas; hp_bits on the bits; --method narrows them).
//
// Timed per output, interleaved (gl::measureInterleaved: each round runs every stage once, so the load of the
// shared cores spreads over all of them): the read floor's pass, discriminate, then per row build, list and
// the total (discriminate + build + list), then per row the SWEEP: discriminate + build + list with the band
// moved one step every repetition (the demo's band slider; no count is read back for a band change, as in the
// demo). Medians after warm-up, as every table.
//
// THE FLOORS: the bytes a stage must read at least (discriminate: the volume, voxels x bytes per voxel; build:
// the output, 4 bytes a texel of the atlas or 1 bit a voxel; list: the points it writes, 16 bytes each) over
// the read bandwidth of a compute read pass (read_pass.h) over a 64 MiB buffer, measured in the same rounds.
//
// THE CHECKS: every row's list against the CPU reference over the output read back (Frame::verify: exact,
// tolerance 0), and that output's count against the CPU reference of the discriminator over the volume
// (volume_reference.h activeCount, in doubles from the band's definition). After the timing, once more with
// the sweep's farthest band (count read again first).
#include "bench_context.h"

#include "band.h"
#include "input_table.h"
#include "builtin_volumes.h"
#include "frame.h"
#include "method_table.h"
#include "volume_file.h"
#include "volume_reference.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace dicer::bench {
namespace {

constexpr std::int64_t kPointBytes = 16;                         // one uvec4 entry per point (point_buffer.h)
// The sweep's band offsets in steps, one per repetition: a triangle wave around the asked band, so the band
// keeps moving and the active count rises and falls as under a slider dragged back and forth.
constexpr std::array<int, 16> kSweepOffsets = {0, 1, 2, 3, 4, 3, 2, 1, 0, -1, -2, -3, -4, -3, -2, -1};
constexpr int kSweepCheckOffset = 4; // the band the sweep is checked at afterwards (its farthest)

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// One step of the sweep: an eighth of the band's width, at least 1/1024 of the data's range, at least one
// unit of an integer type (every finite candidate; 1 if none is).
double sweepStep(volume::Band band, volume::ValueRange range, volume::ScalarType type) {
    double step = 0;
    for (double s : {(band.hi - band.lo) / 8, (range.max - range.min) / 1024})
        if (std::isfinite(s)) step = std::max(step, s);
    if (volume::isInteger(type)) step = std::ceil(step);
    return step > 0 ? step : 1.0;
}

volume::Band shifted(volume::Band band, double step, int offset) {
    return {band.lo + offset * step, band.hi + offset * step};
}

// A method row with one choice of its options (as the HistoPyramid tables sweep --storage and --path).
struct RowConfig {
    methods::MethodId row;
    hp::Storage storage = hp::Storage::Uint32;
    hp::BuildPath path = hp::BuildPath::Compute;
    std::string label;
};

// Every row of the method table that reads `output` and runs on the GPU (frame::offersMethod), per storage
// and build path of the run that the row offers; --method narrows them.
std::vector<RowConfig> rowConfigs(const Bench& b, occupancy::VoxelOutput output) {
    std::vector<RowConfig> rows;
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& info = methods::methodInfo(id);
        if (!frame::offersMethod(output, id)) continue;
        if (!b.opt.methods.empty() && !b.selected(id)) continue;
        std::vector<hp::Storage> storages;
        for (hp::Storage s : b.opt.storages)
            if (std::find(storages.begin(), storages.end(), info.storageFor(s)) == storages.end())
                storages.push_back(info.storageFor(s));
        std::vector<hp::BuildPath> paths;
        for (hp::BuildPath p : b.opt.paths)
            if (std::find(info.buildPaths.begin(), info.buildPaths.end(), p) != info.buildPaths.end())
                paths.push_back(p);
        if (info.storages.empty()) storages = {hp::Storage::Uint32};
        if (info.buildPaths.empty()) paths = {hp::BuildPath::Compute};
        for (hp::Storage s : storages)
            for (hp::BuildPath p : paths) {
                const hp::MethodOptions options{s, p};
                const std::string label = info.storages.empty() && info.buildPaths.empty()
                                              ? std::string(info.name)
                                              : methods::MethodConfig{&info, options}.label();
                rows.push_back({id, s, p, label});
            }
    }
    return rows;
}

// One loaded volume on one frame: its outputs, timed and checked.
struct VolumeBench {
    Bench& b;
    frame::Frame& frame;
    const volume::ScalarVolume& volume;
    VolumeInfo& info;
    volume::Band band;
    double step = 1;
    std::map<int, std::uint64_t> sweepCounts; // offset -> the CPU reference's count
    GLuint floorBuffer = 0;
    std::int64_t floorBytes = 0;

    frame::FrameSettings settingsFor(occupancy::VoxelOutput output, const RowConfig& row, volume::Band at) const {
        frame::FrameSettings s;
        s.input = frame::kVolumeInput;
        s.voxels = output;
        s.method = row.row;
        s.storage = row.storage;
        s.buildPath = row.path;
        s.band = at;
        s.listPath = hp::ListPath::Resident; // the demo's default path: the count stays on the GPU
        return s;
    }
    // One frame, the count read again first, and its check: the list against the output read back, the
    // output's count against the CPU reference `expected`. A stage's error (e.g. more points than the driver's
    // largest point buffer holds) is no difference: the caller skips the row, naming the reason.
    struct Check {
        std::string text;
        bool ok = false, error = false;
    };
    Check checkedFrame(const frame::FrameSettings& s, std::uint64_t expected, std::uint32_t* count);
    bool run(occupancy::VoxelOutput output);
};

VolumeBench::Check VolumeBench::checkedFrame(const frame::FrameSettings& s, std::uint64_t expected,
                                             std::uint32_t* count) {
    Result<void> r = frame.apply(s);
    frame.resync();
    frame.voxelize(glm::mat4(1.f));
    if (r) r = frame.build();
    if (r) r = frame.list();
    if (!r) return {r.error(), false, true};
    const hp::VerifyReport report = frame.verify();
    if (count) *count = report.gpuCount;
    // A list cut at the driver's storage blocks is right as far as it goes, and no measurement of the volume:
    // the row is skipped, naming the limit.
    if (report.verdict() == hp::VerifyReport::Verdict::Incomplete) return {report.describe(), false, true};
    if (!report.ok()) return {report.describe(), false, false};
    if (report.cpuCount != expected)
        return {"discriminated " + std::to_string(report.cpuCount) + " voxels, the CPU reference " +
                    std::to_string(expected),
                false, false};
    return {frame.method()->order() != hp::EntryOrder::Unordered ? "exact" : "same set", true, false};
}

bool VolumeBench::run(occupancy::VoxelOutput output) {
    const std::string out = occupancy::voxelOutputName(output);
    std::vector<RowConfig> rows = rowConfigs(b, output);
    if (rows.empty()) return true;
    if (Result<void> set = frame.apply(settingsFor(output, rows.front(), band)); !set) { // e.g. too large
        std::fprintf(stderr, "dicer-bench: volume %s %s skipped: %s\n", info.name.c_str(), out.c_str(),
                     set.error().c_str());
        b.report.skipped.push_back({kTableVolume, out, info.name, set.error()});
        return true;
    }
    const frame::VoxelSource& source = frame.source();
    const std::int64_t outputBytes = output == occupancy::VoxelOutput::Atlas
                                         ? std::int64_t(source.atlasSize()) * source.atlasSize() * 4
                                         : source.bitsBytes();
    bool ok = true;
    std::vector<VolumeRow> results;
    std::vector<RowConfig> checked;
    for (const RowConfig& row : rows) {
        b.progress.step("volume " + info.name + " " + out + ": " + row.label + ", checked");
        VolumeRow v;
        v.volume = info.name;
        v.output = out;
        v.method = row.label;
        const Check c = checkedFrame(settingsFor(output, row, band), info.active, &v.active);
        if (c.error) { // a limit of this driver, not a difference: a named skip
            std::fprintf(stderr, "dicer-bench: volume %s %s skipped: %s\n", info.name.c_str(),
                         row.label.c_str(), c.text.c_str());
            b.report.skipped.push_back({kTableVolume, row.label, info.name, c.text});
            continue;
        }
        v.check = c.text;
        v.ok = c.ok;
        ok = ok && v.ok;
        results.push_back(v);
        checked.push_back(row);
    }
    rows = checked;
    if (rows.empty()) return ok;

    // The stages, interleaved. Each selects its row and band first (Frame::apply: a method or band change
    // reads no count); the discriminate at the head of each round restores the asked band after the sweeps.
    std::vector<std::function<void()>> configs;
    configs.push_back([&] { (void)b.read.runBuffer(floorBuffer, floorBytes); });
    configs.push_back([&] {
        (void)frame.apply(settingsFor(output, rows.front(), band));
        frame.voxelize(glm::mat4(1.f));
    });
    for (const RowConfig& row : rows) {
        const frame::FrameSettings s = settingsFor(output, row, band);
        configs.push_back([this, s] {
            (void)frame.apply(s);
            (void)frame.build();
        });
        configs.push_back([this, s] {
            (void)frame.apply(s);
            (void)frame.list();
        });
        configs.push_back([this, s] {
            (void)frame.apply(s);
            frame.voxelize(glm::mat4(1.f));
            (void)frame.build();
            (void)frame.list();
        });
    }
    std::vector<size_t> repetition(rows.size(), 0);
    for (size_t i = 0; i < rows.size(); ++i) {
        configs.push_back([this, &repetition, &rows, i, output] {
            const int offset = kSweepOffsets[repetition[i]++ % kSweepOffsets.size()];
            (void)frame.apply(settingsFor(output, rows[i], shifted(band, step, offset)));
            frame.voxelize(glm::mat4(1.f));
            (void)frame.build();
            (void)frame.list();
        });
    }
    b.progress.step("volume " + info.name + " " + out + ": timing every stage, interleaved");
    const gl::TimerSource timer = b.report.run.timer;
    const std::vector<gl::Summary> times = gl::measureInterleaved(timer, b.opt.warmup, b.opt.reps, configs);
    const double gbPerSecond = times[0].median > 0 ? double(floorBytes) / (times[0].median * 1e6) : 0;
    auto floorMs = [&](std::int64_t bytes) {
        return gbPerSecond > 0 ? double(bytes) / (gbPerSecond * 1e6) : 0;
    };

    Measurement m;
    m.table = kTableVolume;
    m.input = info.name;
    m.cells = volume.voxelCount();
    m.timer = timer;
    auto add = [&](const std::string& method, const char* stage, const gl::Summary& time, std::int64_t bytes,
                   std::uint32_t count, const std::string& check, bool rowOk) {
        m.method = method;
        m.stage = stage;
        m.time = time;
        m.count = count;
        m.readBytes = bytes;
        m.readMs = floorMs(bytes);
        m.check = check;
        m.ok = rowOk;
        b.report.rows.push_back(m);
    };
    add(out, "read floor", times[0], floorBytes, 0, "-", true);
    add("discriminate → " + out, "discriminate", times[1], info.bytes, std::uint32_t(info.active), "-", true);
    for (size_t i = 0; i < rows.size(); ++i) {
        b.progress.step("volume " + info.name + " " + out + ": " + rows[i].label + ", the sweep checked");
        VolumeRow& v = results[i];
        const methods::MethodInfo& method = methods::methodInfo(rows[i].row);
        const std::int64_t pointBytes = std::int64_t(v.active) * kPointBytes;
        v.discriminate = times[1];
        v.build = times[2 + 3 * i];
        v.list = times[3 + 3 * i];
        v.total = times[4 + 3 * i];
        v.sweep = times[2 + 3 * rows.size() + i];
        if (!method.listStage) v.list.samples = 0; // one pass: build wrote the points
        v.readGBs = gbPerSecond;
        v.floorDiscriminate = floorMs(info.bytes);
        v.floorBuild = floorMs(outputBytes + (method.listStage ? 0 : pointBytes));
        v.floorList = method.listStage ? floorMs(pointBytes) : 0;
        const Check sweepCheck =
            checkedFrame(settingsFor(output, rows[i], shifted(band, step, kSweepCheckOffset)),
                         sweepCounts[kSweepCheckOffset], nullptr);
        v.sweepCheck = sweepCheck.error ? "not checked: " + sweepCheck.text : sweepCheck.text;
        const bool sweepOk = sweepCheck.ok || sweepCheck.error;
        v.ok = v.ok && sweepOk;
        ok = ok && v.ok;
        add(v.method, "build", v.build, outputBytes, v.active, v.check, v.ok);
        if (method.listStage) add(v.method, "list", v.list, pointBytes, v.active, v.check, v.ok);
        add(v.method, "total", v.total, info.bytes + outputBytes + pointBytes, v.active, v.check, v.ok);
        add(v.method, "sweep", v.sweep, info.bytes + outputBytes + pointBytes, v.active, v.sweepCheck,
            sweepOk);
        b.report.volumeRows.push_back(v);
    }
    // Leave the frame at the asked band, its count read again.
    (void)checkedFrame(settingsFor(output, rows.front(), band), info.active, nullptr);
    return ok;
}

// A volume: load, band, the CPU reference's counts, a frame with only the rows it times, the upload, then
// every output.
Result<bool> runVolume(Bench& b, const std::string& spec, GLuint floorBuffer, std::int64_t floorBytes) {
    const auto start = std::chrono::steady_clock::now();
    Result<volume::ScalarVolume> loaded =
        volume::isBuiltinVolume(spec) ? volume::loadBuiltinVolume(spec) : volume::loadVolumeFile(spec);
    if (!loaded) return makeError("cannot load the volume: " + loaded.error());
    VolumeInfo info;
    info.loadMs = msSince(start);
    const volume::ScalarVolume& v = *loaded;
    for (const std::string& note : v.notes)
        std::fprintf(stderr, "dicer-bench: %s: %s\n", v.name.c_str(), note.c_str());
    for (const std::string& warning : v.warnings)
        std::fprintf(stderr, "dicer-bench: warning: %s\n", warning.c_str());
    info.name = v.name;
    info.size = sizeText(v.size);
    info.type = volume::scalarTypeName(v.type);
    info.bytes = v.byteCount();
    const std::optional<volume::ValueRange> range = volume::valueRange(v);
    info.range = range ? volume::bandText({range->min, range->max}) : "every value NaN";
    Result<volume::Band> asked = volume::startingBand(b.opt.band, &v, range);
    if (!asked) return makeError(v.name + ": --band: " + asked.error());
    const volume::Band band = *asked;
    info.band = volume::bandText(band);
    const double step = range ? sweepStep(band, *range, v.type) : 1.0;

    b.progress.step("volume " + spec + ": the CPU reference's counts");
    std::map<int, std::uint64_t> counts;
    for (int offset : kSweepOffsets)
        if (!counts.count(offset)) counts[offset] = volume::activeCount(v, shifted(band, step, offset));
    info.active = counts[0];
    info.sweepMin = info.sweepMax = info.active;
    for (const auto& [offset, n] : counts) {
        info.sweepMin = std::min(info.sweepMin, n);
        info.sweepMax = std::max(info.sweepMax, n);
    }
    info.sweep = volume::bandText(shifted(band, step, -kSweepCheckOffset)) + " … " +
                 volume::bandText(shifted(band, step, kSweepCheckOffset)) + " in steps of " +
                 volume::valueText(step);

    // The frame: only the rows this run times are built.
    // The outputs a volume's discriminator writes (frame/input_table.h), unless --voxels names others.
    const std::span<const occupancy::VoxelOutput> writes = frame::inputInfo(frame::kVolumeInput).outputs;
    std::vector<occupancy::VoxelOutput> outputs = b.opt.voxelOutputsOr({writes.begin(), writes.end()});
    std::vector<methods::MethodId> timed;
    for (occupancy::VoxelOutput output : outputs)
        for (const RowConfig& row : rowConfigs(b, output))
            timed.push_back(row.row);
    auto created = frame::Frame::create(b.shaders, b.info, [&](methods::MethodId row) {
        return std::find(timed.begin(), timed.end(), row) != timed.end();
    });
    if (!created) return makeError(created.error());
    frame::Frame& frame = **created;
    b.progress.step("volume " + spec + ": upload");
    const auto uploadStart = std::chrono::steady_clock::now();
    if (Result<void> r = frame.setVolume(v); !r) return makeError("cannot upload the volume: " + r.error());
    glFinish();
    info.uploadMs = msSince(uploadStart);

    Measurement m;
    m.table = kTableVolume;
    m.method = "cpu";
    m.input = info.name;
    m.cells = v.voxelCount();
    m.count = std::uint32_t(info.active);
    m.timer = gl::TimerSource::CpuFenced;
    m.stage = "load";
    m.time = {info.loadMs, info.loadMs, info.loadMs, 1};
    b.report.rows.push_back(m);
    m.stage = "upload";
    m.time = {info.uploadMs, info.uploadMs, info.uploadMs, 1};
    b.report.rows.push_back(m);

    VolumeBench run{b, frame, v, info, band, step, counts, floorBuffer, floorBytes};
    bool ok = true;
    for (occupancy::VoxelOutput output : outputs)
        ok = run.run(output) && ok;
    b.report.volumes.push_back(info);
    return ok;
}

} // namespace

Result<bool> runVolumeTables(Bench& b) {
    Result<ReadFloorBuffer> floor = makeReadFloorBuffer(b.info);
    if (!floor) return makeError(floor.error());
    bool ok = true;
    for (const std::string& spec : b.opt.volumes) {
        Result<bool> r = runVolume(b, spec, floor->buffer.id(), floor->bytes);
        if (!r) return makeError(r.error());
        ok = *r && ok;
    }
    return ok;
}

} // namespace dicer::bench
