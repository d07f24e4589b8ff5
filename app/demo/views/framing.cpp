#include "framing.h"

#include "app.h"

#include <imgui.h>

namespace dicer::app {

void keepSubjectFramed(App& app, bool now) {
    if (!app.gpu || app.framebuffer.x <= 0 || app.framebuffer.y <= 0) return;
    const ImGuiIO& io = ImGui::GetIO();
    const FramedFor current{app.settings.model, app.gpu->frame->shape(), {io.DisplaySize.x, io.DisplaySize.y},
                            app.settings.view.showUi};
    if (!now && app.framedFor == current) return;
    app.framedFor = current;
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
