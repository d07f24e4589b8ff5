// Particles & views panel: HeartBreaker (explode / re-assemble and the physics), which views are on,
// particle colours and size, model rotation.
#include "ui.h"

#include "app.h"

namespace dicer::app {

void uiParticlesSection(App& app) {
    ParticleTuning& t = app.settings.particles;
    ViewSettings& v = app.settings.view;
    ParticlePhase phase = app.gpu->particles->phase();
    ImGui::Text("particles: %s", particlePhaseName(phase));
    if (ImGui::Button(phase == ParticlePhase::Exploding ? "Re-assemble (Space)" : "Explode (Space)"))
        app.actions.toggleExplosion = true;
    ImGui::SameLine();
    if (ImGui::Button("Defaults")) t = ParticleTuning{};
    ImGui::SliderFloat("speed", &t.speed, 0.f, 5.f, "%.2f units/s");
    ImGui::SliderFloat("noise", &t.noise, 0.f, 1.f);
    ImGui::SliderFloat("gravity", &t.gravity, 0.f, 10.f, "%.2f units/s^2");
    ImGui::SliderFloat("drag", &t.drag, 0.f, 5.f, "%.2f 1/s");
    ImGui::SliderFloat("floor", &t.floorY, -2.f, 0.f, "y = %.2f");
    ImGui::SliderFloat("bounce", &t.restitution, 0.f, 1.f);
    ImGui::SliderFloat("friction", &t.friction, 0.f, 1.f);
    ImGui::SliderFloat("return", &t.returnOmega, 0.5f, 20.f, "omega %.1f rad/s");

    ImGui::Separator();
    ImGui::Checkbox("mesh", &v.mesh);
    ImGui::SameLine();
    ImGui::Checkbox("particles", &v.particles);
    ImGui::SameLine();
    ImGui::Checkbox("atlas", &v.atlas);
    ImGui::SameLine();
    ImGui::Checkbox("list", &v.pointList);
    int color = int(v.color);
    ImGui::RadioButton("false colours", &color, int(ParticleColor::FalseColor));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The voxel's 3D texture coordinate as rgb (as in the paper)");
    ImGui::SameLine();
    ImGui::RadioButton(optionLabel("color"), &color, int(ParticleColor::ModelColor));
    optionTooltip("color");
    v.color = ParticleColor(color);
    ImGui::SliderFloat("point size", &v.pointSize, 0.25f, 4.f, "%.2f voxels");
    int render = int(v.render);
    ImGui::RadioButton("compute splats", &render, int(ParticleRender::Splats));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Compute passes + depth resolve: fast on llvmpipe too");
    ImGui::SameLine();
    ImGui::RadioButton(optionLabel("particles"), &render, int(ParticleRender::Points));
    optionTooltip("particles");
    v.render = ParticleRender(render);
    ImGui::Checkbox(optionLabel("auto-rotate"), &v.autoRotate);
    optionTooltip("auto-rotate");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.f);
    ImGui::SliderFloat("##rotate", &v.rotateDegreesPerSecond, -180.f, 180.f, "%.0f deg/s");
    if (ImGui::Button("Reset camera (R)")) app.actions.resetCamera = true;
}

} // namespace dicer::app
