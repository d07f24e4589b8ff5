#include "framing.h"

#include "app.h"

#include <imgui.h>

namespace dicer::app {

void keepSubjectFramed(App& app, bool now) {
    if (!app.gpu || app.framebuffer.x <= 0 || app.framebuffer.y <= 0) return;
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 display{io.DisplaySize.x, io.DisplaySize.y};
    const glm::vec3 shape = app.gpu->frame->shape();
    const bool panels = app.settings.view.showUi;
    const std::optional<FramedFor>& last = app.framedFor; // compared in place: a frame copies no path
    if (!now && last && last->model == app.settings.model && last->shape == shape && last->display == display &&
        last->panelsShown == panels)
        return;
    app.framedFor = FramedFor{app.settings.model, shape, display, panels};
    const FramedFor& current = *app.framedFor;
    glm::vec3 half = current.shape;
    if (!app.model.volume) { // the mesh's corners as placed (before the spin about y), as far out as they reach
        const glm::mat4 placed = app.model.fit.into(current.shape);
        const model::Mesh& mesh = app.model.mesh;
        glm::vec3 reach(0.f);
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec3 p{corner & 1 ? mesh.boundsMax.x : mesh.boundsMin.x,
                              corner & 2 ? mesh.boundsMax.y : mesh.boundsMin.y,
                              corner & 4 ? mesh.boundsMax.z : mesh.boundsMin.z};
            reach = glm::max(reach, glm::abs(glm::vec3(placed * glm::vec4(p, 1.f))));
        }
        if (reach.x > 0.f && reach.y > 0.f && reach.z > 0.f) half = glm::min(reach, current.shape);
    }
    const NdcArea area = freeAreaNdc(app.ui.layout, current.display, current.panelsShown);
    app.camera.fit(half, area.centre, area.half, float(app.framebuffer.x) / float(app.framebuffer.y));
}

} // namespace dicer::app
