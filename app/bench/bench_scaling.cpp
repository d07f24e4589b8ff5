// dicer-bench, scaling part: side^3 volumes (64^3 .. 512^3, 1024^3 where the driver allows a 32768^2 atlas)
// as slice atlases of the same source. Per volume: the compute HistoPyramid (build, list), the paper variants
// (build, list with the count read back), atomic append and Horn's scan (atlas -> points), each checked
// against the same voxel set; the table gives time per voxel and per active point, and main() has the rows'
// plot of time vs voxels drawn into --plot (bench_plot_script.h).
#include "bench_context.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "method_table.h"
#include "test_images.h"

#include <cstdio>

namespace dicer::bench {
namespace {} // namespace

bool runScaling(Bench& b) {
    const gl::TimerSource timer = b.report.run.timer;
    bool ok = true;
    // Created once: each resizes its storage when the volume changes. Every GPU method of the table (the CPU
    // paths would download up to 512 MiB atlases); --method selects among those with a list stage.
    struct Scaled {
        const methods::MethodInfo* info;
        std::unique_ptr<hp::PointMethod> method;
    };
    std::vector<Scaled> scaled;
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& info = methods::methodInfo(id);
        if (info.family == methods::Family::CpuPeer || (info.listStage && !b.selected(id))) continue;
        auto created = methods::createMethod(info.name, b.shaders, b.info);
        if (!created) {
            std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
            return false;
        }
        scaled.push_back({&info, std::move(created.value())});
    }

    for (int side : b.opt.cubeSides()) {
        const std::string label = std::to_string(side) + "³";
        const glm::ivec2 extent = testbed::cubeAtlasExtent(side); // the sources' common slice layout
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
        Result<GLuint> uploadedId = atlasTexture(*atlas, uploaded, "scaling atlas");
        if (!uploadedId) { // the driver's memory, not a method's limit: the whole row is skipped, naming it
            b.report.skipped.push_back({kTableScaling, "all", label, uploadedId.error()});
            continue;
        }
        const GLuint tex = *uploadedId;
        const Expected expected = expectedFor(*atlas, hp::thresholdToByte(kThreshold), /*withPyramid=*/false);
        atlas->rgba = {}; // the texture has it; the CPU copy of a 512^3 atlas is 512 MiB
        const std::uint32_t capacity = std::max<std::uint32_t>(std::uint32_t(expected.sorted.size()), 1);
        // The copy's target is allocated by its first run: a refusal skips the row like the atlas's.
        if (Result<void> r = b.copy.run(tex, atlas->size.x, atlas->size.y); !r) {
            b.report.skipped.push_back({kTableScaling, "all", label, r.error()});
            continue;
        }
        const double copyMs = b.measure([&] { (void)b.copy.run(tex, atlas->size.x, atlas->size.y); }).median;

        const hp::MethodInput atlasInput{tex, kThreshold, atlas->tiling, capacity};
        for (Scaled& s : scaled) {
            hp::PointMethod& m = *s.method;
            const std::string name = m.name();
            b.progress.step("scaling " + label + ": " + name);
            auto fed = b.rowInput(s.info->reads, atlasInput, atlas->size); // the atlas, or its bits
            if (!fed) {
                b.report.skipped.push_back({kTableScaling, name, label, fed.error()});
                continue;
            }
            const hp::MethodInput& input = fed->input;
            // The paper variants list with the count read back, as in 2006; the others GPU-resident.
            const hp::ListPath path = s.info->family == methods::Family::PaperHistoPyramid
                                          ? hp::ListPath::Readback
                                          : hp::ListPath::Resident;
            Result<void> first = m.run(input, path);
            if (!first) { // e.g. Horn's scan beyond the storage-block limit: named, not fatal
                std::fprintf(stderr, "dicer-bench: scaling %s %s skipped: %s\n", label.c_str(), name.c_str(),
                             first.error().c_str());
                b.report.skipped.push_back({kTableScaling, name, label, first.error()});
                continue;
            }
            Measurement r;
            r.table = kTableScaling;
            r.method = name;
            r.input = label;
            r.cells = atlas->voxels();
            r.timer = timer;
            r.copyMs = copyMs;
            r.readMs = fed->readMs();
            r.readBytes = fed->bytes;
            r.count = m.listedCount().value_or(std::min(m.readCount(), capacity));
            r.ok = checkEntries(m.points().read(r.count), r.count, expected, nullptr, &r.check);
            ok = ok && r.ok;
            auto stage = [&](const char* stageName, const std::function<void()>& work) {
                r.stage = stageName;
                r.time = b.measure(work, timer);
                b.report.rows.push_back(r);
            };
            if (s.info->listStage) {
                stage("build", [&] { (void)m.build(input); });
                stage("list", [&] { (void)m.list(input, path); });
            }
            stage("total", [&] { (void)m.run(input, path); }); // the plot's curve (plot_bench.py scaling)
        }
    }
    return ok;
}

} // namespace dicer::bench
