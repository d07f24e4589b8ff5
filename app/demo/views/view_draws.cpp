#include "view_draws.h"

#include "passes.h"
#include "xray_subject.h"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>

namespace dicer::app {
namespace {

float pixelsPerUnitAtDistanceOne(glm::ivec2 framebuffer) {
    return float(framebuffer.y) / (2.f * std::tan(0.5f * OrbitCamera::kFovY));
}

// The floor the particles and the surface's pieces bounce on: at their floor's height (the bottom of the box the
// volume is drawn as, by default), as far as any particle can come to rest (particles::floorReach): none lies
// beyond its edge.
void drawFloor(App& app, const ViewPass& pass) {
    const glm::vec3 shape = app.gpu->frame->shape();
    const float floorY = particles::floorHeight(app.settings.particles, shape);
    const float reach = particles::floorReach(app.settings.particles, shape);
    const glm::mat4 floor = glm::scale(glm::translate(glm::mat4(1.f), {0.f, floorY - 0.002f, 0.f}),
                                       glm::vec3(reach, 1.f, reach));
    app.gpu->floorView->draw(pass.viewProj, floor, pass.light);
}

void drawPoints(App& app, const ViewPass& pass) {
    GpuState& gpu = *app.gpu;
    const ViewSettings& view = app.settings.view;
    const frame::Frame& frame = *gpu.frame;
    const particles::ParticleSource source = frame.points();
    drawFloor(app, pass);
    // Sprites as wide as a voxel (drawn to scale: its widest side, 2 * shape / volume; for cubic voxels
    // 2 / the largest side) times the user's factor, in pixels at distance 1.
    const glm::vec3 side = 2.f * source.shape / glm::vec3(glm::max(source.volume, glm::ivec3(1)));
    const float voxel = glm::max(glm::max(side.x, side.y), side.z);
    particles::ParticleDraw draw{pass.viewProj,
                                 voxel * view.pointSize * pixelsPerUnitAtDistanceOne(app.framebuffer),
                                 view.color,
                                 view.render,
                                 frame.source().atlas(),
                                 frame.pointColors(),
                                 app.framebuffer,
                                 view.opacity,
                                 gpu.orderSorted ? gpu.depthOrder->order() : 0u};
    statusOnce(app.ui.splatsError, gpu.particles->draw(source, draw));
}

void drawMesh(App& app, const ViewPass& pass) {
    app.gpu->meshView->draw(pass.viewProj, app.modelMatrix, pass.light);
}

void drawSurfaceView(App& app, const ViewPass& pass) {
    // The ground the pieces land on, once (the points' view draws it when it is shown too).
    if (!app.settings.view.shown.has(kPointsView)) drawFloor(app, pass);
    drawSurface(app, pass.viewProj, pass.light);
}

// The slice atlas panel's image: the atlas, or the bits or the sparse occupancy as one; the zoom window is 1/zoom
// of it around the centre.
void drawAtlasImage(App& app, const ViewPass& pass) {
    GpuState& gpu = *app.gpu;
    const frame::VoxelSource& voxels = gpu.frame->source();
    const occupancy::SparseOccupancy* sparse = voxels.sparse();
    if (!voxels.atlas() && !voxels.bits() && !sparse) return;
    const float size = float(voxels.atlasSize());
    const glm::vec2 half(0.5f * size / app.ui.atlasZoom);
    const glm::vec2 centre = app.ui.atlasCentre * size;
    PanelInputs atlas = pass.panel;
    atlas.window = glm::vec4(centre - half, centre + half);
    atlas.size = app.ui.atlasPanelSize;
    atlas.sparseSlots = sparse ? sparse->capacity() : 0;
    if (gpu.atlasShown == atlas) return;
    // A refused image is reported once; the panel keeps its last image until the inputs change.
    const glm::ivec2 tile = voxels.tiling().tileSize;
    stageError(app, voxels.atlas() ? gpu.views->renderAtlas(voxels.atlas(), atlas.window, tile, atlas.size)
                    : sparse       ? gpu.views->renderSparse(sparse->index(), sparse->pool(), sparse->capacity(),
                                                             voxels.atlasSize(), atlas.window, tile, atlas.size)
                                   : gpu.views->renderBits(voxels.bits(), voxels.atlasSize(), atlas.window, tile,
                                                           atlas.size));
    gpu.atlasShown = atlas;
}

void drawListImage(App& app, const ViewPass& pass) {
    GpuState& gpu = *app.gpu;
    if (gpu.listShown == pass.panel) return;
    gpu.views->renderList(gpu.frame->points());
    gpu.listShown = pass.panel;
}

// The X-ray panel's image, every frame it is shown (the pyramid is built every frame). Its view is made the first
// time: while the panel is off nothing of it exists or runs.
void drawXrayImage(App& app, const ViewPass&) {
    GpuState& gpu = *app.gpu;
    if (!gpu.xray) {
        Result<XrayView> made = XrayView::create(gpu.shaders);
        if (!made) {
            statusOnce(app.ui.xrayError, Result<void>(makeError(made.error())));
            return;
        }
        gpu.xray.emplace(std::move(made.value()));
    }
    const XraySubject subject = xraySubject(app);
    if (subject.pyramid.levels.empty()) return; // the panel says what the row does instead
    const float half = 0.5f / app.ui.xrayZoom;
    const glm::vec4 window(app.ui.xrayCentre - half, app.ui.xrayCentre + half);
    statusOnce(app.ui.xrayError, gpu.xray->render(subject.pyramid, window, app.ui.xraySide));
}

// The hooks in view table order (view_table.cpp).
constexpr DrawView kDraws[] = {drawMesh, drawSurfaceView, drawPoints, drawAtlasImage, drawListImage, drawXrayImage};
static_assert(std::size(kDraws) == std::size(kViewRows), "one hook per row of the view table");

} // namespace

DrawView viewDraw(ViewId id) {
    return kDraws[size_t(id.row)];
}

void drawViews(App& app) {
    const glm::ivec2 fb = app.framebuffer;
    const GLuint target = app.surface.framebuffer(); // the window's (0) or the offscreen FBO
    glBindFramebuffer(GL_FRAMEBUFFER, target);
    glViewport(0, 0, fb.x, fb.y);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.10f, 0.11f, 0.13f, 1.f);
    glClearDepth(1.0);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!app.gpu) return;

    ViewPass pass;
    pass.viewProj = app.camera.projection(float(fb.x) / float(fb.y)) * app.camera.view();
    pass.light = glm::normalize(app.camera.eye() - app.camera.target() + glm::vec3(0.f, 2.f, 0.f));
    pass.panel = {app.modelMatrix, app.settings.model, app.settings.frame, {}, {}, app.shaderReloads};
    const ViewSettings& view = app.settings.view;
    // The 3D view's rows first (depth-tested), then the panels' images (hidden with the panels).
    for (ViewPlace place : {ViewPlace::Scene, ViewPlace::Panel}) {
        if (place == ViewPlace::Panel) glDisable(GL_DEPTH_TEST);
        for (size_t row = 0; row < std::size(kViewRows); ++row) { // in place: no list allocated per frame
            const ViewId id{int(row)};
            if (!view.shown.has(id) || kViewRows[row].place != place || (place == ViewPlace::Panel && !view.showUi))
                continue;
            viewDraw(id)(app, pass);
        }
    }
    glBindFramebuffer(GL_FRAMEBUFFER, target); // the panels' images drew elsewhere; the UI draws here
    glViewport(0, 0, fb.x, fb.y);
}

} // namespace dicer::app
