// dicer-voxbench: the voxelizer's headless benchmark. For every volume preset it times binned, instanced and
// per-slice voxelization of one model (median of repeated runs after warm-up; cpu-fenced on software
// renderers), checks that the methods' atlases are identical, and for the built-in teapot counts the active
// cells at the paper's three presets with the HistoPyramid, next to the published 33989 / 8595 / 2130.
// The paper's slicing took 470 ms per frame on a Quadro FX Go 1400 (TR MPI-I-2006-4-002).
#include "dicer_shared.h"
#include "egl_context.h"
#include "gl_debug.h"
#include "heap_tuning.h"
#include "method_table.h"
#include "model_catalog.h"
#include "timer.h"
#include "voxelizer.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace dicer;

namespace {

constexpr double kPaperSlicingMs = 470.0;

struct Options {
    std::vector<std::string> presets{"paper-4096", "paper-2048", "paper-1024", "64", "128", "256"};
    std::vector<VoxelMethod> methods{kVoxelMethods.begin(), kVoxelMethods.end()};
    std::string model = "teapot";
    int reps = 15, warmup = 3;
    bool forceCpuTimer = false, glDebug = false, solid = true;
    gl::EglPlatform platform = gl::EglPlatform::Auto;
    std::string csv;
};

void printUsage(FILE* out) {
    std::fprintf(
        out,
        "usage: dicer-voxbench [options]\n"
        "  --preset P[,P...]    volume presets (default paper-4096,paper-2048,paper-1024,64,128,256)\n"
        "  --method M[,M...]    binned, instanced, per-slice, projected (default: all)\n"
        "  --model NAME|FILE    teapot | heart | an .obj file, fitted into the volume (default teapot)\n"
        "  --no-solid           skip the solid-mode column (projected method)\n"
        "  --reps N             measured repetitions, interleaved over the methods (default 15)\n"
        "  --warmup N           unmeasured repetitions of every configuration first (default 3)\n"
        "  --quick              presets 64 and paper-1024, 3 reps, 1 warm-up (smoke run)\n"
        "  --timer gpu|cpu      force the timer source (default: gpu unless the driver's is unreliable)\n"
        "  --egl auto|device|surfaceless   EGL platform\n"
        "  --csv FILE           also write one row per (preset, method) as CSV\n"
        "  --gl-debug           debug context, all KHR_debug messages\n");
}

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out(1);
    for (char c : s)
        if (c == ',')
            out.emplace_back();
        else
            out.back().push_back(c);
    return out;
}

// 0: run; -1: --help printed; 2: bad arguments.
int parseOptions(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        bool ok = true, consumed = true;
        if (a == "--help" || a == "-h") {
            printUsage(stdout);
            return -1;
        } else if (a == "--quick") {
            o.presets = {"64", "paper-1024"}, o.reps = 3, o.warmup = 1, consumed = false;
        } else if (a == "--no-solid") {
            o.solid = false, consumed = false;
        } else if (a == "--gl-debug") {
            o.glDebug = true, consumed = false;
        } else if (!v) {
            ok = false;
        } else if (a == "--preset") {
            o.presets = splitList(v);
            for (const std::string& p : o.presets)
                ok = ok && presetVolume(p).has_value();
        } else if (a == "--method") {
            o.methods.clear();
            for (const std::string& m : splitList(v)) {
                std::optional<VoxelMethod> method = parseVoxelMethod(m);
                ok = ok && method.has_value();
                if (method) o.methods.push_back(*method);
            }
        } else if (a == "--model") {
            o.model = v;
        } else if (a == "--reps" || a == "--warmup") {
            const int n = std::atoi(v);
            ok = n >= (a == "--reps" ? 1 : 0) && n <= 10000;
            (a == "--reps" ? o.reps : o.warmup) = n;
        } else if (a == "--timer") {
            ok = std::strcmp(v, "cpu") == 0 || std::strcmp(v, "gpu") == 0;
            o.forceCpuTimer = std::strcmp(v, "cpu") == 0;
        } else if (a == "--egl") {
            o.platform = gl::parseEglPlatform(v, &ok);
        } else if (a == "--csv") {
            o.csv = v;
        } else {
            ok = false;
        }
        if (!ok) {
            std::fprintf(stderr, "dicer-voxbench: bad argument '%s'%s%s\n", a.c_str(), v ? " " : "",
                         v ? v : "");
            printUsage(stderr);
            return 2;
        }
        if (consumed) ++i;
    }
    return 0;
}

std::vector<std::uint8_t> readAtlas(const Voxelizer& v) {
    std::vector<std::uint8_t> rgba(size_t(v.layout().atlasTexelCount()) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(v.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    return rgba;
}

std::int64_t occupied(const std::vector<std::uint8_t>& rgba) {
    std::int64_t n = 0;
    for (size_t i = 3; i < rgba.size(); i += 4)
        n += rgba[i] != 0;
    return n;
}

std::string cell(const Summary& s) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.1f (%.1f–%.1f)", s.median, s.min, s.max);
    return buf;
}

struct Row {
    std::string preset;
    VolumeLayout layout;
    std::uint32_t pairs = 0;
    std::int64_t voxels = 0;
    Summary clear, solid;
    std::vector<std::pair<VoxelMethod, Summary>> methods;
    bool identical = true;
};

} // namespace

int main(int argc, char** argv) {
    keepHeapMemoryMapped(); // steady llvmpipe frame times (heap_tuning.h)
    Options opt;
    if (int rc = parseOptions(argc, argv, opt); rc != 0) return rc < 0 ? 0 : rc;
    auto context = gl::HeadlessContext::create({opt.platform, opt.glDebug, -1});
    if (!context) {
        std::fprintf(stderr, "dicer-voxbench: %s\n", context.error().c_str());
        return 1;
    }
    const gl::GlInfo& info = (*context)->info();
    const TimerSource timer = chooseTimerSource(info.timerQueriesReliable(), opt.forceCpuTimer);
    Result<PlacedModel> placed =
        isBuiltinModel(opt.model) ? loadBuiltinModel(opt.model) : loadModelFile(opt.model);
    gl::ShaderLibrary shaders;
    Result<Voxelizer> voxelizer = Voxelizer::create(shaders, info);
    if (!placed || !voxelizer) {
        std::fprintf(stderr, "dicer-voxbench: %s\n", (!placed ? placed.error() : voxelizer.error()).c_str());
        return 1;
    }
    Voxelizer& vox = *voxelizer;
    const glm::mat4 model = placed->placement;
    if (Result<void> r = vox.setMesh(placed->mesh); !r) {
        std::fprintf(stderr, "dicer-voxbench: %s\n", r.error().c_str());
        return 1;
    }
    std::printf("renderer: %s\nEGL platform: %s\ntimer: %s, median of %d interleaved runs after %d warm-up "
                "rounds\nmodel: %s, %u "
                "triangles, dominant-axis rule\n\n",
                info.summary().c_str(), (*context)->platformName().c_str(), timerSourceName(timer), opt.reps,
                opt.warmup, opt.model.c_str(), vox.triangleCount());

    std::vector<Row> rows;
    bool allIdentical = true;
    for (const std::string& preset : opt.presets) {
        Result<VolumeLayout> layout = presetLayout(preset, info.maxTextureSize);
        Result<void> set = layout ? vox.setLayout(*layout) : Result<void>(makeError(layout.error()));
        if (!set) {
            std::fprintf(stderr, "dicer-voxbench: %s, skipped\n", set.error().c_str());
            continue;
        }
        Row row;
        row.preset = preset;
        row.layout = *layout;
        // Correctness first: one run per method, atlases compared byte for byte with the first.
        std::vector<std::uint8_t> reference;
        for (VoxelMethod method : opt.methods) {
            vox.voxelize({model, VoxelMode::Shell, method, SurfaceRule::DominantAxis});
            std::vector<std::uint8_t> atlas = readAtlas(vox);
            if (reference.empty()) {
                reference = std::move(atlas);
                row.voxels = occupied(reference);
            } else {
                row.identical = row.identical && atlas == reference;
            }
            if (method == VoxelMethod::Binned) {
                GLuint args[VOX_ARGS_UINTS] = {};
                glGetNamedBufferSubData(vox.argsBuffer(), 0, sizeof(args), args);
                row.pairs = args[0] / 6;
            }
        }
        // Timing, interleaved: each repetition runs every configuration once, so load from other processes
        // (this machine is shared) spreads over all columns instead of skewing one. The warm-up repetitions
        // matter on llvmpipe: the first runs after a layout change are up to 2.5x slower (page faults while
        // the driver's buffers grow), and which path ran first changes the others' early timings.
        std::vector<std::function<void()>> configs;
        configs.emplace_back([&] { glClearTexImage(vox.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); });
        for (VoxelMethod method : opt.methods)
            configs.emplace_back([&, method] {
                vox.voxelize({model, VoxelMode::Shell, method, SurfaceRule::DominantAxis});
            });
        if (opt.solid)
            configs.emplace_back([&] {
                vox.voxelize({model, VoxelMode::Solid, VoxelMethod::Projected, SurfaceRule::DominantAxis});
            });
        std::vector<std::vector<double>> samples(configs.size());
        for (int rep = 0; rep < opt.warmup + opt.reps; ++rep)
            for (size_t c = 0; c < configs.size(); ++c) {
                const double ms = measureOnceMs(timer, configs[c]);
                if (rep >= opt.warmup) samples[c].push_back(ms);
            }
        row.clear = summarize(samples[0]);
        for (size_t m = 0; m < opt.methods.size(); ++m)
            row.methods.emplace_back(opt.methods[m], summarize(samples[m + 1]));
        if (opt.solid) row.solid = summarize(samples.back());
        std::fprintf(stderr, "  %s done\n", preset.c_str());
        allIdentical = allIdentical && row.identical;
        rows.push_back(std::move(row));
    }

    std::printf(
        "### Voxelization time per frame, ms: median (min–max)\n\n| preset | volume | atlas | pairs | voxels "
        "| clear only |");
    for (VoxelMethod m : opt.methods)
        std::printf(" %s |", voxelMethodName(m));
    std::printf("%s identical | paper (2006 slicing) |\n|---|---|---|---|---|---|",
                opt.solid ? " projected solid |" : "");
    for (size_t i = 0; i < opt.methods.size() + (opt.solid ? 3 : 2); ++i)
        std::printf("---|");
    std::printf("\n");
    for (const Row& r : rows) {
        std::printf("| %s | %dx%dx%d | %d² | %u | %lld | %s |", r.preset.c_str(), r.layout.volume.x,
                    r.layout.volume.y, r.layout.volume.z, r.layout.atlasSize, r.pairs,
                    static_cast<long long>(r.voxels), cell(r.clear).c_str());
        for (const auto& [m, s] : r.methods)
            std::printf(" %s |", cell(s).c_str());
        if (opt.solid) std::printf(" %s |", cell(r.solid).c_str());
        if (r.preset.rfind("paper-", 0) == 0)
            std::printf(" %s | %.0f |\n", r.identical ? "yes" : "**NO**", kPaperSlicingMs);
        else
            std::printf(" %s | – |\n", r.identical ? "yes" : "**NO**");
    }

    if (opt.model == "teapot") {
        auto pyramid = methods::createMethod("dicer_single", shaders, info);
        if (!pyramid) {
            std::fprintf(stderr, "dicer-voxbench: %s\n", pyramid.error().c_str());
            return 1;
        }
        std::printf(
            "\n### Teapot active cells (HistoPyramid dicer_single count = CPU count of the read-back "
            "atlas)\n\n| preset | dominant-axis | slice-axis (2006 rule) | paper |\n|---|---|---|---|\n");
        const std::pair<const char*, int> paper[] = {
            {"paper-4096", 33989}, {"paper-2048", 8595}, {"paper-1024", 2130}};
        for (const auto& [preset, published] : paper) {
            Result<VolumeLayout> layout = presetLayout(preset, info.maxTextureSize);
            if (!layout || !vox.setLayout(*layout)) continue;
            const hp::AtlasTiling tiling{
                {layout->volume.x, layout->volume.y}, layout->tiles.x, layout->sliceCount()};
            std::uint32_t count[2] = {};
            for (SurfaceRule rule : {SurfaceRule::DominantAxis, SurfaceRule::SliceAxis}) {
                vox.voxelize({model, VoxelMode::Shell, VoxelMethod::Binned, rule});
                if (!(*pyramid)->build({vox.atlas(), 0.5f, tiling, 1})) return 1;
                count[int(rule)] = (*pyramid)->readCount();
                if (std::int64_t(count[int(rule)]) != occupied(readAtlas(vox))) {
                    std::fprintf(stderr, "dicer-voxbench: HistoPyramid count differs from the CPU count\n");
                    return 3;
                }
            }
            std::printf("| %s | %u | %u | %d |\n", preset, count[0], count[1], published);
        }
    }
    if (!opt.csv.empty()) {
        FILE* f = std::fopen(opt.csv.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "dicer-voxbench: cannot write %s\n", opt.csv.c_str());
            return 1;
        }
        std::fprintf(f, "renderer,timer,model,preset,method,median_ms,min_ms,max_ms,samples,pairs,voxels\n");
        for (const Row& r : rows)
            for (const auto& [m, s] : r.methods)
                std::fprintf(f, "\"%s\",%s,%s,%s,%s,%.3f,%.3f,%.3f,%d,%u,%lld\n", info.renderer.c_str(),
                             timerSourceName(timer), opt.model.c_str(), r.preset.c_str(), voxelMethodName(m),
                             s.median, s.min, s.max, s.samples, r.pairs, static_cast<long long>(r.voxels));
        std::fclose(f);
    }
    if (gl::debugErrorCount() > 0 || gl::checkErrors("dicer-voxbench") > 0) {
        std::fprintf(stderr, "dicer-voxbench: GL errors reported\n");
        return 1;
    }
    return allIdentical ? 0 : 3;
}
