// dicer-bench --scaling --voxels atlas,bits,sparse: the whole frame per side^3 volume and
// voxelizer output. The model (--model / --source, teapot by default) is voxelized on the GPU by the compute
// method into the RGBA8 slice atlas, the occupancy bits or the sparse occupancy, then the method rows that read
// that output (atlas: hp_compute; bits: hp_bits; sparse: hp_sparse; --method adds other GPU rows of the same
// input) build and list through the demo's own frame (engine/frame/frame.h: the same settings, stage calls and
// Verify). Per stage (voxelize, clear alone, build, list, build + list, frame = voxelize + build + list): ms,
// ns per voxel, ns per point, × the compute read floor over the output's bytes (read_pass.h, same run), GB/s
// of those bytes, and the memory the output holds. Every list is checked against the CPU reference of the
// read-back output (each output's set must equal the first one's); a volume an output cannot hold (the atlas at
// 1024^3: a 32768^2 texture; any output past HP_BITS_MAX_ATLAS) is refused by its layout before anything is
// allocated: a named skipped row, not an error. The plot (plot_bench.py voxel-scaling): ns per point against
// the points, per output. Its Markdown: bench_voxel_scaling_tables.cpp.
#include "bench_voxel_scaling.h"

#include "bench_context.h"

#include "frame.h"

#include "bits_reference.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "method_table.h"
#include "model_catalog.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"
#include "volume_layout.h"
#include "voxelizer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

namespace dicer::bench {
namespace {

// The rows an output feeds: by default the first compute HistoPyramid of the table that reads it (hp_compute,
// hp_bits, hp_sparse; hp5, a later row over the atlas, only with --method), or the --method rows of that input
// that run on the GPU with a list stage.
std::vector<methods::MethodId> scalingRows(const Bench& b, occupancy::VoxelOutput output) {
    std::vector<methods::MethodId> rows;
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& info = methods::methodInfo(id);
        if (!frame::offersMethod(output, id) || !info.listStage) continue;
        const bool byDefault = info.family == methods::Family::ComputeHistoPyramid && rows.empty();
        if (b.opt.methods.empty() ? byDefault : b.selected(id)) rows.push_back(id);
    }
    return rows;
}

// The output read back and its voxel set as point entries (the CPU reference): the atlas' active texels
// row-major, or the bits' in key-index order (what hp_bits writes).
std::vector<glm::uvec4> referenceOf(const frame::VoxelSource& source) {
    const int side = source.atlasSize();
    if (const occupancy::SparseOccupancy* sparse = source.sparse()) { // the used slots' texels, key-index order
        std::vector<std::uint32_t> index(size_t(hp::hpSparseIndexUints(side)));
        std::vector<std::uint32_t> pool(size_t(sparse->capacity()) * SPARSE_SLOT_UINTS);
        glGetNamedBufferSubData(sparse->index(), 0, GLsizeiptr(index.size() * 4), index.data());
        glGetNamedBufferSubData(sparse->pool(), 0, GLsizeiptr(pool.size() * 4), pool.data());
        return hp::sparseKeyIndexEntries(index, pool, sparse->capacity(), side, source.tiling());
    }
    if (source.output() == occupancy::VoxelOutput::Bits) {
        std::vector<std::uint32_t> words(size_t(source.bitsBytes()) / 4);
        glGetNamedBufferSubData(source.bits(), 0, GLsizeiptr(words.size() * 4), words.data());
        return hp::bitsKeyIndexEntries(words, side, source.tiling());
    }
    std::vector<std::uint8_t> rgba(size_t(side) * size_t(side) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    std::vector<std::uint8_t> alpha(rgba.size() / 4);
    for (size_t i = 0; i < alpha.size(); ++i)
        alpha[i] = rgba[i * 4 + 3];
    rgba = {};
    return hp::referenceEntries(alpha, side, side, hp::thresholdToByte(kThreshold), source.tiling());
}

// What the output holds on the GPU (the memory held): the atlas texture, the dense bits, or the sparse index
// (header, coarse map, slot bases, scan sums) and pool as allocated now (after any growth of the first frame).
std::int64_t memoryHeld(const frame::VoxelSource& source) {
    if (const occupancy::SparseOccupancy* sparse = source.sparse()) return sparse->bytes();
    if (source.output() == occupancy::VoxelOutput::Bits) return source.bitsBytes();
    return std::int64_t(source.atlasSize()) * source.atlasSize() * 4;
}

// One volume and output through the demo's own frame (frame.h): the same settings type, the same stage calls.
struct VolumeRun {
    Bench& b;
    frame::Frame& frame;
    const frame::FrameSettings& base; // the run's voxelizer, rule, threshold and list path
    const model::BoxFit& fit;         // the model's placement, for the box of each volume (the demo's)
    glm::mat4 model{1.f};             // this volume's: fit.into(frame.shape()), as the demo forms it
    // side -> the first output's name and sorted set (the atlas where it ran): every later output must equal it
    std::map<int, std::pair<std::string, std::vector<glm::uvec4>>>& firstSets;
    bool run(int side, occupancy::VoxelOutput output, const std::vector<methods::MethodId>& rows);
};

bool VolumeRun::run(int side, occupancy::VoxelOutput output, const std::vector<methods::MethodId>& rows) {
    const std::string label = std::to_string(side) + "³";
    const std::string out = occupancy::voxelOutputName(output);
    if (rows.empty()) return true;
    frame::FrameSettings settings = base;
    settings.preset = std::to_string(side); // a cube side (volume_layout.h cubeVolume)
    settings.voxels = output;
    settings.method = rows.front();
    if (Result<void> set = frame.apply(settings); !set) { // e.g. the atlas at 1024^3: a 32768^2 texture
        std::fprintf(stderr, "dicer-bench: voxel scaling %s %s skipped: %s\n", label.c_str(), out.c_str(),
                     set.error().c_str());
        b.report.skipped.push_back({kTableVoxelScaling, out, label, set.error()});
        return true;
    }
    const frame::VoxelSource& source = frame.source();
    model = fit.into(frame.shape()); // side^3: the cube, so the placement itself
    b.progress.step("voxel scaling " + label + " " + out + ": voxelize and the CPU reference");
    frame.voxelize(model);
    if (source.sparse() &&
        source.sparse()->readStatus().overflowed) { // the first guess: grown for a later frame
        glFinish();
        frame.voxelize(model);
    }
    std::vector<glm::uvec4> voxels = hp::sortedEntries(referenceOf(source));
    std::string voxelCheck = "-";
    bool ok = true;
    if (auto found = firstSets.find(side); found == firstSets.end()) {
        firstSets[side] = {out, voxels};
    } else {
        ok = found->second.second == voxels;
        voxelCheck = ok ? "= " + found->second.first : out + " differs from the " + found->second.first;
    }
    const auto count = std::uint32_t(voxels.size());
    voxels = {};

    // The yardstick: a compute pass reading the output's bytes once (what a build must read at least).
    // Sparse: the used slots' bits, what hp_sparse's build reads.
    const int atlasSide = source.atlasSize();
    const occupancy::SparseOccupancy* sparse = source.sparse();
    const std::int64_t bytes =
        output == occupancy::VoxelOutput::Atlas ? std::int64_t(atlasSide) * atlasSide * 4
        : sparse ? std::max<std::int64_t>(std::int64_t(sparse->readStatus().used) * SPARSE_BRICK_WORDS * 4, 4)
                 : source.bitsBytes();
    auto readOnce = [&] {
        return output == occupancy::VoxelOutput::Atlas ? b.read.runTexture(source.atlas(), atlasSide, atlasSide)
               : sparse                            ? b.read.runBuffer(sparse->pool(), bytes)
                                                   : b.read.runBuffer(source.bits(), bytes);
    };
    if (Result<void> probe = readOnce(); !probe) {
        std::fprintf(stderr, "dicer-bench: %s\n", probe.error().c_str());
        return false;
    }
    Measurement r;
    r.table = kTableVoxelScaling;
    r.input = label;
    r.cells = std::int64_t(side) * side * side;
    r.count = count;
    r.timer = b.report.run.timer;
    r.readBytes = bytes;
    r.perVoxel = true;
    r.memoryBytes = memoryHeld(source);
    // Every stage of this volume and output is timed interleaved (measureInterleaved: each round runs every
    // stage once, in this order), so the other helpers' load on the shared cores spreads over the floor and the
    // stages alike and the × floor ratios compare like with like. The order keeps each stage's input valid:
    // the clear empties the output, the voxelize after it fills it again, each build precedes its list. A
    // method's stages first select its row (FrameSettings::method: same voxels, so no count is read again).
    struct Timed {
        std::string method;
        const char* stage;
        std::function<void()> work;
    };
    const std::string voxelizer = scalingVoxelizerName(out);
    std::vector<Timed> timed;
    timed.push_back({out, "read floor", [&] { (void)readOnce(); }});
    if (output == occupancy::VoxelOutput::Atlas)
        timed.push_back({voxelizer, "clear",
                         [&] { glClearTexImage(source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); }});
    else if (sparse) // what a sparse frame clears up front: the coarse map (the used slots are zeroed later)
        timed.push_back({voxelizer, "clear", [&] {
                             glClearNamedBufferSubData(sparse->index(), GL_R32UI, SPARSE_HEADER * 4,
                                                       GLsizeiptr(hp::hpSparseCoarseWords(atlasSide)) * 4,
                                                       GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
                         }});
    else
        timed.push_back({voxelizer, "clear", [&] {
                             glClearNamedBufferData(source.bits(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                                    nullptr);
                         }});
    timed.push_back({voxelizer, "voxelize", [&] { frame.voxelize(model); }});
    std::vector<std::pair<std::string, bool>> checks(timed.size(), {voxelCheck, ok}); // per timed stage
    for (methods::MethodId row : rows) {
        frame::FrameSettings rowSettings = settings;
        rowSettings.method = row;
        const std::string name = methods::methodInfo(row).name;
        b.progress.step("voxel scaling " + label + " " + out + ": " + name + ", checked");
        Result<void> first = frame.apply(rowSettings);
        if (first) first = frame.build();
        if (first) first = frame.list();
        // More points than the driver's storage blocks hold: the frame lists its first ones and says INCOMPLETE
        // (Frame::verify); a scaling row of part of the list would be no measurement of the volume.
        const std::uint32_t maxPoints = hp::PointBuffer::maxEntries(b.info);
        if (first && frame.activeCount().value_or(0) > maxPoints)
            first = makeError(std::to_string(*frame.activeCount()) + " points are beyond the " +
                              std::to_string(maxPoints) +
                              " this driver's storage blocks hold (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
        if (!first) {
            std::fprintf(stderr, "dicer-bench: voxel scaling %s %s skipped: %s\n", label.c_str(),
                         name.c_str(), first.error().c_str());
            b.report.skipped.push_back({kTableVoxelScaling, name, label, first.error()});
            continue;
        }
        // The demo's Verify: this frame's list against the CPU reference over the voxels read back.
        const hp::VerifyReport report = frame.verify();
        const bool ordered = frame.method()->order() != hp::EntryOrder::Unordered;
        const std::string check = report.ok() ? (ordered ? "exact" : "same set") : report.describe();
        ok = ok && report.ok();
        auto select = [this, rowSettings] { (void)frame.apply(rowSettings); };
        timed.push_back({name, "build", [this, select] {
                             select();
                             (void)frame.build();
                         }});
        timed.push_back({name, "list", [this, select] {
                             select();
                             (void)frame.list();
                         }});
        timed.push_back({name, "build + list", [this, select] {
                             select();
                             (void)frame.build();
                             (void)frame.list();
                         }});
        timed.push_back({name, "frame", [this, select] { // the demo's frame: voxelize -> build -> list
                             select();
                             frame.voxelize(model);
                             (void)frame.build();
                             (void)frame.list();
                         }});
        checks.resize(timed.size(), {check, report.ok()});
    }
    b.progress.step("voxel scaling " + label + " " + out + ": timing every stage, interleaved");
    std::vector<std::function<void()>> configs;
    for (const Timed& t : timed)
        configs.push_back(t.work);
    const std::vector<gl::Summary> times = gl::measureInterleaved(r.timer, b.opt.warmup, b.opt.reps, configs);
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

} // namespace

bool runVoxelScaling(Bench& b) {
    Result<model::PlacedModel> placed = loadSourceModel(b.opt.source, "--scaling --voxels");
    if (!placed) { // before the frame builds its rows
        std::fprintf(stderr, "dicer-bench: %s\n", placed.error().c_str());
        return false;
    }
    std::map<occupancy::VoxelOutput, std::vector<methods::MethodId>> rows;
    for (occupancy::VoxelOutput output : b.opt.voxelOutputs)
        rows[output] = scalingRows(b, output);
    auto timedRow = [&](methods::MethodId row) {
        for (const auto& [output, list] : rows)
            if (std::find(list.begin(), list.end(), row) != list.end()) return true;
        return false;
    };
    // The demo's frame, with only the rows this run times built.
    auto created = frame::Frame::create(b.shaders, b.info, timedRow);
    Result<void> meshSet = created ? (*created)->setMesh(placed->mesh) : Result<void>();
    if (!created || !meshSet) {
        std::fprintf(stderr, "dicer-bench: %s\n", (!created ? created.error() : meshSet.error()).c_str());
        return false;
    }
    frame::Frame& frame = **created;
    frame::FrameSettings settings;
    settings.voxMethod = kScalingVoxelMethod;
    settings.voxelMode = b.opt.voxelize.mode;
    settings.rule = b.opt.voxelize.rule;
    settings.threshold = kThreshold;
    settings.listPath = hp::ListPath::Resident;
    bool ok = true;
    std::map<int, std::pair<std::string, std::vector<glm::uvec4>>> firstSets;
    VolumeRun run{b, frame, settings, placed->fit, glm::mat4(1.f), firstSets};
    for (int side : b.opt.cubeSides()) {
        for (occupancy::VoxelOutput output : b.opt.voxelOutputs)
            ok = run.run(side, output, rows[output]) && ok;
        firstSets.erase(side); // up to 16 bytes a voxel of the shell: not kept past its volume
    }
    return ok;
}

} // namespace dicer::bench
