// The camera frames the subject in the free area between the panels (camera.h OrbitCamera::fit, ui_layout.h
// freeAreaNdc): every corner of the box the volume is drawn as projects inside the free area, and the box is not
// lost in it (it spans most of the area along one axis), for the built-in models' cube and both scans' boxes, at
// the first screen, 1920x1080, a small window, after a resize and with the panels hidden.
#include "camera.h"
#include "ui_layout.h"

#include <glm/mat4x4.hpp>
#include <gtest/gtest.h>

#include <algorithm>

using namespace dicer::app;

namespace {

struct Projected {
    glm::vec2 min{1e9f}, max{-1e9f}; // pixels, y down
};

Projected project(const OrbitCamera& camera, glm::vec3 half, glm::vec2 display) {
    const glm::mat4 viewProj = camera.projection(display.x / display.y) * camera.view();
    Projected p;
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec4 c = viewProj * glm::vec4(half * glm::vec3(corner & 1 ? 1.f : -1.f, corner & 2 ? 1.f : -1.f,
                                                                   corner & 4 ? 1.f : -1.f), 1.f);
        const glm::vec2 ndc = glm::vec2(c) / c.w;
        const glm::vec2 pixel{(ndc.x + 1.f) * 0.5f * display.x, (1.f - ndc.y) * 0.5f * display.y};
        p.min = glm::min(p.min, pixel);
        p.max = glm::max(p.max, pixel);
    }
    return p;
}

void expectFramed(OrbitCamera& camera, glm::vec3 half, glm::vec2 display, bool panels) {
    const PanelLayout layout = defaultPanelLayout({0.f, 0.f}, display, 1.f);
    const NdcArea area = freeAreaNdc(layout, display, panels);
    camera.fit(half, area.centre, area.half, display.x / display.y);
    const WindowRect free = panels ? layout.free : WindowRect{{0.f, 0.f}, display};
    const Projected p = project(camera, half, display);
    const std::string where = std::to_string(int(display.x)) + "x" + std::to_string(int(display.y)) +
                              (panels ? "" : " no panels") + " box " + std::to_string(half.x) + " " +
                              std::to_string(half.y) + " " + std::to_string(half.z);
    EXPECT_GE(p.min.x, free.pos.x - 0.5f) << where;
    EXPECT_GE(p.min.y, free.pos.y - 0.5f) << where;
    EXPECT_LE(p.max.x, free.pos.x + free.size.x + 0.5f) << where;
    EXPECT_LE(p.max.y, free.pos.y + free.size.y + 0.5f) << where;
    const glm::vec2 spans = (p.max - p.min) / free.size;
    EXPECT_GT(std::max(spans.x, spans.y), 0.95f) << where << ": the subject is lost in the free area";
}

} // namespace

TEST(Framing, SubjectFillsTheFreeAreaBetweenThePanels) {
    // The built-in models' cube; the CT head's box (3.2 x 3.2 x 1.5 mm voxels, 64 x 64 x 93); the MR head's.
    const glm::vec3 boxes[] = {{1.f, 1.f, 1.f}, {1.f, 1.f, 0.681152f}, {0.774194f, 1.f, 0.677419f}};
    for (glm::vec3 half : boxes)
        for (glm::vec2 display : {glm::vec2(1280.f, 800.f), glm::vec2(1920.f, 1080.f), glm::vec2(800.f, 600.f)})
            for (bool panels : {true, false}) {
                OrbitCamera camera; // the start direction
                expectFramed(camera, half, display, panels);
                camera.orbit({200.f, -80.f}); // another direction, then a resize: framed again from there
                expectFramed(camera, half, {display.x * 0.75f, display.y}, panels);
            }
}

TEST(Framing, FreeAreaLiesBetweenTheSidebarAndTheColumnAboveTheStatusLine) {
    const PanelLayout l = defaultPanelLayout({0.f, 0.f}, {1280.f, 800.f}, 1.f);
    EXPECT_GE(l.free.pos.x, l.sidebar.pos.x + l.sidebar.size.x);
    EXPECT_LE(l.free.pos.x + l.free.size.x, l.timings.pos.x);
    EXPECT_LE(l.free.pos.y + l.free.size.y, l.status.pos.y);
    const NdcArea a = freeAreaNdc(l, {1280.f, 800.f}, true);
    EXPECT_NEAR(a.centre.x, ((l.free.pos.x + 0.5f * l.free.size.x) / 1280.f) * 2.f - 1.f, 1e-6f);
    const NdcArea none = freeAreaNdc(l, {1280.f, 800.f}, false);
    EXPECT_EQ(none.centre, glm::vec2(0.f));
    EXPECT_EQ(none.half, glm::vec2(1.f));
    // Too narrow between the panels (a small window): the whole area above the status line.
    const PanelLayout small = defaultPanelLayout({0.f, 0.f}, {640.f, 480.f}, 1.f);
    EXPECT_EQ(small.free.pos.x, 8.f);
}
