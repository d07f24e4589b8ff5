#include "xray_subject.h"

#include "app.h"
#include "mc_method_table.h"
#include "method_table.h"
#include "xray_follow.h"

#include <cstdio>

namespace dicer::app {
namespace {

XrayFound foundError(const std::string& error) {
    XrayFound f;
    f.error = error;
    return f;
}

// --- the points: the point method's pyramid over the active cells --------------------------------------------

bool pointsOffered(const App& app) {
    return app.gpu && app.gpu->frame->method();
}

// `levels`: the pyramid's (1D ones, hp_sparse's: a step's cell.x is the entry's index, drawn in Z order; a tile
// beside the levels over the atlas, its brick map: the found cell's node marked there too).
XrayFound tracePoint(hp::PointMethod& m, std::uint32_t k, const std::vector<hp::XrayLevel>& levels) {
    const bool zOrder = !levels.empty() && levels.front().zOrder;
    Result<hp::XrayPath> path = m.trace(k);
    if (!path) return foundError(path.error());
    XrayFound f;
    f.lines = hp::describeXray(*path);
    int lowest = path->steps.empty() ? 1 : path->steps.back().level;
    for (const hp::XrayStep& s : path->steps)
        f.marks.push_back({s.level, zOrder ? hp::zOrderNode(std::uint64_t(s.cell.x)) : s.cell});
    // Below the last step (the compute pyramids' masks, the paper's level 1) the path is in the cell found: its
    // ancestors down to the cell itself.
    for (int level = lowest - 1; level >= 0; --level)
        f.marks.push_back({level, path->cell >> level});
    for (const hp::XrayLevel& l : levels)
        if (l.texelsPerNode > 0) f.marks.push_back({l.level, path->cell / l.texelsPerNode});
    f.atlasTexel = path->cell;
    return f;
}

XraySubject pointsSubject(App& app) {
    XraySubject s;
    hp::PointMethod* m = app.gpu->frame->method();
    s.method = m->name();
    s.summary = methods::methodInfo(app.settings.frame.method).summary;
    s.pyramid.levels = m->xrayLevels();
    s.pyramid.draw = [m](std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
        return m->drawXray(tiles, canvas);
    };
    s.count = app.gpu->frame->activeCount();
    s.trace = [m, levels = s.pyramid.levels](std::uint32_t k) { return tracePoint(*m, k, levels); };
    s.pickPoints = true;
    return s;
}

// --- the surface: marching cubes' pyramid over the cells' vertex counts ----------------------------------------

bool surfaceOffered(const App& app) {
    return app.gpu && app.gpu->frame->surface().drawable() &&
           app.settings.view.shown.run(frame::Stage::Expand);
}

XrayFound traceVertex(surface::McMethod& m, std::uint32_t k) {
    Result<surface::McXrayPath> path = m.trace(k);
    if (!path) return foundError(path.error());
    XrayFound f;
    f.lines = surface::describeMcXray(*path, m.cells());
    f.surfaceCell = std::int64_t(path->cell);
    f.cells = m.cells();
    for (const hp::XrayStep& s : path->steps)
        f.marks.push_back({s.level, hp::zOrderNode(std::uint64_t(s.cell.x))});
    // Level 0: the cell within the base word (the last step's child), in the cells' Z order.
    if (!path->steps.empty()) {
        const hp::XrayStep& word = path->steps.back();
        f.marks.push_back({0, hp::zOrderNode(std::uint64_t(word.cell.x) * 4u + word.child)});
    }
    return f;
}

XraySubject surfaceSubject(App& app) {
    XraySubject s;
    surface::McMethod* mc = app.gpu->frame->surface().drawable();
    s.method = mc->name();
    s.summary = surface::mcMethodInfo(app.settings.frame.mcMethod).summary;
    s.output = "vertex";
    s.outputs = "vertices";
    s.pyramid.levels = mc->xrayLevels();
    s.pyramid.draw = [mc](std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
        return mc->drawXray(tiles, canvas);
    };
    s.count = app.gpu->frame->surface().vertexCount();
    s.trace = [mc](std::uint32_t k) { return traceVertex(*mc, k); };
    return s;
}

// --- the depth order: sorted blending's counting sort over the view-depth buckets ------------------------------

bool depthOrderOffered(const App& app) {
    return app.gpu && app.gpu->depthOrder && app.gpu->orderSorted;
}

// Slot k of the back-to-front order: the sort's descent to its bucket, then the particle it orders there (one
// word of the permutation and its position read back, with the trace only).
XrayFound traceSlot(const GpuState& gpu, sort::Sorter& sorter, std::uint32_t buckets, std::uint32_t k) {
    Result<hp::XrayPath> path = sorter.trace(k);
    if (!path) return foundError(path.error());
    XrayFound f;
    f.lines = sorter.describeXray(*path);
    const auto bucket = std::uint32_t(path->cell.x);
    f.lines.push_back(bucket >= buckets
                          ? "bucket " + std::to_string(bucket) +
                                " holds the retired particles' slots: drawn after every live one"
                          : "bucket " + std::to_string(bucket) + " of " + std::to_string(buckets) +
                                " view depths, 0 the farthest: drawn after the buckets below it");
    for (const hp::XrayStep& s : path->steps)
        f.marks.push_back({s.level, hp::zOrderNode(std::uint64_t(s.cell.x))});
    f.marks.push_back({0, hp::zOrderNode(bucket)});
    std::uint32_t particle = 0;
    glGetNamedBufferSubData(sorter.permutation(), GLintptr(k) * 4, 4, &particle);
    if (gpu.particles && particle < gpu.particles->capacity()) {
        glm::vec4 p(0.f);
        glGetNamedBufferSubData(gpu.particles->positionBuffer(), GLintptr(particle) * 16, 16, &p[0]);
        f.worldPoint = glm::vec3(p);
        char line[160];
        std::snprintf(line, sizeof line, "slot %u orders particle %u, at (%.3f, %.3f, %.3f) when followed", k,
                      particle, double(p.x), double(p.y), double(p.z));
        f.lines.push_back(line);
    }
    return f;
}

XraySubject depthOrderSubject(App& app) {
    XraySubject s;
    GpuState& gpu = *app.gpu;
    sort::Sorter& sorter = gpu.depthOrder->sorter();
    s.method = sorter.name();
    s.summary = "the particles' view depths sorted into buckets, back to front, every frame";
    s.output = "slot";
    s.outputs = "particle slots";
    s.pyramid.levels = sorter.xrayLevels();
    s.pyramid.draw = [&sorter](std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
        return sorter.drawXray(tiles, canvas);
    };
    s.count = gpu.orderSlots;
    const auto buckets = std::uint32_t(app.settings.view.depthBuckets);
    s.trace = [&gpu, &sorter, buckets](std::uint32_t k) { return traceSlot(gpu, sorter, buckets, k); };
    return s;
}

constexpr XrayPyramidRow kRows[] = {
    {pointsOffered, pointsSubject},
    {surfaceOffered, surfaceSubject},
    {depthOrderOffered, depthOrderSubject},
};
constexpr int kPointsRow = 0, kSurfaceRow = 1;

} // namespace

std::span<const XrayPyramidRow> xrayPyramidTable() {
    return kRows;
}
// The names' half of the table (xray_pyramids.h), row for row.
static_assert(std::size(kRows) == std::size(kXrayPyramids));

XraySubject xraySubject(App& app) {
    int row = -1;
    if (app.ui.xrayOf && *app.ui.xrayOf >= 0 && *app.ui.xrayOf < int(std::size(kRows)) &&
        kRows[*app.ui.xrayOf].offered(app))
        row = *app.ui.xrayOf;
    else if (surfaceOffered(app) && !app.settings.view.shown.has(kPointsView))
        row = kSurfaceRow;
    else if (pointsOffered(app))
        row = kPointsRow;
    if (row < 0) return {};
    XraySubject s = kRows[row].subject(app);
    s.of = row;
    return s;
}

} // namespace dicer::app
