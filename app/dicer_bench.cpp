// dicer-bench: the headless run. Builds the HistoPyramid and the point list of a built-in test atlas (a
// sphere shell in the paper's slice layout) with every variant, verifies each list against the CPU reference,
// and prints the timings (median of repeated runs after warm-up) next to a copy pass over the same atlas.
// Works on Mesa llvmpipe (no GPU) and on NVIDIA through the EGL device platform.
#include "bench_options.h"
#include "bench_report.h"
#include "copy_pass.h"
#include "egl_context.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_variants.h"
#include "point_list.h"
#include "test_images.h"
#include "timer.h"

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace dicer;
using namespace dicer::bench;

namespace {

Summary measure(TimerSource source, int warmup, int reps, const std::function<void()>& work) {
    for (int i = 0; i < warmup; ++i)
        measureOnceMs(source, work);
    std::vector<double> t;
    for (int i = 0; i < reps; ++i)
        t.push_back(measureOnceMs(source, work));
    return summarize(std::move(t));
}

bool selected(const Options& o, const char* variant) {
    return o.variants.empty() || std::find(o.variants.begin(), o.variants.end(), variant) != o.variants.end();
}

} // namespace

int main(int argc, char** argv) {
    Options opt;
    if (int rc = parseOptions(argc, argv, opt); rc != 0) return rc < 0 ? 0 : rc;

    auto context = gl::HeadlessContext::create({opt.platform, opt.glDebug, -1});
    if (!context) {
        std::fprintf(stderr, "dicer-bench: %s\n", context.error().c_str());
        return 1;
    }
    const gl::GlInfo& info = (*context)->info();
    RunInfo run{info.renderer, (*context)->platformName(),
                chooseTimerSource(info.timerQueriesReliable(), opt.forceCpuTimer), opt.reps, opt.warmup};
    std::printf("renderer: %s\nEGL platform: %s\ntimer: %s%s\n\n", info.summary().c_str(),
                run.platform.c_str(), timerSourceName(run.timer),
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
        Summary copyTime =
            measure(run.timer, opt.warmup, opt.reps, [&] { copy->run(atlas.id(), size, size); });

        for (const hp::VariantInfo& v : hp::variantTable()) {
            if (!selected(opt, v.name)) continue;
            for (hp::Storage wanted : opt.storages) {
                hp::Storage storage = hp::effectiveStorage(v, wanted);
                if (storage != wanted && opt.storages.size() > 1) continue; // dicer_bil once, not twice
                auto pyramid = v.create(shaders, storage);
                if (!pyramid) {
                    std::fprintf(stderr, "dicer-bench: %s\n", pyramid.error().c_str());
                    return 1;
                }
                hp::HistoPyramid& pyr = **pyramid;
                for (hp::BuildPath path : opt.paths) {
                    pyr.setBuildPath(path);
                    Row row;
                    row.variant = v.name;
                    row.storage = hp::storageName(storage);
                    row.path = hp::buildPathName(path);
                    row.size = size;
                    row.copy = copyTime;
                    row.build =
                        measure(run.timer, opt.warmup, opt.reps, [&] { (void)pyr.build(atlas.id(), 0.5f); });
                    row.list =
                        measure(run.timer, opt.warmup, opt.reps, [&] { (void)list->build(pyr, tiling); });
                    row.count = list->count();
                    row.verify = hp::verifyPointList(*list, reference, tiling);
                    allExact = allExact && row.verify.ok();
                    std::uint32_t capacity = std::max(row.count, 1u);
                    row.listIndirect = measure(run.timer, opt.warmup, opt.reps,
                                               [&] { (void)list->buildIndirect(pyr, capacity, tiling); });
                    rows.push_back(row);
                    std::fprintf(stderr, "  %s/%s/%s %d^2 done\n", v.name, row.storage.c_str(),
                                 row.path.c_str(), size);
                }
            }
        }
    }

    printMarkdown(run, rows);
    if (!opt.csv.empty() && !writeCsv(opt.csv, run, rows)) {
        std::fprintf(stderr, "dicer-bench: cannot write %s\n", opt.csv.c_str());
        return 1;
    }
    if (gl::debugErrorCount() > 0) {
        std::fprintf(stderr, "dicer-bench: %d GL errors reported\n", gl::debugErrorCount());
        return 1;
    }
    if (!allExact) std::fprintf(stderr, "dicer-bench: a point list differs from the CPU reference\n");
    return allExact ? 0 : 3;
}
