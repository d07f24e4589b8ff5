#include "camera.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace dicer::app {

void OrbitCamera::reset() {
    m_yaw = 0.6f;
    m_pitch = 0.35f;
    m_distance = 3.6f; // the 2-unit volume fills about 2/3 of a 45-degree view
    m_target = glm::vec3(0.f);
    m_shift = glm::vec2(0.f);
}

void OrbitCamera::fit(glm::vec3 halfExtent, glm::vec2 areaCentre, glm::vec2 areaHalf, float aspect) {
    if (!(aspect > 0.f) || !std::isfinite(aspect)) aspect = 1.f;
    m_target = glm::vec3(0.f);
    m_shift = areaCentre;
    // The area's half-angles' tangents: a point at view depth z and offset (x, y) projects inside it when
    // |x| <= z tx and |y| <= z ty (the shift moves the picture, not these bounds).
    const float ty = std::tan(0.5f * kFovY) * std::max(areaHalf.y, 1e-3f);
    const float tx = std::tan(0.5f * kFovY) * aspect * std::max(areaHalf.x, 1e-3f);
    m_distance = 1.f; // the view's axes do not depend on the distance
    const glm::mat4 v = view();
    const glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]), back(v[0][2], v[1][2], v[2][2]);
    float distance = kMinDistance;
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p = halfExtent * glm::vec3(corner & 1 ? 1.f : -1.f, corner & 2 ? 1.f : -1.f,
                                                   corner & 4 ? 1.f : -1.f);
        // Depth from the eye at distance d: d - dot(p, back); the corner needs d >= dot(p, back) + |x| / tx.
        const float towardEye = glm::dot(p, back);
        distance = std::max({distance, towardEye + std::abs(glm::dot(p, right)) / tx,
                             towardEye + std::abs(glm::dot(p, up)) / ty});
    }
    // That distance frames the box about its centre; in perspective its near side looks larger, so the picture
    // of the box is off-centre and smaller than the area. Closer, with the picture re-centred by the shift, it
    // fills the area: the least distance whose projected extent fits (bisection; the extent shrinks with the
    // distance), then the shift that centres it.
    const auto bounds = [&](float d, glm::vec2& lo, glm::vec2& hi) {
        m_distance = d;
        m_shift = glm::vec2(0.f);
        const glm::mat4 viewProj = projection(aspect) * view();
        lo = glm::vec2(1e30f);
        hi = glm::vec2(-1e30f);
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec4 c = viewProj * glm::vec4(halfExtent * glm::vec3(corner & 1 ? 1.f : -1.f,
                                                                             corner & 2 ? 1.f : -1.f,
                                                                             corner & 4 ? 1.f : -1.f), 1.f);
            lo = glm::min(lo, glm::vec2(c) / c.w);
            hi = glm::max(hi, glm::vec2(c) / c.w);
        }
    };
    const glm::vec2 room = 2.f * areaHalf / 1.02f; // a hair of margin
    glm::vec2 lo, hi;
    float nearD = std::max(kMinDistance, glm::length(halfExtent) * 1.001f), farD = distance; // eye outside the box
    for (int step = 0; step < 40; ++step) {
        const float mid = 0.5f * (nearD + farD);
        bounds(mid, lo, hi);
        const glm::vec2 extent = hi - lo;
        (extent.x <= room.x && extent.y <= room.y ? farD : nearD) = mid;
    }
    bounds(std::clamp(farD, kMinDistance, kMaxDistance), lo, hi);
    m_shift = areaCentre - 0.5f * (lo + hi);
}

void OrbitCamera::orbit(glm::vec2 deltaPixels) {
    m_yaw -= deltaPixels.x * kRadiansPerPixel;
    m_yaw = std::remainder(m_yaw, 2.f * 3.14159265f); // stays small however long one drags
    m_pitch = std::clamp(m_pitch + deltaPixels.y * kRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(glm::vec2 deltaPixels, float viewportHeight) {
    if (!(viewportHeight > 0.f)) return;
    float unitsPerPixel = 2.f * m_distance * std::tan(0.5f * kFovY) / viewportHeight;
    glm::mat4 v = view();
    glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]);
    m_target += (-right * deltaPixels.x + up * deltaPixels.y) * unitsPerPixel;
}

void OrbitCamera::zoom(float wheelSteps) {
    m_distance = std::clamp(m_distance * std::pow(0.9f, wheelSteps), kMinDistance, kMaxDistance);
}

glm::vec3 OrbitCamera::eye() const {
    glm::vec3 dir(std::cos(m_pitch) * std::sin(m_yaw), std::sin(m_pitch),
                  std::cos(m_pitch) * std::cos(m_yaw));
    return m_target + dir * m_distance;
}

glm::mat4 OrbitCamera::view() const {
    return glm::lookAt(eye(), m_target, glm::vec3(0.f, 1.f, 0.f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
    if (!(aspect > 0.f) || !std::isfinite(aspect)) aspect = 1.f;
    // Near/far follow the distance so zooming in never clips the volume and depth precision stays useful.
    float nearPlane = std::max(0.01f, m_distance * 0.02f);
    // The lens shift (fit): the picture moves in the framebuffer, its perspective stays centred on the target.
    const glm::mat4 shift = glm::translate(glm::mat4(1.f), glm::vec3(m_shift, 0.f));
    return shift * glm::perspective(kFovY, aspect, nearPlane, m_distance + 40.f);
}

} // namespace dicer::app
