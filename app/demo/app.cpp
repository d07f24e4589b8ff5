#include "app.h"

#include "anatomy.h"
#include "builtin_models.h"
#include "log.h"
#include "mc_method_table.h"
#include "method_table.h"
#include "ui.h"
#include "volume_layout.h"

#include <cstdio>

namespace dicer::app {
namespace {

constexpr size_t kLogLines = 200;

// The floor the particles bounce on, as a mesh: the unit square in the plane y = 0 (drawn scaled to the
// particles' reach at the floor's height: view_draws.cpp).
model::Mesh makeFloor() {
    model::Mesh floor = model::makePlaneZ(0.f, 1.f);
    for (glm::vec3& p : floor.positions)
        p = {p.x, 0.f, -p.y}; // the z = 0 plane turned to face +y
    for (glm::vec3& n : floor.normals)
        n = {0.f, 1.f, 0.f};
    for (glm::vec4& c : floor.colors)
        c = {0.32f, 0.33f, 0.36f, 1.f};
    floor.computeBounds();
    return floor;
}

} // namespace

App::App(Surface& s, const CommandLine& cli, gl::TimerSource timerSource)
    : surface(s), run(cli.run), settings(cli.settings), last(cli.settings), outputChosen(cli.outputChosen),
      colorChosen(cli.gave("color")),
      timers(timerSource, cli.run.warmupFrames) {
    if (run.xray >= 0) { // --xray K: the X-ray panel open on output K
        settings.view.shown.set(kXrayView, true);
        last.view.shown.set(kXrayView, true);
        ui.xrayK = run.xray;
    }
    if (run.xrayPyramid >= 0) ui.xrayOf = run.xrayPyramid; // --xray-pyramid NAME: the pyramid it shows
    if (run.xraySteps > 0.f) { // --xray-steps S: the panel open in its step mode
        settings.view.shown.set(kXrayView, true);
        last.view.shown.set(kXrayView, true);
        ui.xrayStepMode = true;
        ui.xrayStepSpeed = run.xraySteps;
    }
}

App::~App() {
    log::setSink(nullptr);
}

void captureLog(App& app) {
    log::setSink([&app](log::Level level, std::string_view message) {
        std::fprintf(stderr, "[%s] %.*s\n", log::levelName(level), int(message.size()), message.data());
        app.ui.log.emplace_back(std::string(log::levelName(level)) + ": " + std::string(message));
        if (app.ui.log.size() > kLogLines) app.ui.log.pop_front();
    });
}

Result<void> buildGpuState(App& app) {
    app.gpu.reset(); // the old programs go first: the library is rebuilt as a whole
    auto gpu = std::make_unique<GpuState>();
    auto created = frame::Frame::create(gpu->shaders, app.surface.info());
    if (!created) return makeError(created.error());
    gpu->frame = std::move(created.value());
    auto particles = particles::ParticleSystem::create(gpu->shaders, app.surface.info());
    if (!particles) return makeError(particles.error());
    gpu->particles.emplace(std::move(particles.value()));
    auto depthOrder = particles::ParticleDepthOrder::create(gpu->shaders, app.surface.info());
    if (!depthOrder) return makeError(depthOrder.error());
    gpu->depthOrder.emplace(std::move(depthOrder.value()));
    auto meshView = MeshView::create(gpu->shaders);
    auto floorView = MeshView::create(gpu->shaders);
    if (!meshView || !floorView) return makeError(meshView ? floorView.error() : meshView.error());
    gpu->meshView.emplace(std::move(meshView.value()));
    gpu->floorView.emplace(std::move(floorView.value()));
    if (particles::SurfaceShatter::isAvailable(app.surface.info())) {
        auto shatter = particles::SurfaceShatter::create(gpu->shaders, app.surface.info());
        if (!shatter) return makeError(shatter.error());
        gpu->shatter.emplace(std::move(shatter.value()));
    }
    auto surfaceView = SurfaceView::create(gpu->shaders, /*shatter=*/gpu->shatter.has_value());
    if (!surfaceView) return makeError(surfaceView.error());
    gpu->surfaceView.emplace(std::move(surfaceView.value()));
    auto views = ImageViews::create(gpu->shaders, app.surface.info());
    if (!views) return makeError(views.error());
    gpu->views.emplace(std::move(views.value()));

    if (app.model.volume) { // uploaded before the frame takes its layout from it
        if (Result<void> r = gpu->frame->setVolume(*app.model.volume); !r) return r;
        if (Result<void> r = gpu->frame->apply(app.settings.frame); !r) return r;
    } else {
        if (Result<void> r = gpu->frame->apply(app.settings.frame); !r) return r;
        if (Result<void> r = gpu->frame->setMesh(app.model.mesh); !r) return r;
        if (Result<void> r = gpu->meshView->upload(app.model.mesh, gpu->frame->source().mesh().meshTextures()); !r)
            return r;
    }
    if (Result<void> r = gpu->floorView->upload(makeFloor(), nullptr); !r) return r;
    app.gpu = std::move(gpu);
    app.gpuError.clear();
    app.resetTimings = true;
    return {};
}

Result<std::unique_ptr<App>> createApp(Surface& surface, const CommandLine& given) {
    const gl::GlInfo& info = surface.info();
    // The output first: the preset's default on this driver, or the chosen one checked to hold the preset.
    CommandLine cli = given;
    if (Result<void> r = resolveOutput(cli, info); !r) return makeError(r.error());
    const Settings& s = cli.settings;
    const methods::MethodInfo& method = methods::methodInfo(s.frame.method);
    if (!method.isAvailable(info))
        return makeError(std::string("method ") + method.name + " is not available on " + info.renderer);
    if (const surface::McMethodInfo& mc = surface::mcMethodInfo(s.frame.mcMethod);
        !mc.isAvailable(info))
        return makeError(std::string("mc method ") + mc.name + " is not available on " + info.renderer);
    if (const particles::ParticleRenderInfo& render = particles::particleRenderInfo(s.view.render);
        !render.isAvailable(info))
        return makeError(std::string("particle rendering ") + render.name + " is not available on " +
                         info.renderer);
    auto model = loadModel(s.model, std::nullopt, cli.up);
    if (!model)
        return makeError(std::string(s.model.kind == ModelKind::Volume ? "cannot load the volume: "
                                                                       : "cannot load the model: ") +
                         model.error());
    Result<volume::Band> band = volume::Band{};
    if (model->volume)
        if (band = resolveBand(cli.band, *model); !band) return makeError(band.error());

    gl::TimerSource timer = gl::chooseTimerSource(info.timerQueriesReliable(), cli.run.forceCpuTimer);
    auto app = std::make_unique<App>(surface, cli, timer);
    captureLog(*app);
    log::info("%s", setupLayoutIni(cli.run.frames > 0).c_str());
    if (!cli.run.benchmark.empty()) {
        auto benchmark = BenchmarkLog::open(cli.run.benchmark, cli.run.warmupFrames);
        if (!benchmark) return makeError(benchmark.error());
        app->benchmark.emplace(std::move(benchmark.value()));
        app->timers.setSampleSink([&log = *app->benchmark](int frame, std::string_view stage, double ms) {
            log.stageSample(frame, stage, ms);
        });
    }
    app->model = std::move(model.value());
    if (cli.up) app->volumeTurns[s.model.path] = app->model.turn;
    if (!app->model.turn.from.empty())
        log::info("%s: turned upright by %s: %s (U, Shift+U turn it)", s.model.label().c_str(),
                  app->model.turn.from.c_str(), volume::anatomyText(app->model.turn.anatomy).c_str());
    app->ui.modelWarnings = app->model.warnings;
    if (app->model.volume) app->settings.frame.band = app->last.frame.band = *band;
    if (s.model.kind == ModelKind::File) rememberRecent(app->ui.recent, s.model.path);
    if (cli.run.soak > 0) {
        app->soak = std::make_unique<SoakState>();
        app->soak->base = app->settings; // with a volume's band resolved: the base is what the run shows
    }
    if (Result<void> r = buildGpuState(*app); !r) {
        // A scripted run cannot wait for a fix; the interactive app shows the log and retries on Shift+R.
        if (cli.run.frames > 0) return makeError(r.error());
        app->gpuError = r.error();
        log::error("%s", r.error().c_str());
    }
    return app;
}

} // namespace dicer::app
