// dicer-bench --voxelizer: the voxelizer's own tables (formerly dicer-voxbench). For every volume preset it
// times each vox method on one model, interleaved (median of repeated runs after warm-up; cpu-fenced
// on software renderers), checks that the methods' atlases are identical byte for byte, and for the built-in
// teapot counts the active cells at the paper's three presets with the HistoPyramid, next to the published
// 33989 / 8595 / 2130. The paper's slicing took 470 ms per frame on a Quadro FX Go 1400 (TR
// MPI-I-2006-4-002).
#include "bench_context.h"

#include "dicer_shared.h"
#include "method_table.h"
#include "model_catalog.h"
#include "volume_layout.h"
#include "voxelizer.h"

#include "occupancy_bits.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace dicer::bench {
namespace {

constexpr const char* kPaperSlicingMs = "470";
constexpr const char* kClearOnly = "clear only";
constexpr const char* kSolid = "projected solid";

// A row of the voxelizer's tables: one preset, one method (or rule), one stage.
Measurement voxelizerRow(const char* table, std::string method, const char* stage, const std::string& preset,
                         const occupancy::VolumeLayout& layout) {
    Measurement m;
    m.table = table;
    m.method = std::move(method);
    m.stage = stage;
    m.input = preset;
    m.cells = layout.atlasTexelCount();
    return m;
}

std::vector<std::uint8_t> readAtlas(const voxel::Voxelizer& v) {
    std::vector<std::uint8_t> rgba(size_t(v.layout().atlasTexelCount()) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(v.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    return rgba;
}

std::uint32_t occupied(const std::vector<std::uint8_t>& rgba) {
    std::uint32_t n = 0;
    for (size_t i = 3; i < rgba.size(); i += 4)
        n += rgba[i] != 0;
    return n;
}

// The teapot's active cells per rule at the paper's presets, counted by the HistoPyramid and checked against
// the CPU count of the read-back atlas.
bool countTeapotCells(Bench& b, voxel::Voxelizer& vox, const glm::mat4& model) {
    auto pyramid = methods::createMethod("dicer_single", b.shaders, b.info);
    if (!pyramid) {
        std::fprintf(stderr, "dicer-bench: %s\n", pyramid.error().c_str());
        return false;
    }
    bool ok = true;
    for (const char* preset : {"paper-4096", "paper-2048", "paper-1024"}) {
        Result<occupancy::VolumeLayout> layout = occupancy::presetLayout(preset, b.info.maxTextureSize);
        if (!layout || !vox.setLayout(*layout)) continue;
        const hp::AtlasTiling tiling{{layout->volume.x, layout->volume.y}, layout->tiles.x, layout->volume.z};
        for (voxel::VoxRule rule : {voxel::VoxRule::DominantAxis, voxel::VoxRule::SliceAxis}) {
            vox.voxelize({model, voxel::VoxelMode::Shell, voxel::VoxMethodId::Binned, rule});
            Measurement m =
                voxelizerRow(kTableVoxelizerCounts, voxel::voxRuleName(rule), "count", preset, *layout);
            if (!(*pyramid)->build({vox.atlas(), kThreshold, tiling, 1})) return false;
            m.count = (*pyramid)->readCount();
            const std::uint32_t cpu = occupied(readAtlas(vox));
            m.ok = m.count == cpu;
            m.check = m.ok ? "HistoPyramid = CPU" : "CPU counts " + std::to_string(cpu);
            ok = ok && m.ok;
            b.report.rows.push_back(m);
        }
    }
    return ok;
}

std::vector<std::uint32_t> readBits(const voxel::Voxelizer& v) {
    std::vector<std::uint32_t> bits(size_t(v.bitsBytes()) / 4);
    glGetNamedBufferSubData(v.bits(), 0, GLsizeiptr(bits.size() * 4), bits.data());
    return bits;
}

// The atlas output's voxel set in the bits layout (occupancy_bits.h): one bit per texel with alpha != 0.
std::vector<std::uint32_t> atlasToBits(const std::vector<std::uint8_t>& rgba, int atlasSize) {
    const int blocksX = hp::hpBitsBlocksX(atlasSize);
    std::vector<std::uint32_t> bits(size_t(blocksX) * size_t(blocksX) * HP_BITS_WORDS_PER_BLOCK, 0u);
    for (int y = 0; y < atlasSize; ++y)
        for (int x = 0; x < atlasSize; ++x)
            if (rgba[(size_t(y) * size_t(atlasSize) + size_t(x)) * 4 + 3] != 0)
                bits[hp::hpBitsWord({x, y}, blocksX)] |= hp::hpBitsMask({x, y});
    return bits;
}

std::uint32_t popcount(const std::vector<std::uint32_t>& bits) {
    std::uint32_t n = 0;
    for (std::uint32_t w : bits)
        n += std::uint32_t(std::popcount(w));
    return n;
}

// Bits rows are named like the atlas rows, in a table of their own.
const char* tableOf(occupancy::VoxelOutput output) {
    return output == occupancy::VoxelOutput::Atlas ? kTableVoxelizer : kTableVoxelizerBits;
}

// One preset, one output: every method that can write the output, checked to give the same voxels (the
// atlas byte for byte; the bits word for word, and equal to the atlas output's set when that ran first),
// then timed with the clear alone and projected solid, interleaved.
bool runPreset(Bench& b, voxel::Voxelizer& vox, occupancy::VoxelOutput output, const std::string& preset,
               const model::BoxFit& fit, voxel::VoxRule rule,
               std::map<std::string, std::vector<std::uint32_t>>& atlasAsBits) {
    const char* table = tableOf(output);
    Result<occupancy::VolumeLayout> layout = occupancy::presetLayoutFor(preset, output, b.info);
    Result<void> set = layout ? vox.setLayout(*layout, output) : Result<void>(makeError(layout.error()));
    if (!set) {
        b.report.skipped.push_back({table, "all", preset, set.error()});
        return true;
    }
    // As the demo places it: fitted into the preset's box (cubic voxels), then into the voxels.
    const glm::vec3 shape = occupancy::volumeShape(layout->volume);
    const glm::mat4 model = occupancy::worldToVolume(shape) * fit.into(shape);
    std::vector<voxel::VoxMethodId> methods;
    for (voxel::VoxMethodId method : b.opt.voxMethods)
        if (Result<void> can = voxel::checkOutput(method, output); can)
            methods.push_back(method);
        else
            b.report.skipped.push_back({table, voxel::voxMethodName(method), preset, can.error()});
    b.progress.step(std::string("voxelizer ") + occupancy::voxelOutputName(output) + " " + preset);
    const bool bits = output == occupancy::VoxelOutput::Bits;
    // Correctness first: one run per method, outputs compared exactly with the first.
    std::vector<std::uint8_t> reference;
    std::vector<std::uint32_t> referenceBits;
    std::vector<bool> identical;
    for (voxel::VoxMethodId method : methods) {
        vox.voxelize({model, voxel::VoxelMode::Shell, method, rule});
        const bool first = identical.empty();
        if (bits) {
            std::vector<std::uint32_t> words = readBits(vox);
            if (first) referenceBits = std::move(words);
            identical.push_back(first || words == referenceBits);
        } else {
            std::vector<std::uint8_t> atlas = readAtlas(vox);
            if (first) reference = std::move(atlas);
            identical.push_back(first || atlas == reference);
        }
        // The (triangle, slice) quads a method draws indirectly (binned): a row of their own.
        if (const GLuint argsBuffer = vox.argsBuffer(method)) {
            GLuint args[VOX_ARGS_UINTS] = {};
            glGetNamedBufferSubData(argsBuffer, 0, sizeof(args), args);
            Measurement pairs = voxelizerRow(table, voxel::voxMethodName(method), "pairs", preset, *layout);
            pairs.count = args[0] / 6; // 6 vertices per quad
            b.report.rows.push_back(pairs);
        }
    }
    const std::vector<occupancy::VoxelOutput> outputs = b.opt.voxelOutputsOr({occupancy::VoxelOutput::Atlas});
    std::string sameAsAtlas; // bits only: "" (no atlas ran), "= atlas" or what differs
    if (!bits && !reference.empty() &&
        std::find(outputs.begin(), outputs.end(), occupancy::VoxelOutput::Bits) != outputs.end())
        atlasAsBits[preset] = atlasToBits(reference, layout->atlasSize);
    if (bits && !referenceBits.empty() && atlasAsBits.count(preset))
        sameAsAtlas = atlasAsBits[preset] == referenceBits ? "= atlas" : "differs from the atlas";
    // Timing, interleaved (measureInterleaved): the warm-up matters on llvmpipe, where the first runs
    // after a layout change are up to 2.5x slower (page faults while the driver's buffers grow), and
    // which path ran first changes the others' early timings.
    std::vector<std::string> names = {kClearOnly};
    std::vector<std::function<void()>> configs;
    if (bits)
        configs.emplace_back(
            [&] { glClearNamedBufferData(vox.bits(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr); });
    else
        configs.emplace_back([&] { glClearTexImage(vox.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); });
    for (voxel::VoxMethodId method : methods) {
        names.emplace_back(voxel::voxMethodName(method));
        configs.emplace_back([&, method] { vox.voxelize({model, voxel::VoxelMode::Shell, method, rule}); });
    }
    if (b.opt.solid) {
        names.emplace_back(kSolid);
        configs.emplace_back([&] {
            vox.voxelize({model, voxel::VoxelMode::Solid, voxel::VoxMethodId::Projected, rule});
        });
    }
    const std::vector<gl::Summary> times =
        gl::measureInterleaved(b.report.run.timer, b.opt.warmup, b.opt.reps, configs);
    bool ok = true;
    for (size_t c = 0; c < configs.size(); ++c) {
        Measurement m = voxelizerRow(table, names[c], "voxelize", preset, *layout);
        m.count = bits ? popcount(referenceBits) : occupied(reference); // the shell's active cells
        m.time = times[c];
        m.timer = b.report.run.timer;
        const bool isMethod = c >= 1 && c <= methods.size();
        m.ok = !isMethod || (identical[c - 1] && sameAsAtlas != "differs from the atlas");
        m.check = !isMethod             ? "-"
                  : !identical[c - 1]   ? "output differs"
                  : sameAsAtlas.empty() ? "identical"
                                        : "identical " + sameAsAtlas;
        if (!m.ok && identical[c - 1]) m.check = sameAsAtlas;
        ok = ok && m.ok;
        b.report.rows.push_back(m);
    }
    return ok;
}
} // namespace

bool runVoxelizerTables(Bench& b) {
    const auto loadStart = std::chrono::steady_clock::now();
    Result<model::PlacedModel> placed = loadSourceModel(b.opt.source, "--voxelizer");
    const double loadMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - loadStart).count();
    Result<voxel::Voxelizer> voxelizer = voxel::Voxelizer::create(b.shaders, b.info);
    if (!placed || !voxelizer) {
        std::fprintf(stderr, "dicer-bench: %s\n", (!placed ? placed.error() : voxelizer.error()).c_str());
        return false;
    }
    voxel::Voxelizer& vox = *voxelizer;
    const auto uploadStart = std::chrono::steady_clock::now();
    if (Result<void> r = vox.setMesh(placed->mesh); !r) {
        std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
        return false;
    }
    glFinish();
    std::fprintf(
        stderr, "dicer-bench: %s: %zu triangles loaded in %.0f ms, uploaded in %.0f ms (%zu chunks)\n",
        b.opt.source.c_str(), placed->mesh.triangleCount(), loadMs,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - uploadStart).count(),
        vox.chunkCount());
    const voxel::VoxRule rule = b.opt.voxelize.rule;
    bool ok = true;
    // Per preset, the atlas output's voxel set as bits (when both outputs run): the bits output must equal it.
    std::map<std::string, std::vector<std::uint32_t>> atlasAsBits;
    const std::vector<occupancy::VoxelOutput> outputs = b.opt.voxelOutputsOr({occupancy::VoxelOutput::Atlas});
    const std::vector<std::string> presets =
        b.opt.presetsOr(b.opt.quick ? std::vector<std::string>{"64", "paper-1024"}
                                    : std::vector<std::string>{"paper-4096", "paper-2048", "paper-1024", "64", "128",
                                                               "256"});
    for (occupancy::VoxelOutput output : outputs)
        for (const std::string& preset : presets) {
            if (output ==
                occupancy::VoxelOutput::Sparse) { // a whole frame (voxelize + build + list) is its measure
                b.report.skipped.push_back({tableOf(output), "sparse", preset,
                                            "the sparse output is timed by --scaling --voxels sparse"});
                continue;
            }
            ok = runPreset(b, vox, output, preset, placed->fit, rule, atlasAsBits) && ok;
        }
    // The paper's counts use the atlas (the HistoPyramid over bits is another helper's).
    const bool atlasRan =
        std::find(outputs.begin(), outputs.end(), occupancy::VoxelOutput::Atlas) != outputs.end();
    // The paper's counts are of its own setup: the cube [-1,1]^3 sliced onto 256 slices of 256^2 / 128^2 / 64^2,
    // voxels 1x / 2x / 4x finer along z than across (paper-2048 holds 128x128x256 voxels of a cube). So these
    // counts take the cube placement as it is, not the box of cubic voxels the presets are drawn as.
    if (b.opt.source == "teapot" && atlasRan) ok = countTeapotCells(b, vox, placed->placement) && ok;
    return ok;
}

namespace {

// One table per output: presets x methods, the time per frame (clear included), and the bytes a frame
// clears (4 per atlas texel, or 1 bit per texel of the virtual atlas).
void printOutputTable(const Report& r, const char* table, occupancy::VoxelOutput output) {
    std::vector<std::string> presets, methods;
    auto addOnce = [](std::vector<std::string>& v, const std::string& s) {
        if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
    };
    for (const Measurement& m : r.rows)
        if (m.table == table && m.stage == "voxelize") addOnce(presets, m.input), addOnce(methods, m.method);
    if (presets.empty()) return;
    auto pairs = [&](const std::string& preset) {
        for (const Measurement& m : r.rows)
            if (m.table == table && m.stage == "pairs" && m.input == preset) return std::to_string(m.count);
        return std::string("–");
    };
    std::printf(
        "### Voxelization time per frame, %s output, ms: median (min–max)\n\n| preset | volume | atlas | "
        "cleared | pairs | voxels |",
        occupancy::voxelOutputName(output));
    for (const std::string& method : methods)
        std::printf(" %s |", method.c_str());
    std::printf(" identical | paper (2006 slicing) |\n|---|---|---|---:|---:|---:|");
    for (size_t i = 0; i < methods.size() + 2; ++i)
        std::printf("---:|");
    std::printf("\n");
    for (const std::string& preset : presets) {
        const glm::ivec3 v = occupancy::presetVolume(preset).value_or(glm::ivec3(0));
        const Measurement* any = nullptr;
        bool identical = true;
        std::string cells, check;
        for (const std::string& method : methods) {
            const Measurement* found = nullptr;
            for (const Measurement& m : r.rows)
                if (m.table == table && m.stage == "voxelize" && m.input == preset && m.method == method)
                    found = &m;
            if (!found) {
                cells += " – |";
                continue;
            }
            any = found;
            identical = identical && found->ok;
            if (found->check != "-") check = found->check;
            char buf[64];
            std::snprintf(buf, sizeof buf, " %.1f (%.1f–%.1f) |", found->time.median, found->time.min,
                          found->time.max);
            cells += buf;
        }
        const long long side = any ? std::llround(std::sqrt(double(any->cells))) : 0;
        const double clearedBytes =
            double(side) * double(side) * (output == occupancy::VoxelOutput::Atlas ? 4.0 : 0.125);
        char cleared[32];
        if (clearedBytes >= double(1 << 20))
            std::snprintf(cleared, sizeof cleared, "%.0f MiB", clearedBytes / double(1 << 20));
        else
            std::snprintf(cleared, sizeof cleared, "%.0f KiB", clearedBytes / 1024.0);
        std::printf("| %s | %dx%dx%d | %lld² | %s | %s | %u |%s %s | %s |\n", preset.c_str(), v.x, v.y, v.z,
                    side, cleared, pairs(preset).c_str(), any ? any->count : 0u, cells.c_str(),
                    identical ? (check == "identical = atlas" ? "yes, = atlas" : "yes") : "**NO**",
                    preset.rfind("paper-", 0) == 0 ? kPaperSlicingMs : "–");
    }
    std::printf(
        "\nmedian of %d interleaved runs after %d warm-up rounds; timer: %s; renderer: %s; model: %s\n\n",
        r.run.reps, r.run.warmup, gl::timerSourceName(r.run.timer), r.run.renderer.c_str(),
        r.run.source.c_str());
}

} // namespace

void printVoxelizerMarkdown(const Report& r) {
    printOutputTable(r, kTableVoxelizer, occupancy::VoxelOutput::Atlas);
    printOutputTable(r, kTableVoxelizerBits, occupancy::VoxelOutput::Bits);
    bool skipped = false; // presets an output cannot hold (1024 as an atlas), methods it refuses
    for (const Skipped& s : r.skipped)
        if (s.table == kTableVoxelizer || s.table == kTableVoxelizerBits) {
            std::printf("- skipped: %s %s %s: %s\n", s.table.c_str(), s.method.c_str(), s.input.c_str(),
                        s.reason.c_str());
            skipped = true;
        }
    if (skipped) std::printf("\n");
    bool header = false;
    for (const char* preset : {"paper-4096", "paper-2048", "paper-1024"}) {
        const Measurement* count[2] = {};
        for (const Measurement& m : r.rows)
            if (m.table == kTableVoxelizerCounts && m.input == preset)
                count[m.method == voxel::voxRuleName(voxel::VoxRule::SliceAxis)] = &m;
        if (!count[0] || !count[1]) continue;
        if (!header)
            std::printf(
                "### Teapot active cells (HistoPyramid dicer_single count = CPU count of the read-back "
                "atlas)\n\n| preset | dominant-axis | slice-axis (2006 rule) | paper "
                "|\n|---|---:|---:|---:|\n");
        header = true;
        const char* paper = preset[6] == '4' ? "33989" : preset[6] == '2' ? "8595" : "2130";
        std::printf("| %s | %u | %u | %s |\n", preset, count[0]->count, count[1]->count, paper);
    }
}

} // namespace dicer::bench
