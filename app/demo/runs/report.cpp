#include "report.h"

#include "app.h"
#include "band.h"
#include "frame_stages.h"
#include "log.h"
#include "mc_method_table.h"
#include "method_table.h"

#include <imgui.h>

#include <cstdio>
#include <string>

namespace dicer::app {
namespace {

std::string cell(const gl::StageStats* s) {
    if (!s || s->samples == 0) return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", s->avgMs);
    return buf;
}

} // namespace

std::vector<gl::StageStats> stageRows(const gl::StageTimers& timers) {
    const std::vector<gl::StageStats> stats = timers.stats();
    std::vector<gl::StageStats> rows;
    for (const frame::StageInfo& stage : frame::kStages)
        for (const gl::StageStats& s : stats)
            if (s.name == stage.name) rows.push_back(s);
    return rows;
}

std::string sparseLine(const frame::Frame& frame) {
    const occupancy::SparseOccupancy* sparse = frame.source().sparse();
    if (!sparse) return {};
    return occupancy::describeSparse(sparse->capacity(), sparse->bytes(), sparse->lateStatus(),
                                 frame.listIncomplete(), sparse->growthError());
}

std::string methodLabel(const Settings& s) {
    // The method table's own label of the configuration (MethodConfig::label): the bench's CSV spells it so too.
    const methods::MethodInfo& method = methods::methodInfo(s.frame.method);
    return methods::MethodConfig{&method, {method.storageFor(s.frame.storage), s.frame.buildPath}}.label();
}

// The voxels' size: the preset's name for a mesh, the volume's own XxYxZ for a scalar volume.
std::string voxelsLabel(const App& app) {
    if (frame::inputInfo(app.settings.frame.input).reads("preset") || !app.model.volume)
        return app.settings.frame.preset;
    return occupancy::volumeText(app.model.volume->size);
}

void describeBenchmarkRun(App& app) {
    if (!app.benchmark) return;
    const gl::GlInfo& info = app.surface.info();
    app.benchmark->setRun({app.surface.description(), info.renderer, info.version,
                           gl::timerSourceName(app.timers.source()), app.settings.model.label(),
                           methodLabel(app.settings), voxelsLabel(app)});
}

void finishBenchmark(App& app) {
    if (!app.benchmark) return;
    app.timers.finish();
    if (Result<void> r = app.benchmark->write(); !r) {
        log::error("%s", r.error().c_str());
        app.scriptFailed = true;
        return;
    }
    log::info("benchmark: %d frames written to %s", app.benchmark->rowCount(), app.run.benchmark.c_str());
}

void printSummary(const App& app) {
    const Settings& s = app.settings;
    const char* method = methods::methodInfo(s.frame.method).name;
    std::string points = "n/a", source = "n/a";
    if (app.gpu) {
        const frame::Frame& p = *app.gpu->frame;
        if (p.activeCount()) points = std::to_string(*p.activeCount());
        source = p.source().description();
    }
    std::printf("\ndicer: %d frames of %s | %s | %s %s | %s | %s list | %s points\n", app.frame,
                s.model.label().c_str(), methodLabel(s).c_str(),
                frame::inputInfo(s.frame.input).reads("preset") ? "preset" : frame::inputInfo(s.frame.input).name, voxelsLabel(app).c_str(),
                source.c_str(),
                s.frame.listPath == hp::ListPath::Resident ? "GPU-resident" : "paper (count read back)",
                points.c_str());
    if (app.gpu)
        if (const std::string sparse = sparseLine(*app.gpu->frame); !sparse.empty())
            std::printf("sparse occupancy: %s\n", sparse.c_str());
    // A band with no voxel in it is no error: 0 points, and this one line says why.
    if (frame::inputInfo(s.frame.input).hasValues() && app.gpu && app.gpu->frame->activeCount() == 0u)
        std::printf("volume: the band %s holds no voxel of %s: 0 points\n",
                    volume::bandText(s.frame.band).c_str(), s.model.label().c_str());
    // The X-ray panel's image is made when the panel is first shown: never made, it issued no GL call.
    if (app.gpu && app.gpu->xray)
        std::printf("x-ray view: %d renders, %zu levels\n", app.gpu->xray->renders(), app.gpu->xray->tiles().size());
    else if (app.gpu)
        std::printf("x-ray view: off, never made (no GL calls)\n");
    const particles::ParticleRenderInfo& render = particles::particleRenderInfo(s.view.render);
    if (render.depthSorted)
        std::printf("particles: %s, %d depth buckets, opacity %.2f\n", render.label, s.view.depthBuckets,
                    double(s.view.opacity));
    else
        std::printf("particles: %s\n", render.label);
    if (s.view.shown.has(kSurfaceView) && app.gpu) {
        const char* name = surface::mcMethodInfo(s.frame.mcMethod).name;
        const frame::SurfaceStage& stage = app.gpu->frame->surface();
        if (stage.drawable() && stage.vertexCount())
            std::printf("surface: %s, %u triangles%s, vertex buffer %u vertices%s\n", name,
                        *stage.vertexCount() / 3, stage.countIsLate() ? " (late count)" : "",
                        stage.capacity(), stage.growing() ? " (growing)" : "");
        else
            std::printf("surface: %s, nothing drawn: %s\n", name,
                        app.ui.surfaceError.empty() ? "not run" : app.ui.surfaceError.c_str());
    }
    if (s.view.showUi)
        std::printf("ui fit: %s (%d x %d, scale %.2g%s)\n", panelFitText(app.ui.fit).c_str(), app.framebuffer.x,
                    app.framebuffer.y, double(ImGui::GetIO().FontGlobalScale),
                    app.run.openSections ? ", every section open" : "");
    std::printf("renderer: %s\ntimer: %s, %d x %d %s\n", app.surface.info().summary().c_str(),
                gl::timerSourceName(app.timers.source()), app.framebuffer.x, app.framebuffer.y,
                app.surface.description().c_str());
    const std::vector<gl::StageStats> stats = stageRows(app.timers);
    std::printf("%-10s %9s %9s %9s %8s\n", "stage", "avg ms", "min ms", "max ms", "samples");
    for (const gl::StageStats& st : stats) {
        if (st.samples == 0)
            std::printf("%-10s %9s %9s %9s %8d\n", st.name.c_str(), "n/a", "n/a", "n/a", 0);
        else
            std::printf("%-10s %9.2f %9.2f %9.2f %8d\n", st.name.c_str(), st.avgMs, st.minMs, st.maxMs,
                        st.samples);
    }
    gl::StageStats frame = app.frameMs.stats("frame");
    if (frame.samples > 0)
        std::printf("frame: %.2f ms avg (%.1f fps), min %.2f, max %.2f over %d frames\n", frame.avgMs,
                    1000.0 / frame.avgMs, frame.minMs, frame.maxMs, frame.samples);
    else
        std::printf("frame: n/a (fewer frames than the %d warm-up frames)\n", app.timers.warmupFrames());
    if (const auto& v = app.ui.verify) {
        // The numbers the verdict rests on; a cut list says how much it held and what cut it.
        const std::string cut = (v->held < v->gpuCount ? "; the first " + std::to_string(v->held) + " held" : "") +
                                (v->limit.empty() ? "" : " (" + v->limit + ")");
        std::printf("verify (last frame): %s, GPU %u / CPU %u points, %u mismatches%s\n", v->verdictName(),
                    v->gpuCount, v->cpuCount, v->mismatches, cut.c_str());
    }

    // One Markdown row: | method | preset | points | <every stage of frame_stages.h> | frame ms | fps |
    std::string fps = frame.samples > 0 ? std::to_string(int(1000.0 / frame.avgMs + 0.5)) : "n/a";
    char frameMs[32] = "n/a";
    if (frame.samples > 0) std::snprintf(frameMs, sizeof frameMs, "%.1f", frame.avgMs);
    // Appends only: GCC 12 warns (-Wrestrict, a false positive) on "| " + std::string temporaries.
    std::string row = "|";
    for (const std::string& field : {std::string(method), voxelsLabel(app), points})
        row.append(" ").append(field).append(" |");
    for (const frame::StageInfo& stage : frame::kStages) {
        const gl::StageStats* timed = nullptr;
        for (const gl::StageStats& st : stats)
            if (st.name == stage.name) timed = &st;
        row.append(" ").append(cell(timed)).append(" |");
    }
    std::printf("%s %s | %s |\n", row.c_str(), frameMs, fps.c_str());
}

} // namespace dicer::app
