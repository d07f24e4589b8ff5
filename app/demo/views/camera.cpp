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
    return glm::perspective(kFovY, aspect, nearPlane, m_distance + 40.f);
}

} // namespace dicer::app
