// The camera frames the subject in the 3D view's free area between the panels (a mesh: its bounding box as placed
// in the volume's box, made symmetric about the centre the camera turns about; a volume: the box it is drawn as):
// on a new input or a new box, when the free area changes (a resize, the panels shown or hidden), on F, and with
// the R key's reset. The user's orbit, pan and zoom stay until one of those happens.
#pragma once

#include "camera.h"
#include "settings.h"
#include "ui_layout.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>

namespace dicer::app {

struct App;

// What the framing was made for: a change of any of it frames again.
struct FramedFor {
    ModelChoice model;
    glm::vec3 shape{0.f};
    glm::vec2 display{0.f};
    bool panelsShown = true;
    bool operator==(const FramedFor&) const = default;
};

// Frames the subject when due (see above) or when `now`; the frame's box and the layout are this frame's.
void keepSubjectFramed(App& app, bool now);

} // namespace dicer::app
