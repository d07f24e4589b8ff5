#include "xray_report.h"

#include "app.h"

#include <cstdio>

namespace dicer::app {

namespace {

// The surface's vertex K, when the frame expanded one: down hp_mc's pyramid over the cells' vertex counts.
void printSurfaceXray(App& app, std::uint32_t k) {
    surface::McMethod* m = app.gpu->frame->surface().drawable();
    if (!m || !app.settings.view.shown.run(frame::Stage::Expand)) return;
    const std::uint32_t total = m->readTotal();
    if (total == 0) {
        std::printf("xray: the surface (%s) has no vertices: nothing to follow\n", m->name());
        return;
    }
    if (k >= total) {
        std::printf("xray: vertex %u is beyond the %u vertices of the surface (%s): following the last, %u\n", k,
                    total, m->name(), total - 1);
        k = total - 1;
    }
    Result<surface::McXrayPath> path = m->trace(k);
    if (!path) {
        std::printf("xray: %s\n", path.error().c_str());
        app.scriptFailed = true;
        return;
    }
    std::printf("xray: surface vertex %u of %u, down %s's pyramid as its own expansion took it on the GPU:\n", k,
                total, m->name());
    for (const std::string& line : surface::describeMcXray(*path, m->cells()))
        std::printf("xray:   %s\n", line.c_str());
}

// Slot K of sorted blending's back-to-front order, when the frame sorted one: down the counting sort's pyramid over
// the view-depth buckets.
void printDepthOrderXray(App& app, std::uint32_t k) {
    GpuState& gpu = *app.gpu;
    if (!gpu.depthOrder || !gpu.orderSorted || gpu.orderSlots == 0) return;
    sort::Sorter& sorter = gpu.depthOrder->sorter();
    if (k >= gpu.orderSlots) {
        std::printf("xray: slot %u is beyond the %u particle slots sorted (%s): following the last, %u\n", k,
                    gpu.orderSlots, sorter.name(), gpu.orderSlots - 1);
        k = gpu.orderSlots - 1;
    }
    Result<hp::XrayPath> path = sorter.trace(k);
    if (!path) {
        std::printf("xray: %s\n", path.error().c_str());
        app.scriptFailed = true;
        return;
    }
    std::printf("xray: depth-order slot %u of %u, down %s's pyramid as its own descent took it on the GPU:\n", k,
                gpu.orderSlots, sorter.name());
    for (const std::string& line : sorter.describeXray(*path)) std::printf("xray:   %s\n", line.c_str());
}

} // namespace

void printXray(App& app, int asked) {
    if (app.gpu) printSurfaceXray(app, std::uint32_t(asked));
    if (app.gpu) printDepthOrderXray(app, std::uint32_t(asked));
    hp::PointMethod* m = app.gpu ? app.gpu->frame->method() : nullptr;
    if (!m) {
        std::printf("xray: no method ran: nothing to follow\n");
        app.scriptFailed = true;
        return;
    }
    const std::uint32_t count = m->readCount();
    if (count == 0) {
        std::printf("xray: %s listed no outputs: nothing to follow\n", m->name());
        return;
    }
    std::uint32_t k = std::uint32_t(asked);
    if (k >= count) {
        std::printf("xray: output %u is beyond the %u outputs of %s: following the last, %u\n", k, count,
                    m->name(), count - 1);
        k = count - 1;
    }
    Result<hp::XrayPath> path = m->trace(k);
    if (!path) {
        std::printf("xray: %s\n", path.error().c_str());
        app.scriptFailed = true;
        return;
    }
    std::printf("xray: output %u of %u, down %s's pyramid as its own traversal took it on the GPU:\n", k, count,
                m->name());
    for (const std::string& line : hp::describeXray(*path)) std::printf("xray:   %s\n", line.c_str());
}

} // namespace dicer::app
