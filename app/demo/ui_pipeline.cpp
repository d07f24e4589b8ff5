// Pipeline panel: the HistoPyramid variant or peer (all built at start-up: the combo switches an index),
// storage, build path, volume preset, atlas source, discriminator threshold, PointList path, active voxel
// count.
#include "ui.h"

#include "app.h"
#include "methods.h"
#include "volume_layout.h"

namespace dicer::app {

void uiPipelineSection(App& app) {
    PipelineSettings& s = app.settings.pipeline;
    const Pipeline& pipeline = *app.gpu->pipeline;
    auto methods = demoMethods();

    if (ImGui::BeginCombo("variant", methods[size_t(s.variant)].name)) {
        for (size_t i = 0; i < methods.size(); ++i) {
            if (i > 0 && methods[i].peer && !methods[i - 1].peer) {
                ImGui::Separator();
                ImGui::TextDisabled("peers (compactor.h)");
            }
            bool available = pipeline.variantAvailable(int(i));
            std::string label = std::string(methods[i].name) + (available ? "" : " (unavailable)");
            ImGuiSelectableFlags flags = available ? 0 : ImGuiSelectableFlags_Disabled;
            if (ImGui::Selectable(label.c_str(), s.variant == int(i), flags)) s.variant = int(i);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", methods[i].summary);
        }
        ImGui::EndCombo();
    }
    if (const hp::VariantInfo* variant = methods[size_t(s.variant)].variant) {
        // Shows the storage in use; the setting keeps the user's choice for the variants that have both.
        const int effective = int(hp::effectiveStorage(*variant, s.storage));
        int storage = effective;
        ImGui::BeginDisabled(!variant->supportsUint);
        ImGui::RadioButton("uint32", &storage, int(hp::Storage::Uint32));
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::RadioButton("float32 (2006)", &storage, int(hp::Storage::Float32));
        if (storage != effective) s.storage = hp::Storage(storage);
        if (!variant->supportsUint) ImGui::TextDisabled("%s filters: float32 storage only", variant->name);
        int path = int(s.buildPath);
        ImGui::RadioButton("compute", &path, int(hp::BuildPath::Compute));
        ImGui::SameLine();
        ImGui::RadioButton("fragment (2006)", &path, int(hp::BuildPath::Fragment));
        s.buildPath = hp::BuildPath(path);
    } else {
        ImGui::TextWrapped(
            "A peer: atlas -> point buffer in one call (timed as \"HP build\"), count kept on the GPU%s.",
            methods[size_t(s.variant)].peer->name == std::string_view("atomic_append")
                ? "; unordered, so particles change voxels from frame to frame"
                : "");
    }

    if (ImGui::BeginCombo("volume", s.preset.c_str())) {
        for (std::string_view name : presetNames()) {
            auto volume = presetVolume(name);
            std::string label = std::string(name) + "  (" + std::to_string(volume->x) + "x" +
                                std::to_string(volume->y) + "x" + std::to_string(volume->z) + ")";
            if (ImGui::Selectable(label.c_str(), s.preset == name)) s.preset = std::string(name);
        }
        ImGui::EndCombo();
    }
    ImGui::BeginDisabled(s.testAtlas);
    if (ImGui::BeginCombo("voxelizer", voxelMethodName(s.voxelMethod))) {
        for (VoxelMethod m : kVoxelMethods)
            if (ImGui::Selectable(voxelMethodName(m), s.voxelMethod == m)) s.voxelMethod = m;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("All methods produce the same atlas, byte for byte");
    int mode = int(s.voxelMode);
    ImGui::RadioButton("shell", &mode, int(VoxelMode::Shell));
    ImGui::SameLine();
    ImGui::RadioButton("solid", &mode, int(VoxelMode::Solid));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fills the inside: meaningful for closed meshes only");
    s.voxelMode = VoxelMode(mode);
    ImGui::SameLine();
    ImGui::Checkbox("2006 rule", &s.sliceAxisRule);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every triangle sampled along z, as the 2006 slicing (the paper's counts;\n"
                          "steep walls get holes). Off: each triangle along its dominant axis.");
    ImGui::EndDisabled();
    ImGui::Checkbox("test atlas (sphere shell)", &s.testAtlas);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The built-in sphere-shell atlas instead of the model: an exact input for the HP stages");
    ImGui::SliderFloat("threshold", &s.threshold, 0.f, 1.f, "alpha >= %.3f");
    ImGui::BeginDisabled(methods[size_t(s.variant)].peer != nullptr);
    ImGui::Checkbox("GPU-resident point list", &s.gpuResident);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("On: indirect dispatch/draw, the count never leaves the GPU.\n"
                          "Off: the paper's PointList, which reads the count back every frame (a stall).");

    ImGui::Separator();
    ImGui::TextWrapped("%s", pipeline.source().description().c_str());
    if (auto count = pipeline.activeCount())
        ImGui::TextWrapped("active voxels: %u%s", *count,
                           pipeline.countIsLate() ? "  (read back a few frames late)" : "");
    if (s.gpuResident || methods[size_t(s.variant)].peer)
        ImGui::TextDisabled("point buffer capacity: %u", pipeline.residentCapacity());
    if (!app.ui.pipelineError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", app.ui.pipelineError.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace dicer::app
