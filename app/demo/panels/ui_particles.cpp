// Particles & views panel: HeartBreaker (explode / re-assemble and the physics), which views are on,
// particle colours and size, model rotation.
#include "ui.h"

#include "app.h"

namespace dicer::app {

void uiParticlesSection(App& app) {
    particles::ParticleTuning& t = app.settings.particles;
    ViewSettings& v = app.settings.view;
    particles::ParticlePhase phase = app.gpu->particles->phase();
    ImGui::Text("particles: %s", particles::particlePhaseName(phase));
    if (ImGui::Button(phase == particles::ParticlePhase::Exploding ? "Re-assemble (Space)"
                                                                   : "Explode (Space)"))
        app.actions.toggleExplosion = true;
    ImGui::SameLine();
    if (ImGui::Button("Defaults")) t = particles::ParticleTuning{};
    // Labels, ranges and tooltips: the command line's rows (cli.cpp).
    optionSlider("explode-speed", t.speed, "%.2f units/s");
    optionSlider("explode-noise", t.noise, "%.3f");
    optionSlider("gravity", t.gravity, "%.2f units/s^2");
    optionSlider("drag", t.drag, "%.2f 1/s");
    optionSlider("floor", t.floorY, "%.2f half-heights");
    optionSlider("bounce", t.restitution, "%.3f");
    optionSlider("friction", t.friction, "%.3f");
    optionSlider("return", t.returnOmega, "omega %.1f rad/s");

    ImGui::Separator();
    for (ViewId id : viewIds()) { // the view table's rows, with --show-NAME's label and help
        const std::string option = std::string("show-") + viewRow(id).name;
        if (id.row > 0) sameLineIfFits(optionLabel(option));
        bool shown = v.shown.has(id);
        if (optionCheckbox(option, shown))
            if (std::optional<ViewId> hid = v.shown.show(id, shown))
                app.ui.viewNote = std::string(viewRow(id).name) + " on: " + viewRow(*hid).name +
                                  " turned off (tick it to draw both)";
    }
    hint("drawn: %s", v.shown.drawn().c_str());
    if (!app.ui.viewNote.empty()) hint("%s", app.ui.viewNote.c_str());
    int color = int(v.color);
    bool chose = ImGui::RadioButton("false colours", &color, int(particles::ParticleColor::FalseColor));
    if (ImGui::IsItemHovered())
        tooltip("The voxel's 3D texture coordinate as rgb (as in the paper)");
    const char* model = app.model.volume ? "value colours" : optionLabel("color");
    sameLineIfFits(model);
    chose |= ImGui::RadioButton(model, &color, int(particles::ParticleColor::ModelColor));
    optionTooltip("color");
    sameLineIfFits("height");
    chose |= ImGui::RadioButton("height", &color, int(particles::ParticleColor::Height));
    if (ImGui::IsItemHovered()) tooltip("The voxel's height through viridis: the colour-blind-safe false colours");
    if (chose) app.colorChosen = true; // a volume loaded later keeps this choice
    v.color = particles::ParticleColor(color);
    colorLegend(app);
    optionSlider("point-size", v.pointSize, "%.2f voxels");
    int render = int(v.render);
    // The rows of particles.h's table.
    for (const particles::ParticleRenderInfo& mode : particles::particleRenderModes()) {
        if (&mode != &particles::particleRenderModes().front()) sameLineIfFits(mode.label);
        const bool available = mode.isAvailable(app.surface.info());
        if (!available) ImGui::BeginDisabled();
        ImGui::RadioButton(mode.label, &render, int(mode.mode));
        if (!available) ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("%s%s", mode.summary, available ? "" : " (not available on this driver)");
    }
    v.render = particles::ParticleRender(render);
    if (particles::particleRenderInfo(v.render).depthSorted) {
        const options::RowInfo& buckets = optionRow("depth-buckets");
        ImGui::SliderInt(optionLabel("depth-buckets"), &v.depthBuckets, int(buckets.min), int(buckets.max),
                         "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        optionTooltip("depth-buckets");
        optionSlider("opacity", v.opacity, "%.2f");
    }
    optionCheckbox("auto-rotate", v.autoRotate);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.f);
    optionSlider("rotate-speed", v.rotateDegreesPerSecond, "%.0f deg/s", /*hideLabel=*/true);
    if (ImGui::Button("Reset camera (R)")) app.actions.resetCamera = true;
}

} // namespace dicer::app
