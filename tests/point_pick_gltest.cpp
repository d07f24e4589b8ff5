// Picking a point by a click (engine/particles/point_pick.h): the particle drawn nearest the pixel within the
// radius, the nearest to the eye among equals, the lowest index among identical; none past the radius; only the
// particles the control buffer's draw count covers. Positions in clip space (viewProj = identity).
#include "allocation.h"
#include "gl_test_util.h"
#include "particles_shared.h"
#include "point_pick.h"

#include <glm/glm.hpp>

#include <vector>

using namespace dicer;

namespace {

struct Cloud {
    gl::Buffer positions, control;
    std::uint32_t capacity = 0;
};

Cloud cloud(const std::vector<glm::vec4>& points, std::uint32_t drawn) {
    Cloud c;
    c.capacity = std::uint32_t(points.size());
    c.positions = gl::allocateBuffer(GLsizeiptr(points.size() * sizeof(glm::vec4)), points.data(), 0, "pick points").value();
    std::vector<std::uint32_t> control(PS_CTRL_UINTS, 0u);
    control[PS_CTRL_DRAW] = drawn;
    c.control = gl::allocateBuffer(GLsizeiptr(control.size() * 4), control.data(), 0, "pick control").value();
    return c;
}

} // namespace

TEST(PointPick, NearestToThePixelThenToTheEye) {
    gl::ShaderLibrary shaders;
    Result<particles::PointPick> made = particles::PointPick::create(shaders, test::context().info());
    ASSERT_TRUE(made) << made.error();
    particles::PointPick& pick = made.value();
    // On a 100 x 100 window: (0, 0) is pixel (50, 50); 0.02 in x is one pixel.
    const std::vector<glm::vec4> points{{0.f, 0.f, 0.5f, 1.f},   {0.02f, 0.f, -0.9f, 1.f}, {0.5f, 0.5f, 0.f, 1.f},
                                        {0.f, 0.f, 0.2f, 1.f},   {-0.9f, -0.9f, 0.f, 1.f}, {0.f, 0.f, 0.2f, 1.f},
                                        {0.f, 0.f, 1.5f, 1.f}};
    Cloud all = cloud(points, std::uint32_t(points.size()));
    const glm::mat4 id(1.f);
    const glm::vec2 display(100.f);
    auto at = [&](const Cloud& c, glm::vec2 pixel, float radius) {
        return pick.pick({c.positions.id(), c.control.id(), c.capacity}, id, pixel, display, radius);
    };
    // 0, 3 and 5 at the pixel: 3 and 5 nearer the eye than 0, 3 the lower index; 1 a pixel off (the nearest to
    // the eye of all, but farther on screen); 6 beyond the far plane is never drawn.
    EXPECT_EQ(at(all, {50.f, 50.f}, 4.f), std::optional<std::uint32_t>(3u));
    EXPECT_EQ(at(all, {75.f, 25.f}, 4.f), std::optional<std::uint32_t>(2u)); // y down: ndc y 0.5 is pixel 25
    EXPECT_EQ(at(all, {51.f, 50.f}, 4.f), std::optional<std::uint32_t>(1u));
    EXPECT_EQ(at(all, {10.f, 10.f}, 2.f), std::nullopt);
    EXPECT_EQ(at(all, {5.f, 95.f}, 2.f), std::optional<std::uint32_t>(4u));
    // Only the particles drawn: 3 and 5 are past a draw count of 3.
    Cloud three = cloud(points, 3u);
    EXPECT_EQ(at(three, {50.f, 50.f}, 4.f), std::optional<std::uint32_t>(0u));
    DICER_EXPECT_NO_GL_ERROR();
}
