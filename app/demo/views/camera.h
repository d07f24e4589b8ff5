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

    // Frames the box [-halfExtent, halfExtent] (centred at the origin) in the free area between the panels: the
    // target moves to the origin, the projection's centre to the area's centre (a lens shift: the picture still
    // covers the whole framebuffer), and the distance is the least at which every corner of the box projects
    // inside the area, seen from the current direction. The area is given in normalised device coordinates of
    // the framebuffer ([-1, 1]^2, y up): its centre and half-size.
    void fit(glm::vec3 halfExtent, glm::vec2 areaCentre, glm::vec2 areaHalf, float aspect);

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
    glm::vec2 shift() const { return m_shift; }

private:
    float m_yaw = 0.f, m_pitch = 0.f, m_distance = 1.f;
    glm::vec3 m_target{0.f};
    glm::vec2 m_shift{0.f}; // where the target lands, in normalised device coordinates (fit)
};

} // namespace dicer::app
