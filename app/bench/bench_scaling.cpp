// dicer-bench, scaling part: side^3 volumes (64^3 .. 512^3, 1024^3 where the driver allows a 32768^2 atlas)
// as slice atlases of the same source. Per volume: the compute HistoPyramid (build, list), the paper variants
// (build, list with the count read back), atomic append and Horn's scan (atlas -> points), each checked
// against the same voxel set; the table gives time per voxel and per active point, and a log-log PNG plot of
// time vs voxels is written to --plot.
#include "bench_context.h"
#include "bench_plot.h"
#include "hp_compute.h"
#include "hp_math.h"
#include "hp_variants.h"
#include "test_images.h"

#include <cstdio>
#include <map>

namespace dicer::bench {
namespace {

struct ScalingMethod {
    std::string name;
    std::function<Result<void>()> build, list; // list empty: build does atlas -> points
    std::function<std::uint32_t()> count;
    std::function<std::vector<glm::uvec4>(std::uint32_t)> points;
};

} // namespace

bool runScaling(Bench& b) {
    const TimerSource timer = b.report.run.timer;
    bool ok = true;
    // Created once: each resizes its storage when the volume changes.
    std::vector<std::unique_ptr<hp::HistoPyramid>> variants;
    for (const hp::VariantInfo& v : hp::variantTable())
        if (b.selected(v.name))
            if (auto p = v.create(b.shaders, hp::effectiveStorage(v, hp::Storage::Uint32)))
                variants.push_back(std::move(p.value()));
    auto hpc = hp::ComputeHistoPyramid::create(b.shaders);
    auto append = peers::createPeer("atomic_append", b.shaders, b.info);
    auto horn = peers::createPeer("horn_scan", b.shaders, b.info);
    if (!hpc || !append || !horn) return false;

    std::map<std::string, PlotSeries> curves; // method -> (voxels, total ms)
    for (int side : b.opt.volumes) {
        const std::string label = std::to_string(side) + "³";
        const glm::ivec2 extent = cubeAtlasExtent(side); // the sources' common slice layout
        if (extent.x > b.info.maxTextureSize || extent.y > b.info.maxTextureSize) {
            std::string why = "needs a " + std::to_string(extent.x) + "x" + std::to_string(extent.y) +
                              " atlas, GL_MAX_TEXTURE_SIZE is " + std::to_string(b.info.maxTextureSize);
            std::fprintf(stderr, "dicer-bench: scaling %s skipped: %s\n", label.c_str(), why.c_str());
            b.report.skipped.push_back({kTableScaling, "all", label, why});
            continue;
        }
        b.progress.step("scaling " + label + ": making the atlas");
        auto atlas = b.source.cubeAtlas(side);
        if (!atlas) {
            b.report.skipped.push_back({kTableScaling, "all", label, atlas.error()});
            continue;
        }
        gl::Texture uploaded;
        const GLuint tex = atlasTexture(*atlas, uploaded, "scaling atlas");
        if (glGetError() == GL_OUT_OF_MEMORY) {
            b.report.skipped.push_back({kTableScaling, "all", label, "out of memory for the atlas"});
            continue;
        }
        const Expected expected = expectedFor(*atlas, hp::thresholdToByte(kThreshold), /*withPyramid=*/false);
        atlas->rgba = {}; // the texture has it; the CPU copy of a 512^3 atlas is 512 MiB
        const std::uint32_t capacity = std::max<std::uint32_t>(std::uint32_t(expected.sorted.size()), 1);
        const double copyMs = b.measure([&] { b.copy.run(tex, atlas->size.x, atlas->size.y); }).median;

        std::vector<ScalingMethod> methods;
        if (b.selected("hp_compute"))
            methods.push_back({"hp_compute",
                               [&] { return (*hpc)->build(tex, kThreshold, capacity, atlas->tiling); },
                               [&] { return (*hpc)->list(capacity); }, [&] { return (*hpc)->readCount(); },
                               [&](std::uint32_t n) { return (*hpc)->readPoints(n); }});
        for (auto& v : variants) {
            hp::HistoPyramid* pyr = v.get();
            methods.push_back({pyr->name(), [=] { return pyr->build(tex, kThreshold, atlas->tiling); },
                               [&, pyr] { return b.list.build(*pyr); }, [&] { return b.list.count(); },
                               [&](std::uint32_t n) { return b.list.readPoints(n); }});
        }
        for (peers::Compactor* p : {append->get(), horn->get()})
            methods.push_back({p->name(),
                               [=, &atlas] {
                                   return p->run({tex, kThreshold, atlas->tiling, capacity});
                               },
                               nullptr, [=] { return p->readCount(); },
                               [=](std::uint32_t n) { return p->readPoints(n); }});

        for (ScalingMethod& m : methods) {
            b.progress.step("scaling " + label + ": " + m.name);
            Result<void> first = m.build();
            if (first && m.list) first = m.list();
            if (!first) { // e.g. Horn's scan beyond the storage-block limit: named, not fatal
                std::fprintf(stderr, "dicer-bench: scaling %s %s skipped: %s\n", label.c_str(),
                             m.name.c_str(), first.error().c_str());
                b.report.skipped.push_back({kTableScaling, m.name, label, first.error()});
                continue;
            }
            Measurement r;
            r.table = kTableScaling;
            r.method = m.name;
            r.input = label;
            r.cells = atlas->voxels();
            r.timer = timer;
            r.copyMs = copyMs;
            r.count = m.count();
            r.ok = checkEntries(m.points(r.count), r.count, expected, nullptr, &r.check);
            ok = ok && r.ok;
            auto stage = [&](const char* name, const std::function<void()>& work) {
                r.stage = name;
                r.time = b.measure(work, timer);
                b.report.rows.push_back(r);
                return r.time.median;
            };
            double total = 0;
            if (m.list) {
                stage("build", [&] { (void)m.build(); });
                stage("list", [&] { (void)m.list(); });
                total = stage("total", [&] {
                    (void)m.build();
                    (void)m.list();
                });
            } else {
                total = stage("total", [&] { (void)m.build(); });
            }
            curves[m.name].name = m.name;
            curves[m.name].points.push_back({double(atlas->voxels()), total});
        }
    }

    std::vector<PlotSeries> series;
    for (auto& [name, s] : curves)
        series.push_back(s);
    if (!series.empty() && !b.opt.plot.empty()) {
        Result<void> r =
            writeLogLogPlot(b.opt.plot,
                            {"dicer-bench scaling: atlas to point list, " + b.report.run.renderer, "voxels",
                             "ms (build + list)"},
                            series);
        if (!r) {
            std::fprintf(stderr, "dicer-bench: %s\n", r.error().c_str());
            return false;
        }
        std::printf("scaling plot: %s\n\n", b.opt.plot.c_str());
    }
    return ok;
}

} // namespace dicer::bench
