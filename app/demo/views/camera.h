// Orbit camera around a target: yaw/pitch/distance, pitch clamped short of the poles (the view matrix's
// up vector would flip there). Pure maths, no input handling (input.cpp maps the mouse onto it).
#pragma once

#include <glm/glm.hpp>

namespace dicer::app {

class OrbitCamera {
public:
    static constexpr float kMaxPitch = 1.55f;   // ~89 degrees
    static constexpr float kMinDistance = 0.3f; // the volume spans [-1,1]^3
    static constexpr float kMaxDistance = 30.f;
    static constexpr float kFovY = 0.7854f; // 45 degrees
    static constexpr float kRadiansPerPixel = 0.006f;

    OrbitCamera() { reset(); }
    void reset(); // the start view: the whole volume, slightly from above

    void orbit(glm::vec2 deltaPixels);
    // Moves the target in the view plane so the point under the cursor follows it (viewport height in the
    // same units as the delta).
    void pan(glm::vec2 deltaPixels, float viewportHeight);
    void zoom(float wheelSteps); // one step = 10 % closer

    glm::vec3 eye() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const; // aspect <= 0 (minimised window) is treated as 1

    float yaw() const { return m_yaw; }
    float pitch() const { return m_pitch; }
    float distance() const { return m_distance; }
    glm::vec3 target() const { return m_target; }

private:
    float m_yaw = 0.f, m_pitch = 0.f, m_distance = 1.f;
    glm::vec3 m_target{0.f};
};

} // namespace dicer::app
