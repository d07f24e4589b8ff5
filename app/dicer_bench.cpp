// dicer-bench: the headless run. Builds the HistoPyramid and the point list of a built-in test atlas (a
// sphere shell in the paper's slice layout) with every variant, verifies each list against the CPU reference,
// and prints the timings (median of repeated runs after warm-up) next to a copy pass over the same atlas.
// Works on Mesa llvmpipe (no GPU) and on NVIDIA through the EGL device platform.
#include "copy_pass.h"
#include "egl_context.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_variants.h"
#include "log.h"
#include "point_list.h"
#include "test_images.h"
#include "timer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace dicer;

namespace {

struct Options {
    std::vector<int> sizes{1024, 2048, 4096};
    std::vector<std::string> variants; // empty = all
    std::vector<hp::Storage> storages{hp::Storage::Uint32};
    int reps = 10, warmup = 3;
    bool forceCpuTimer = false, glDebug = false;
    gl::EglPlatform platform = gl::EglPlatform::Auto;
    std::string csv;
};

void usage(FILE* out) {
    std::fprintf(
        out,
        "usage: dicer-bench [options]\n"
        "  --size N[,N...]      atlas sizes (power of two; default 1024,2048,4096)\n"
        "  --variant NAME[,..]  dicer_single, dicer_vec4, dicer_rect, dicer_bil (default: all)\n"
        "  --storage S          uint32 | float32 | both (default uint32; dicer_bil is always float32)\n"
        "  --reps N             measured repetitions per stage (default 10)\n"
        "  --warmup N           unmeasured repetitions first (default 3)\n"
        "  --quick              one 256 atlas, 3 reps, 1 warm-up (CI smoke run)\n"
        "  --timer gpu|cpu      force the timer source (default: gpu unless the driver's is unreliable)\n"
        "  --egl auto|device|surfaceless   EGL platform (default auto: device, then surfaceless)\n"
        "  --csv FILE           also write the rows as CSV\n"
        "  --gl-debug           debug context, all KHR_debug messages\n"
        "  --help\n");
}

std::vector<std::string> splitList(const char* s) {
    std::vector<std::string> out;
    std::string cur;
    for (const char* p = s; *p; ++p) {
        if (*p == ',') {
            out.push_back(cur);
            cur.clear();
        } else
            cur += *p;
    }
    out.push_back(cur);
    return out;
}

bool parseInt(const std::string& s, int* out) {
    char* end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end || v < 0 || v > (1 << 16)) return false;
    *out = int(v);
    return true;
}

// Returns 0 to go on, otherwise the exit code (usage errors: 2).
int parse(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        const char* v = nullptr;
        bool bad = false;
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return -1;
        } else if (a == "--quick") {
            o.sizes = {256};
            o.reps = 3;
            o.warmup = 1;
        } else if (a == "--gl-debug")
            o.glDebug = true;
        else if (a == "--size" && (v = value())) {
            o.sizes.clear();
            for (const std::string& s : splitList(v)) {
                int n = 0;
                if (!parseInt(s, &n) || n < 1 || (n & (n - 1))) bad = true;
                o.sizes.push_back(n);
            }
        } else if (a == "--variant" && (v = value())) {
            o.variants = splitList(v);
            for (const std::string& n : o.variants)
                if (!hp::findVariant(n)) {
                    std::fprintf(stderr, "dicer-bench: unknown variant '%s'\n", n.c_str());
                    bad = true;
                }
        } else if (a == "--storage" && (v = value())) {
            std::string s = v;
            if (s == "uint32")
                o.storages = {hp::Storage::Uint32};
            else if (s == "float32")
                o.storages = {hp::Storage::Float32};
            else if (s == "both")
                o.storages = {hp::Storage::Uint32, hp::Storage::Float32};
            else
                bad = true;
        } else if (a == "--reps" && (v = value()))
            bad = !parseInt(v, &o.reps) || o.reps < 1;
        else if (a == "--warmup" && (v = value()))
            bad = !parseInt(v, &o.warmup);
        else if (a == "--timer" && (v = value())) {
            std::string s = v;
            bad = s != "gpu" && s != "cpu";
            o.forceCpuTimer = s == "cpu";
        } else if (a == "--egl" && (v = value())) {
            bool ok = false;
            o.platform = gl::parseEglPlatform(v, &ok);
            bad = !ok;
        } else if (a == "--csv" && (v = value()))
            o.csv = v;
        else
            bad = true;
        if (bad) {
            std::fprintf(stderr, "dicer-bench: bad argument '%s'%s%s\n", a.c_str(), v ? " " : "", v ? v : "");
            usage(stderr);
            return 2;
        }
    }
    return 0;
}

struct Row {
    std::string variant, storage;
    int size = 0;
    std::uint32_t count = 0;
    Summary build, list, listIndirect, copy;
    hp::VerifyReport verify;
};

Summary measure(TimerSource source, int warmup, int reps, const std::function<void()>& work) {
    for (int i = 0; i < warmup; ++i)
        measureOnceMs(source, work);
    std::vector<double> t;
    for (int i = 0; i < reps; ++i)
        t.push_back(measureOnceMs(source, work));
    return summarize(std::move(t));
}

} // namespace

int main(int argc, char** argv) {
    Options opt;
    if (int rc = parse(argc, argv, opt); rc != 0) return rc < 0 ? 0 : rc;

    auto context = gl::HeadlessContext::create({opt.platform, opt.glDebug, -1});
    if (!context) {
        std::fprintf(stderr, "dicer-bench: %s\n", context.error().c_str());
        return 1;
    }
    const gl::GlInfo& info = (*context)->info();
    const TimerSource timer = chooseTimerSource(info.timerQueriesReliable(), opt.forceCpuTimer);
    std::printf("renderer: %s\nEGL platform: %s\ntimer: %s%s\n\n", info.summary().c_str(),
                (*context)->platformName().c_str(), timerSourceName(timer),
                info.timerQueriesReliable() ? "" : " (this driver's timer queries are unreliable)");

    gl::ShaderLibrary shaders;
    auto list = hp::PointList::create(shaders);
    auto copy = CopyPass::create(shaders);
    if (!list || !copy) {
        std::fprintf(stderr, "dicer-bench: %s\n", (!list ? list.error() : copy.error()).c_str());
        return 1;
    }

    std::vector<Row> rows;
    bool allExact = true;
    for (int size : opt.sizes) {
        if (size > info.maxTextureSize) {
            std::fprintf(stderr, "dicer-bench: size %d exceeds GL_MAX_TEXTURE_SIZE %d, skipped\n", size,
                         info.maxTextureSize);
            continue;
        }
        AtlasImage image = makeSphereShellAtlas(size);
        gl::Texture atlas = uploadAtlas(image);
        std::vector<std::uint8_t> alpha(size_t(size) * size_t(size));
        for (size_t i = 0; i < alpha.size(); ++i)
            alpha[i] = image.rgba[i * 4 + 3];
        hp::CpuPyramid reference = hp::buildCpuPyramid(alpha, size, size, hp::thresholdToByte(0.5f));
        hp::AtlasTiling tiling{{image.volume.x, image.volume.y}, image.tilesX};
        Summary copyTime = measure(timer, opt.warmup, opt.reps, [&] { copy->run(atlas.id(), size, size); });

        for (const hp::VariantInfo& v : hp::variantTable()) {
            if (!opt.variants.empty() &&
                std::find(opt.variants.begin(), opt.variants.end(), v.name) == opt.variants.end())
                continue;
            for (hp::Storage wanted : opt.storages) {
                hp::Storage storage = hp::effectiveStorage(v, wanted);
                if (storage != wanted && opt.storages.size() > 1) continue; // bil once, not twice
                auto pyramid = v.create(shaders, storage);
                if (!pyramid) {
                    std::fprintf(stderr, "dicer-bench: %s\n", pyramid.error().c_str());
                    return 1;
                }
                hp::HistoPyramid& pyr = **pyramid;
                Row row;
                row.variant = v.name;
                row.storage = hp::storageName(storage);
                row.size = size;
                row.copy = copyTime;
                row.build = measure(timer, opt.warmup, opt.reps, [&] { (void)pyr.build(atlas.id(), 0.5f); });
                row.list = measure(timer, opt.warmup, opt.reps, [&] { (void)list->build(pyr, tiling); });
                row.count = list->count();
                row.verify = hp::verifyPointList(*list, reference, tiling);
                allExact = allExact && row.verify.ok();
                row.listIndirect = measure(timer, opt.warmup, opt.reps, [&] {
                    (void)list->buildIndirect(pyr, std::max(row.count, 1u), tiling);
                });
                rows.push_back(row);
                std::fprintf(stderr, "  %s/%s %d^2 done\n", v.name, row.storage.c_str(), size);
            }
        }
    }

    std::printf("| variant | storage | atlas | active cells | HP build ms | PointList ms (count readback) | "
                "PointList ms (GPU-resident) | copy pass ms | build / copy | verify |\n");
    std::printf("|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const Row& r : rows) {
        std::string verify = r.verify.ok() ? "exact" : std::to_string(r.verify.mismatches) + " mismatches";
        std::printf(
            "| %s | %s | %d² | %u | %.2f (%.2f–%.2f) | %.2f (%.2f–%.2f) | %.2f | %.2f | %.2f× | %s |\n",
            r.variant.c_str(), r.storage.c_str(), r.size, r.count, r.build.median, r.build.min, r.build.max,
            r.list.median, r.list.min, r.list.max, r.listIndirect.median, r.copy.median,
            r.build.median / r.copy.median, verify.c_str());
    }
    std::printf("\nmedian (min–max) of %d runs after %d warm-up runs; timer: %s; renderer: %s\n", opt.reps,
                opt.warmup, timerSourceName(timer), info.renderer.c_str());

    if (!opt.csv.empty()) {
        std::ofstream csv(opt.csv);
        csv << "renderer,timer,variant,storage,atlas,active_cells,build_median_ms,build_min_ms,build_max_ms,"
               "list_median_ms,list_indirect_median_ms,copy_median_ms,verify_mismatches\n";
        for (const Row& r : rows)
            csv << '"' << info.renderer << "\"," << timerSourceName(timer) << ',' << r.variant << ','
                << r.storage << ',' << r.size << ',' << r.count << ',' << r.build.median << ',' << r.build.min
                << ',' << r.build.max << ',' << r.list.median << ',' << r.listIndirect.median << ','
                << r.copy.median << ',' << r.verify.mismatches << '\n';
        if (!csv) {
            std::fprintf(stderr, "dicer-bench: cannot write %s\n", opt.csv.c_str());
            return 1;
        }
    }
    if (gl::debugErrorCount() > 0) {
        std::fprintf(stderr, "dicer-bench: %d GL errors reported\n", gl::debugErrorCount());
        return 1;
    }
    return allExact ? 0 : 3;
}
