// What each row of the view table draws (view_table.h), and the 'views' stage that draws every shown row.
#pragma once

#include "app.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace dicer::app {

// What a view draws with this frame: the 3D views the camera's transform and the light; the panels' images what
// they show (they are redrawn only when it changes).
struct ViewPass {
    glm::mat4 viewProj{1.f};
    glm::vec3 light{0.f, 1.f, 0.f};
    PanelInputs panel;
};

using DrawView = void (*)(App& app, const ViewPass& pass);
// A view's hook, by its row of the view table (an id of that table).
DrawView viewDraw(ViewId id);

} // namespace dicer::app
