// dicer-bench --scaling --voxels atlas|bits|both (issue 10, "one bit per voxel"): the whole frame per side^3
// volume and voxelizer output. The model (--model / --source, teapot by default) is voxelized on the GPU by
// the compute method into the RGBA8 slice atlas (4 bytes a voxel) or the occupancy bits (1/8 byte a voxel),
// then the method rows that read that output build the HistoPyramid and list the points (atlas: hp_compute;
// bits: hp_bits; --variant adds other GPU rows of the same input, e.g. dicer_vec4). Per stage: voxelize
// (clear included), clear alone, build, list, build + list and the frame (voxelize + build + list), each as
// ns per voxel, × the compute read floor over the output's bytes (read_pass.h, measured in the same run) and
// GB/s of those bytes. Every list is checked against the CPU reference of the read-back output (the bits
// set must also equal the atlas set where both ran); a volume an output cannot hold (the atlas at 1024^3:
// a 32768^2 texture) is a named skip, not an error. main() has the rows' plot (per output: voxelize, the frame
// per method and the read floor against the volume; plot_bench.py voxel-scaling) drawn into --plot.
#include "bench_context.h"

#include "bits_reference.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "method_table.h"
#include "model_catalog.h"
#include "volume_layout.h"
#include "voxelizer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

namespace dicer::bench {
namespace {

constexpr VoxelMethod kVoxelMethod = VoxelMethod::Compute; // the fastest on llvmpipe (docs/VOXELIZER.md)

hp::InputKind inputOf(VoxelOutput output) {
    return output == VoxelOutput::Atlas ? hp::InputKind::Atlas : hp::InputKind::Bits;
}

// The rows an output feeds: the default (hp_compute / hp_bits) or the --variant rows of that input that run
// on the GPU with a list stage.
std::vector<const methods::MethodInfo*> rowsFor(const Bench& b, VoxelOutput output) {
    std::vector<const methods::MethodInfo*> rows;
    for (const methods::MethodInfo& info : methods::methodTable()) {
        if (info.input != inputOf(output) || info.family == methods::Family::CpuPeer || !info.listStage)
            continue;
        const bool byDefault =
            std::string(info.name) == (output == VoxelOutput::Atlas ? "hp_compute" : "hp_bits");
        if (b.opt.methods.empty() ? byDefault : b.selected(info.name)) rows.push_back(&info);
    }
    return rows;
}

// The output read back and its voxel set as point entries (the CPU reference): the atlas' active texels
// row-major, or the bits' in key-index order (what hp_bits writes).
std::vector<glm::uvec4> referenceOf(const Voxelizer& vox, const hp::AtlasTiling& tiling) {
    const int side = vox.layout().atlasSize;
    if (vox.output() == VoxelOutput::Bits) {
        std::vector<std::uint32_t> words(size_t(vox.bitsBytes()) / 4);
        glGetNamedBufferSubData(vox.bits(), 0, GLsizeiptr(words.size() * 4), words.data());
        return hp::bitsKeyIndexEntries(words, side, tiling);
    }
    std::vector<std::uint8_t> rgba(size_t(vox.layout().atlasTexelCount()) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(vox.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    std::vector<std::uint8_t> alpha(rgba.size() / 4);
    for (size_t i = 0; i < alpha.size(); ++i)
        alpha[i] = rgba[i * 4 + 3];
    rgba = {};
    return hp::referenceEntries(alpha, side, side, hp::thresholdToByte(kThreshold), tiling);
}

struct Frame {
    Bench& b;
    Voxelizer& vox;
    const VoxelizeParams& params;
    std::map<int, std::vector<glm::uvec4>>& atlasSets; // side -> the atlas output's sorted set
    bool run(int side, VoxelOutput output, std::vector<std::unique_ptr<hp::PointMethod>>& methods,
             const std::vector<const methods::MethodInfo*>& rows);
};

bool Frame::run(int side, VoxelOutput output, std::vector<std::unique_ptr<hp::PointMethod>>& methods,
                const std::vector<const methods::MethodInfo*>& rows) {
    const std::string label = std::to_string(side) + "³";
    const std::string out = voxelOutputName(output);
    const AtlasLimit limit = atlasLimit(output, b.info);
    Result<VolumeLayout> layout = VolumeLayout::make(glm::ivec3(side), limit.side, limit.what);
    Result<void> set = layout ? vox.setLayout(*layout, output) : Result<void>(makeError(layout.error()));
    if (!set) { // e.g. the atlas at 1024^3: a 32768^2 texture, beyond GL_MAX_TEXTURE_SIZE
        std::fprintf(stderr, "dicer-bench: voxel scaling %s %s skipped: %s\n", label.c_str(), out.c_str(),
                     set.error().c_str());
        b.report.skipped.push_back({kTableVoxelScaling, out, label, set.error()});
        return true;
    }
    b.progress.step("voxel scaling " + label + " " + out + ": voxelize and the CPU reference");
    vox.voxelize(params);
    const hp::AtlasTiling tiling{{side, side}, layout->tiles.x, side};
    Expected expected;
    std::vector<glm::uvec4> reference = referenceOf(vox, tiling);
    expected.sorted = hp::sortedEntries(reference);
    (output == VoxelOutput::Bits ? expected.keyIndex : expected.rowMajor) = std::move(reference);
    std::string voxelCheck = "-";
    bool ok = true;
    if (output == VoxelOutput::Atlas) {
        atlasSets[side] = expected.sorted;
    } else if (auto found = atlasSets.find(side); found != atlasSets.end()) {
        ok = found->second == expected.sorted;
        voxelCheck = ok ? "= atlas" : "bits differ from the atlas";
    }
    const auto count = std::uint32_t(expected.sorted.size());
    const std::uint32_t capacity = std::max<std::uint32_t>(count, 1);
    const hp::MethodInput input =
        output == VoxelOutput::Atlas
            ? hp::MethodInput{vox.atlas(), kThreshold, tiling, capacity}
            : hp::MethodInput{0, kThreshold, tiling, capacity, vox.bits(), layout->atlasSize};

    // The yardstick: a compute pass reading the output's bytes once (what a build must read at least).
    const std::int64_t bytes = output == VoxelOutput::Atlas ? layout->atlasTexelCount() * 4 : vox.bitsBytes();
    auto readOnce = [&] {
        return output == VoxelOutput::Atlas
                   ? b.read.runTexture(vox.atlas(), layout->atlasSize, layout->atlasSize)
                   : b.read.runBuffer(vox.bits(), bytes);
    };
    if (Result<void> probe = readOnce(); !probe) {
        std::fprintf(stderr, "dicer-bench: %s\n", probe.error().c_str());
        return false;
    }
    Measurement r;
    r.table = kTableVoxelScaling;
    r.input = label;
    r.cells = layout->voxelCount();
    r.count = count;
    r.timer = b.report.run.timer;
    r.readBytes = bytes;
    // Every stage of this volume and output is timed interleaved (measureInterleaved: each round runs every
    // stage once, in this order), so the other helpers' load on the shared cores spreads over the floor and the
    // stages alike and the × floor ratios compare like with like. The order keeps each stage's input valid:
    // the clear empties the output, the voxelize after it fills it again, each build precedes its list.
    struct Timed {
        std::string method;
        const char* stage;
        std::function<void()> work;
    };
    const std::string voxelizer = std::string(voxelMethodName(kVoxelMethod)) + " → " + out;
    std::vector<Timed> timed;
    timed.push_back({out, "read floor", [&] { (void)readOnce(); }});
    if (output == VoxelOutput::Atlas)
        timed.push_back({voxelizer, "clear",
                         [&] { glClearTexImage(vox.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); }});
    else
        timed.push_back({voxelizer, "clear", [&] {
                             glClearNamedBufferData(vox.bits(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                                    nullptr);
                         }});
    timed.push_back({voxelizer, "voxelize", [&] { vox.voxelize(params); }});
    std::vector<std::pair<std::string, bool>> checks(timed.size(), {voxelCheck, ok}); // per timed stage
    for (size_t i = 0; i < rows.size(); ++i) {
        hp::PointMethod& m = *methods[i];
        const std::string name = m.name();
        b.progress.step("voxel scaling " + label + " " + out + ": " + name + ", checked");
        if (Result<void> first = m.run(input, hp::ListPath::Resident); !first) {
            std::fprintf(stderr, "dicer-bench: voxel scaling %s %s skipped: %s\n", label.c_str(),
                         name.c_str(), first.error().c_str());
            b.report.skipped.push_back({kTableVoxelScaling, name, label, first.error()});
            continue;
        }
        std::string check;
        const std::uint32_t listed = m.listedCount().value_or(std::min(m.readCount(), capacity));
        const bool same =
            checkEntries(m.points().read(listed), listed, expected, expected.inOrder(m.order()), &check);
        ok = ok && same;
        timed.push_back({name, "build", [&m, &input] { (void)m.build(input); }});
        timed.push_back({name, "list", [&m, &input] { (void)m.list(input, hp::ListPath::Resident); }});
        timed.push_back({name, "build + list", [&m, &input] { (void)m.run(input, hp::ListPath::Resident); }});
        timed.push_back({name, "frame", [&, pm = &m] {
                             vox.voxelize(params);
                             (void)pm->run(input, hp::ListPath::Resident);
                         }});
        checks.resize(timed.size(), {check, same});
    }
    b.progress.step("voxel scaling " + label + " " + out + ": timing every stage, interleaved");
    std::vector<std::function<void()>> configs;
    for (const Timed& t : timed)
        configs.push_back(t.work);
    const std::vector<Summary> times = measureInterleaved(r.timer, b.opt.warmup, b.opt.reps, configs);
    r.readMs = times[0].median;
    for (size_t i = 0; i < timed.size(); ++i) {
        r.method = timed[i].method;
        r.stage = timed[i].stage;
        r.time = times[i];
        std::tie(r.check, r.ok) = checks[i];
        b.report.rows.push_back(r);
    }
    return ok;
}

// The output a row belongs to: every name of a bits row says "bits" (hp_bits, "compute → bits", "bits").
const char* outputOfRow(const Measurement& m) {
    return m.method.find("bits") != std::string::npos ? "bits" : "atlas";
}

} // namespace

bool runVoxelScaling(Bench& b) {
    const std::string& name = b.opt.source;
    if (name == "sphere") {
        std::fprintf(stderr,
                     "dicer-bench: --scaling --voxels needs a model (--model), not the CPU-made sphere\n");
        return false;
    }
    Result<PlacedModel> placed = isBuiltinModel(name) ? loadBuiltinModel(name) : loadModelFile(name);
    Result<Voxelizer> voxelizer = Voxelizer::create(b.shaders, b.info);
    if (!placed || !voxelizer) {
        std::fprintf(stderr, "dicer-bench: %s\n", (!placed ? placed.error() : voxelizer.error()).c_str());
        return false;
    }
    Voxelizer& vox = *voxelizer;
    if (Result<void> r = vox.setMesh(placed->mesh); !r) {
        std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
        return false;
    }
    const VoxelizeParams params{placed->placement, b.opt.voxelize.mode, kVoxelMethod, b.opt.voxelize.rule};
    // Created once per output: each resizes its storage when the volume changes.
    std::map<VoxelOutput, std::pair<std::vector<const methods::MethodInfo*>,
                                    std::vector<std::unique_ptr<hp::PointMethod>>>>
        perOutput;
    for (VoxelOutput output : b.opt.voxelOutputs) {
        auto& [rows, methods] = perOutput[output];
        rows = rowsFor(b, output);
        for (const methods::MethodInfo* info : rows) {
            auto created = methods::createMethod(info->name, b.shaders, b.info);
            if (!created) {
                std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
                return false;
            }
            methods.push_back(std::move(created.value()));
        }
    }
    bool ok = true;
    std::map<int, std::vector<glm::uvec4>> atlasSets;
    Frame frame{b, vox, params, atlasSets};
    for (int side : b.opt.volumes) {
        for (VoxelOutput output : b.opt.voxelOutputs)
            ok = frame.run(side, output, perOutput[output].second, perOutput[output].first) && ok;
        atlasSets.erase(side); // up to 16 bytes a voxel of the shell: not kept past its volume
    }
    return ok;
}

namespace {

const Measurement* findRow(const Report& r, const std::string& input, const std::string& method,
                           const char* stage) {
    for (const Measurement& m : r.rows)
        if (m.table == kTableVoxelScaling && m.input == input && m.method == method && m.stage == stage)
            return &m;
    return nullptr;
}

// One line per volume, output and method: the stages side by side (medians), the frame per voxel and the
// build + list and the frame over the read floor.
void printSummary(const Report& r) {
    std::printf("### Voxelized volumes: atlas vs bits, ms (median)\n\n"
                "| volume | output | method | active | read floor (GB/s) | voxelize | clear | build | list | "
                "build + list (× floor) | frame (× floor) | frame ns / voxel |\n"
                "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const Measurement& m : r.rows) {
        if (m.table != kTableVoxelScaling || m.stage != "build") continue;
        const std::string out = outputOfRow(m);
        const std::string voxelizer = std::string(voxelMethodName(kVoxelMethod)) + " → " + out;
        const Measurement* floor = findRow(r, m.input, out, "read floor");
        const Measurement* cells[] = {findRow(r, m.input, voxelizer, "voxelize"),
                                      findRow(r, m.input, voxelizer, "clear"), &m,
                                      findRow(r, m.input, m.method, "list")};
        const Measurement* buildList = findRow(r, m.input, m.method, "build + list");
        const Measurement* frame = findRow(r, m.input, m.method, "frame");
        std::printf("| %s | %s | %s | %u | %.3g (%.3g) |", m.input.c_str(), out.c_str(), m.method.c_str(),
                    m.count, floor ? floor->time.median : 0.0, floor ? floor->gbPerSecond() : 0.0);
        for (const Measurement* c : cells)
            std::printf(c ? " %.3g |" : " – |", c ? c->time.median : 0.0);
        for (const Measurement* c : {buildList, frame})
            std::printf(c ? " %.3g (%.2f×) |" : " – |", c ? c->time.median : 0.0, c ? c->overRead() : 0.0);
        std::printf(" %.3f |\n",
                    frame ? frame->time.median * 1e6 / double(std::max<std::int64_t>(m.cells, 1)) : 0.0);
    }
    std::printf("\n");
}

} // namespace

void printVoxelScalingMarkdown(const Report& r) {
    printSummary(r);
    std::printf(
        "### Scaling — side³ volumes voxelized (%s method), atlas vs bits\n\n"
        "| volume | output | method | stage | active | ms: median (min–max) | ns / voxel | × read floor | "
        "GB/s | check |\n|---|---|---|---|---:|---:|---:|---:|---:|---|\n",
        voxelMethodName(kVoxelMethod));
    for (const Measurement& m : r.rows) {
        if (m.table != kTableVoxelScaling) continue;
        std::printf("| %s | %s | %s | %s | %u | %.3g (%.3g–%.3g) | %.3f | %.2f× | %.3g | %s |\n",
                    m.input.c_str(), outputOfRow(m), m.method.c_str(), m.stage.c_str(), m.count,
                    m.time.median, m.time.min, m.time.max,
                    m.time.median * 1e6 / double(std::max<std::int64_t>(m.cells, 1)), m.overRead(),
                    m.gbPerSecond(), m.check.c_str());
    }
    std::printf(
        "\nms: median of %d runs after %d warm-up runs; timer: %s; renderer: %s; model: %s. "
        "× read floor: the stage's time over a compute pass reading the output's bytes once (atlas: 4 "
        "bytes per atlas texel, bits: 1 bit per texel of the virtual atlas); GB/s: those bytes per "
        "second. frame = voxelize + build + list.\n\n",
        r.run.reps, r.run.warmup, timerSourceName(r.run.timer), r.run.renderer.c_str(), r.run.source.c_str());
    for (const Skipped& s : r.skipped) // e.g. the atlas at 1024^3
        if (s.table == kTableVoxelScaling)
            std::printf("- skipped: %s %s: %s\n", s.input.c_str(), s.method.c_str(), s.reason.c_str());
}

} // namespace dicer::bench
